import { describe, expect, it } from 'vitest';
import type { NodusObject } from '../../../shared/protocol.ts';
import { clearDraft, draftKey, loadDraft, saveDraft } from './draft-store.ts';

function memoryStorage(limit = Infinity) {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (v.length > limit) throw new DOMException('quota', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
  };
}

const base: NodusObject = { apiVersion: 'nodus.dev/v1', kind: 'Budget', metadata: { name: 'b', resourceVersion: '7' }, spec: { limitUSD: '1.00' } };

describe('draft store', () => {
  it('keeps one draft per project, kind and name, with the object it started from', () => {
    const store = memoryStorage();
    const key = draftKey('nlp', 'budgets', 'b');
    expect(key).not.toBe(draftKey('cv', 'budgets', 'b'));
    expect(saveDraft(key, { text: 'spec: {}', base, savedAt: 't' }, store)).toBe(true);
    expect(loadDraft(key, store)).toEqual({ text: 'spec: {}', base, savedAt: 't' });
    expect(loadDraft(draftKey('cv', 'budgets', 'b'), store)).toBeUndefined();
    clearDraft(key, store);
    expect(loadDraft(key, store)).toBeUndefined();
  });

  it('says so when the browser will not keep it, and ignores what it cannot read', () => {
    const store = memoryStorage(10);
    expect(saveDraft('k', { text: 'x'.repeat(100), base, savedAt: 't' }, store)).toBe(false);
    const broken = memoryStorage();
    broken.setItem('k', '{not json');
    expect(loadDraft('k', broken)).toBeUndefined();
    broken.setItem('k', JSON.stringify({ text: 1 }));
    expect(loadDraft('k', broken)).toBeUndefined();
    expect(saveDraft('k', { text: '', base, savedAt: 't' }, undefined)).toBe(false);
  });
});
