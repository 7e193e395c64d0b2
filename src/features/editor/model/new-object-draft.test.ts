import { describe, expect, test } from 'vitest';
import { startingDraft, swapSetAside } from './new-object-draft.ts';

describe('startingDraft', () => {
  test('the stored draft, else the template', () => {
    expect(startingDraft({ text: 'mine', savedAt: 't0' }, undefined, 'tpl', 't1')).toEqual({
      text: 'mine',
      savedAt: 't0',
    });
    expect(startingDraft(undefined, undefined, 'tpl', 't1')).toEqual({ text: 'tpl', savedAt: 't1' });
  });

  test('incoming text wins and a different stored draft is set aside, not lost', () => {
    const next = startingDraft({ text: 'mine', savedAt: 't0' }, 'from edit', 'tpl', 't1');
    expect(next).toEqual({ text: 'from edit', savedAt: 't1', setAside: { text: 'mine', savedAt: 't0' } });
    // Restoring swaps, so the incoming text is not lost either.
    expect(swapSetAside(next, 't2')).toEqual({
      text: 'mine',
      savedAt: 't2',
      setAside: { text: 'from edit', savedAt: 't1' },
    });
    // The same text arriving again sets nothing aside.
    expect(startingDraft({ text: 'from edit', savedAt: 't0' }, 'from edit', 'tpl', 't1').setAside).toBeUndefined();
  });
});
