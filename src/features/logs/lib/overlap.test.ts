import { describe, expect, it } from 'vitest';
import type { LogLine } from './log-line.ts';
import { OlderCollector, ResumeCursor } from './overlap.ts';

/** Line i of a log whose stamps repeat in pairs (two lines per instant), as fast writers do. */
function line(i: number): LogLine {
  return { ts: new Date(Date.UTC(2026, 11, 2, 10) + Math.floor(i / 2)).toISOString(), text: `line ${i}` };
}
const log = (from: number, to: number): LogLine[] => Array.from({ length: to - from }, (_, k) => line(from + k));

describe('ResumeCursor', () => {
  it('drops what is already held, including lines sharing the last stamp, and keeps every new line', () => {
    // Held: lines 0..6 (line 6 shares its stamp with line 7, which was not received before the drop).
    const cursor = new ResumeCursor(line(6), 1);
    // The server answers from the start of that second: lines 0..12.
    const fresh = log(0, 13).filter((l) => cursor.accept(l));
    expect(fresh.map((l) => l.text)).toEqual(log(7, 13).map((l) => l.text));
  });

  it('skips both lines of a shared stamp when both were held', () => {
    const cursor = new ResumeCursor(line(7), 2);
    expect(
      log(0, 10)
        .filter((l) => cursor.accept(l))
        .map((l) => l.text),
    ).toEqual(['line 8', 'line 9']);
  });

  it('accepts everything when nothing was held', () => {
    const cursor = new ResumeCursor(undefined, 0);
    expect(log(0, 3).filter((l) => cursor.accept(l))).toHaveLength(3);
  });
});

describe('OlderCollector', () => {
  it('finds the page before the oldest held line although the log grew meanwhile', () => {
    // Held: lines 101..150 (line 101 shares its stamp with line 100, not held). Page of 20.
    // Asked for tailLines = 50 held + 20 + 10 slack = 80, but 15 lines were written since: the answer is 86..165.
    const collector = new OlderCollector(line(101), 1, 20);
    collector.feed(log(86, 166));
    const page = collector.result(80);
    expect(page.found).toBe(true);
    expect(page.atStart).toBe(false);
    expect(page.lines.map((l) => l.text)).toEqual(log(86, 101).map((l) => l.text));
  });

  it('says so when the log grew past the slack and the answer starts after the held lines', () => {
    const collector = new OlderCollector(line(101), 1, 20);
    collector.feed(log(120, 200));
    expect(collector.result(80).found).toBe(false);
  });

  it('reaches the start of the log: an answer shorter than asked for is the whole log', () => {
    const collector = new OlderCollector(line(10), 2, 20);
    collector.feed(log(0, 30));
    const page = collector.result(80);
    expect(page).toMatchObject({ found: true, atStart: true });
    expect(page.lines.map((l) => l.text)).toEqual(log(0, 10).map((l) => l.text));
  });

  it('keeps only one page in memory however long the answer', () => {
    const collector = new OlderCollector(line(100_001), 1, 100);
    collector.feed(log(0, 200_000));
    const page = collector.result(1_000_000);
    expect(page.lines).toHaveLength(100);
    expect(page.lines[0]?.text).toBe('line 99901');
    expect(page.atStart).toBe(false);
  });
});
