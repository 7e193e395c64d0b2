import { describe, expect, it } from 'vitest';
import { RingBuffer } from './ring-buffer.ts';

describe('RingBuffer', () => {
  it('keeps the newest `capacity` items and numbers them by sequence', () => {
    const ring = new RingBuffer<number>(3);
    expect(ring.pushBack([1, 2])).toBe(0);
    expect(ring.pushBack([3, 4, 5])).toBe(2);
    expect(ring.slice()).toEqual([3, 4, 5]);
    expect(ring.headSeq).toBe(2);
    expect(ring.endSeq).toBe(5);
    expect(ring.bySeq(2)).toBe(3);
    expect(ring.bySeq(1)).toBeUndefined();
  });

  it('takes a batch larger than its capacity in one go', () => {
    const ring = new RingBuffer<number>(4);
    ring.pushBack([0, 1]);
    expect(ring.pushBack(Array.from({ length: 10 }, (_, i) => 100 + i))).toBe(8);
    expect(ring.slice()).toEqual([106, 107, 108, 109]);
    expect(ring.headSeq).toBe(8);
    expect(ring.size).toBe(4);
  });

  it('prepends older items with lower sequence numbers, evicting the newest when full', () => {
    const ring = new RingBuffer<string>(4);
    ring.pushBack(['c', 'd', 'e']);
    expect(ring.pushFront(['a', 'b'])).toBe(1);
    expect(ring.slice()).toEqual(['a', 'b', 'c', 'd']);
    expect(ring.headSeq).toBe(-2);
    expect(ring.bySeq(0)).toBe('c');
  });

  it('stays bounded through a million pushes', () => {
    const ring = new RingBuffer<number>(1000);
    for (let i = 0; i < 1000; i++) ring.pushBack(Array.from({ length: 1000 }, (_, k) => i * 1000 + k));
    expect(ring.size).toBe(1000);
    expect(ring.at(0)).toBe(999_000);
    expect(ring.at(999)).toBe(999_999);
    expect(ring.at(1000)).toBeUndefined();
  });
});
