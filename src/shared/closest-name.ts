/**
 * "Did you mean": the known name within two edits of a mistyped one (case aside). The mock's admission and the
 * console's editor suggest the same name for the same typo. Pure; imports nothing.
 */

/** A typo is short: measuring a 500 KB key against every field would stall the caller for nothing. */
const LONGEST = 64;

export function closestName(key: string, known: readonly string[]): string | undefined {
  if (key.length > LONGEST) return undefined;
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, one row at a time. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
