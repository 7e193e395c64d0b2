/**
 * How often a first list's pages are shown while it arrives. The first page is shown at once; then each showing
 * merges the new objects into the sorted rows and draws the table again, which at tens of thousands of objects is
 * worth doing a few times, not per page.
 */
export interface PartialListPacing {
  /** At most this often... */
  everyMs: number;
  /** ...until this many objects are listed, then at most every `longEveryMs`. */
  longAfter: number;
  longEveryMs: number;
}

const PARTIAL_LIST_MS = 300;
/**
 * Past 10,000 objects, once a second: a showing then costs the page's thread about as much as reading a page,
 * and a list that long is read by its count and scroll bar, not row by row as it grows.
 */
export const DEFAULT_PACING: PartialListPacing = { everyMs: PARTIAL_LIST_MS, longAfter: 10_000, longEveryMs: 1000 };

/** The least time between two showings once `loaded` objects are listed. */
export function showingInterval(pacing: PartialListPacing = DEFAULT_PACING, loaded: number): number {
  return loaded > pacing.longAfter ? pacing.longEveryMs : pacing.everyMs;
}
