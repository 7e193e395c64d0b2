import { describe, expect, test } from 'vitest';
import { draftKey, loadDraft, removeDraft, saveDraft, startingDraft, swapSetAside, type DraftStore } from './draft-storage.ts';

function memoryStore(): DraftStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('draft storage', () => {
  test('one draft per project and kind; survives a round trip; holds no key', () => {
    const store = memoryStore();
    expect(saveDraft(store, 'nlp', 'jobs', { text: 'a', savedAt: 't1' })).toBe(true);
    saveDraft(store, 'nlp', 'sandboxes', { text: 'b', savedAt: 't1' });
    expect(loadDraft(store, 'nlp', 'jobs')).toEqual({ text: 'a', savedAt: 't1' });
    expect(loadDraft(store, 'vision', 'jobs')).toBeUndefined();
    expect([...store.map.keys()]).toEqual([draftKey('nlp', 'jobs'), draftKey('nlp', 'sandboxes')]);
    removeDraft(store, 'nlp', 'jobs');
    expect(loadDraft(store, 'nlp', 'jobs')).toBeUndefined();
  });

  test('garbage and a refusing store are survived', () => {
    const store = memoryStore();
    store.map.set(draftKey('p', 'jobs'), '{not json');
    expect(loadDraft(store, 'p', 'jobs')).toBeUndefined();
    const full: DraftStore = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined };
    expect(saveDraft(full, 'p', 'jobs', { text: 'x', savedAt: 't' })).toBe(false);
    expect(saveDraft(undefined, 'p', 'jobs', { text: 'x', savedAt: 't' })).toBe(false);
  });
});

describe('startingDraft', () => {
  test('the stored draft, else the template', () => {
    expect(startingDraft({ text: 'mine', savedAt: 't0' }, undefined, 'tpl', 't1')).toEqual({ text: 'mine', savedAt: 't0' });
    expect(startingDraft(undefined, undefined, 'tpl', 't1')).toEqual({ text: 'tpl', savedAt: 't1' });
  });

  test('incoming text wins and a different stored draft is set aside, not lost', () => {
    const next = startingDraft({ text: 'mine', savedAt: 't0' }, 'from edit', 'tpl', 't1');
    expect(next).toEqual({ text: 'from edit', savedAt: 't1', setAside: { text: 'mine', savedAt: 't0' } });
    // Restoring swaps, so the incoming text is not lost either.
    expect(swapSetAside(next, 't2')).toEqual({ text: 'mine', savedAt: 't2', setAside: { text: 'from edit', savedAt: 't1' } });
    // The same text arriving again sets nothing aside.
    expect(startingDraft({ text: 'from edit', savedAt: 't0' }, 'from edit', 'tpl', 't1').setAside).toBeUndefined();
  });
});
