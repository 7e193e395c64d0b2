import { describe, expect, it } from 'vitest';
import { parseNewObjectDraft } from '../features/editor/model/new-object-draft.ts';
import { parseEditDraft } from '../features/object-edit/model/edit-draft.ts';
import type { NodusObject } from '../shared/protocol.ts';
import { draftKey, legacyDraftKey, loadDraft, removeDraft, saveDraft, type DraftStorage } from './draft-store.ts';

function memoryStorage(limit = Infinity): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (v.length > limit) throw new DOMException('quota', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
  };
}

const base: NodusObject = {
  apiVersion: 'nodus.dev/v1',
  kind: 'Budget',
  metadata: { name: 'b', resourceVersion: '7' },
  spec: { limitUSD: '1.00' },
};
const edit = { project: 'nlp', plural: 'budgets', name: 'b' };
const fresh = { project: 'nlp', plural: 'jobs' };

describe('draft store', () => {
  it('keeps one new-object draft per project and kind, and one edit per object, apart', () => {
    const store = memoryStorage();
    expect(saveDraft(fresh, { text: 'a', savedAt: 't1' }, store)).toBe(true);
    expect(saveDraft(edit, { text: 'spec: {}', base, savedAt: 't' }, store)).toBe(true);
    expect(loadDraft(fresh, parseNewObjectDraft, store)).toEqual({ text: 'a', savedAt: 't1' });
    expect(loadDraft(edit, parseEditDraft, store)).toEqual({ text: 'spec: {}', base, savedAt: 't' });
    expect(loadDraft({ ...fresh, project: 'vision' }, parseNewObjectDraft, store)).toBeUndefined();
    expect(loadDraft({ ...edit, project: 'cv' }, parseEditDraft, store)).toBeUndefined();
    expect([...store.items.keys()]).toEqual([draftKey(fresh), draftKey(edit)]);
    removeDraft(fresh, store);
    removeDraft(edit, store);
    expect(store.items.size).toBe(0);
  });

  it('moves a draft kept under either old key to the new one, so no unsaved edit is lost', () => {
    const store = memoryStorage();
    store.items.set('nodus.console.draft.v1/nlp/jobs', JSON.stringify({ text: 'old new-object draft', savedAt: 't0' }));
    store.items.set(
      'nodus-console:edit-draft:v1:nlp/budgets/b',
      JSON.stringify({ text: 'old edit', base, savedAt: 't0' }),
    );
    expect(legacyDraftKey(fresh)).toBe('nodus.console.draft.v1/nlp/jobs');
    expect(loadDraft(fresh, parseNewObjectDraft, store)).toEqual({ text: 'old new-object draft', savedAt: 't0' });
    expect(loadDraft(edit, parseEditDraft, store)).toEqual({ text: 'old edit', base, savedAt: 't0' });
    expect([...store.items.keys()].sort()).toEqual([draftKey(edit), draftKey(fresh)].sort());
    // A store that refuses the new copy keeps the old one.
    const full = memoryStorage(0);
    full.items.set('nodus.console.draft.v1/nlp/jobs', JSON.stringify({ text: 'x', savedAt: 't0' }));
    expect(loadDraft(fresh, parseNewObjectDraft, full)).toEqual({ text: 'x', savedAt: 't0' });
    expect(full.items.has('nodus.console.draft.v1/nlp/jobs')).toBe(true);
  });

  it('says so when the browser will not keep it, and ignores what it cannot read', () => {
    expect(saveDraft(edit, { text: 'x'.repeat(100), base, savedAt: 't' }, memoryStorage(10))).toBe(false);
    expect(saveDraft(fresh, { text: 'x', savedAt: 't' }, undefined)).toBe(false);
    const broken = memoryStorage();
    broken.setItem(draftKey(edit), '{not json');
    expect(loadDraft(edit, parseEditDraft, broken)).toBeUndefined();
    broken.setItem(draftKey(edit), JSON.stringify({ text: 1 }));
    expect(loadDraft(edit, parseEditDraft, broken)).toBeUndefined();
    broken.setItem(draftKey(fresh), JSON.stringify({ nope: true }));
    expect(loadDraft(fresh, parseNewObjectDraft, broken)).toBeUndefined();
  });
});
