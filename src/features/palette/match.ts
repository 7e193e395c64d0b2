/**
 * Ranking for the command palette: what you type is matched against each entry's label (and keywords), best
 * first: the whole label, then its start, then the start of a word, then anywhere, then its letters in order
 * ("fl" finds "finetune-llama"). No match: no entry.
 */

export interface Matchable {
  label: string;
  keywords?: readonly string[];
}

/** Lower is better; undefined when the entry does not match. */
export function matchScore(query: string, entry: Matchable): number | undefined {
  const q = query.trim().toLowerCase();
  if (!q) return 0;
  let best: number | undefined;
  for (const [i, text] of [entry.label, ...(entry.keywords ?? [])].entries()) {
    const score = scoreText(q, text.toLowerCase());
    // Keywords rank a little below the label itself, and must hold what was typed as it was typed: scattered
    // letters across "project/name" would match almost anything.
    if (score === undefined || (i > 0 && score >= 4)) continue;
    best = Math.min(best ?? Infinity, score + (i === 0 ? 0 : 0.5));
  }
  return best;
}

function scoreText(q: string, text: string): number | undefined {
  if (text === q) return 0;
  if (text.startsWith(q)) return 1;
  const at = text.indexOf(q);
  if (at > 0) return /[-_./\s]/.test(text[at - 1] ?? '') ? 2 : 3;
  let from = 0;
  for (const ch of q) {
    const found = text.indexOf(ch, from);
    if (found < 0) return undefined;
    from = found + 1;
  }
  return 4;
}

/** The entries that match, best first, stable among equals. */
export function rank<T extends Matchable>(query: string, entries: readonly T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index, score: matchScore(query, entry) }))
    .filter((m): m is { entry: T; index: number; score: number } => m.score !== undefined)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((m) => m.entry);
}
