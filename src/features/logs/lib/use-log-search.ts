/**
 * Which held lines match the search (case-insensitive, on the text without ANSI codes), kept up to date
 * incrementally: a new batch of a followed log is scanned alone, evicted lines fall off the front, and only a new
 * query (or older lines put in front) scans everything held again.
 */
import { useMemo } from 'react';
import { plainText } from './log-line.ts';
import type { LogSession } from './log-session.ts';

interface Scan {
  query: string;
  from: number;
  to: number;
  /** Sequence numbers of matching lines, ascending. */
  matches: number[];
}

function lineMatches(session: LogSession, seq: number, needle: string): boolean {
  const line = session.ring.bySeq(seq);
  return line !== undefined && plainText(line.text).toLowerCase().includes(needle);
}

/** The first index of `sorted` whose value is ≥ `value`. */
export function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The last scan of each session (a cache outside React: its result is derived, never state). */
const scans = new WeakMap<LogSession, Scan>();

export function useLogSearch(session: LogSession, version: number, query: string): readonly number[] {
  return useMemo(() => {
    void version; // recomputed per batch of lines
    const needle = query.toLowerCase();
    if (needle === '') return [];
    const { headSeq, endSeq } = session.ring;
    const prev = scans.get(session);
    let next: Scan;
    if (prev && prev.query === query && headSeq >= prev.from && endSeq >= prev.to) {
      const keep = prev.matches.slice(lowerBound(prev.matches, headSeq));
      for (let seq = prev.to; seq < endSeq; seq++) if (lineMatches(session, seq, needle)) keep.push(seq);
      next = { query, from: headSeq, to: endSeq, matches: keep };
    } else {
      const matches: number[] = [];
      for (let seq = headSeq; seq < endSeq; seq++) if (lineMatches(session, seq, needle)) matches.push(seq);
      next = { query, from: headSeq, to: endSeq, matches };
    }
    scans.set(session, next);
    return next.matches;
  }, [session, version, query]);
}
