import { describe, expect, it } from 'vitest';
import { ByteBlock, indexLines, linesOf } from './line-block.ts';
import { LineRing } from './line-ring.ts';
import type { LogLine } from './log-line.ts';

const lines = (...texts: (string | number)[]): LogLine[] => texts.map((t) => ({ ts: '', text: String(t) }));
const texts = (ring: LineRing): string[] => ring.slice().map((l) => l.text);

describe('LineRing', () => {
  it('keeps the newest `capacity` lines and numbers them by sequence', () => {
    const ring = new LineRing(3);
    expect(ring.pushBack(lines(1, 2))).toBe(0);
    expect(ring.pushBack(lines(3, 4, 5))).toBe(2);
    expect(texts(ring)).toEqual(['3', '4', '5']);
    expect(ring.headSeq).toBe(2);
    expect(ring.endSeq).toBe(5);
    expect(ring.bySeq(2)?.text).toBe('3');
    expect(ring.bySeq(1)).toBeUndefined();
  });

  it('takes a batch larger than its capacity in one go', () => {
    const ring = new LineRing(4);
    ring.pushBack(lines(0, 1));
    expect(ring.pushBack(lines(...Array.from({ length: 10 }, (_, i) => 100 + i)))).toBe(8);
    expect(texts(ring)).toEqual(['106', '107', '108', '109']);
    expect(ring.headSeq).toBe(8);
    expect(ring.size).toBe(4);
  });

  it('prepends older lines with lower sequence numbers, evicting the newest when full', () => {
    const ring = new LineRing(4);
    ring.pushBack(lines('c', 'd', 'e'));
    expect(ring.pushFront(lines('a', 'b'))).toBe(1);
    expect(texts(ring)).toEqual(['a', 'b', 'c', 'd']);
    expect(ring.headSeq).toBe(-2);
    expect(ring.bySeq(0)?.text).toBe('c');
  });

  it('stays bounded through a million lines pushed a thousand at a time', () => {
    const ring = new LineRing(1000);
    for (let i = 0; i < 1000; i++) ring.pushBack(lines(...Array.from({ length: 1000 }, (_, k) => i * 1000 + k)));
    expect(ring.size).toBe(1000);
    expect(ring.at(0)?.text).toBe('999000');
    expect(ring.at(999)?.text).toBe('999999');
    expect(ring.at(1000)).toBeUndefined();
  });

  it('reads lines across blocks of bytes, parsed only when read', () => {
    const ring = new LineRing(5);
    const encode = (text: string) => new TextEncoder().encode(text);
    const a = encode('2026-12-02T11:22:33.1Z first\n2026-12-02T11:22:34Z 日本語 <b>x</b>\n');
    const b = encode('no stamp\r\n\n2026-12-02T11:22:35+01:00 last');
    ring.pushBack(new ByteBlock(a, indexLines(a)));
    ring.pushBack(new ByteBlock(b, indexLines(b, true)));
    expect(ring.slice()).toEqual([
      { ts: '2026-12-02T11:22:33.1Z', text: 'first' },
      { ts: '2026-12-02T11:22:34Z', text: '日本語 <b>x</b>' },
      { ts: '', text: 'no stamp\r' },
      { ts: '', text: '' },
      { ts: '2026-12-02T11:22:35+01:00', text: 'last' },
    ]);
    // A sixth line evicts the oldest, from inside the first block.
    ring.pushBack(lines('sixth'));
    expect(ring.at(0)?.text).toBe('日本語 <b>x</b>');
    expect(ring.headSeq).toBe(1);
  });
});

describe('indexLines', () => {
  it('leaves an unended last line out unless asked, and finds what a line parser finds', () => {
    const bytes = new TextEncoder().encode('2026-12-02T11:22:33Z a\n2026-13 not a stamp\npartial');
    expect(new ByteBlock(bytes, indexLines(bytes)).length).toBe(2);
    const all = linesOf(new ByteBlock(bytes, indexLines(bytes, true)));
    expect(all).toEqual([
      { ts: '2026-12-02T11:22:33Z', text: 'a' },
      { ts: '', text: '2026-13 not a stamp' },
      { ts: '', text: 'partial' },
    ]);
  });
});
