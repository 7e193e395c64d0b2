import { describe, expect, it } from 'vitest';
import { RowSlots } from './row-slots.ts';

describe('RowSlots', () => {
  it('keeps the slot of a row that stays in view, wherever it moves', () => {
    const slots = new RowSlots();
    const first = slots.assign(['a', 'b', 'c']);
    expect(first).toEqual([0, 1, 2]);
    const next = slots.assign(['b', 'c', 'd']);
    expect(next.slice(0, 2)).toEqual([1, 2]);
  });

  it('gives a row that comes into view the slot of one that left, and never one slot to two rows', () => {
    const slots = new RowSlots();
    slots.assign(['a', 'b', 'c']);
    // A fling: every row replaced; the same three slots are reused.
    expect([...slots.assign(['x', 'y', 'z'])].sort()).toEqual([0, 1, 2]);
    const more = slots.assign(['z', 'p', 'q', 'r']);
    expect(more[0]).toBe(2);
    expect(new Set(more).size).toBe(4);
  });

  it('grows and shrinks with the number of rows in view', () => {
    const slots = new RowSlots();
    slots.assign(['a']);
    const grown = slots.assign(['a', 'b', 'c', 'd']);
    expect(grown[0]).toBe(0);
    expect(new Set(grown).size).toBe(4);
    const shrunk = slots.assign(['d']);
    expect(shrunk).toEqual([grown[3]]);
    const again = slots.assign(['e', 'f']);
    expect(again).toContain(shrunk[0]);
    expect(new Set(again).size).toBe(2);
  });
});
