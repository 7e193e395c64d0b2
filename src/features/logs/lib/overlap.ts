/**
 * Aligning what the server sends again with what the viewer already holds, with nothing but PodLogOptions:
 *
 * - Resume (a followed stream dropped): ask again with sinceTime = the last held line's second. The answer starts
 *   at or before that line; `ResumeCursor` drops lines older than it, and of the lines sharing its timestamp as
 *   many as are already held, so nothing is shown twice and nothing is lost.
 * - Older pages: ask for tailLines = (lines held) + page + slack. The log may have grown meanwhile, so the answer's
 *   end is not where ours is; the oldest held line is found by its timestamp instead (and, when several lines share
 *   it, by how many of them we hold), and only the page before it is kept (`OlderCollector`, bounded by the page).
 */
import { timeKey, type LogLine } from './log-line.ts';

export class ResumeCursor {
  private readonly lastKey: string;
  private skipAtLast: number;
  private passed = false;

  /** `last`: the newest held line; `heldAtLast`: how many held lines share its timestamp. */
  constructor(last: LogLine | undefined, heldAtLast: number) {
    this.lastKey = last?.ts ? timeKey(last.ts) : '';
    this.skipAtLast = heldAtLast;
    this.passed = !last?.ts;
  }

  /** Past the overlap: every line from here on is new. */
  get done(): boolean {
    return this.passed;
  }

  /** Whether `line` is new. Call in order for every line of the resumed stream. */
  accept(line: LogLine): boolean {
    if (this.passed) return true;
    if (!line.ts) return true;
    const key = timeKey(line.ts);
    if (key < this.lastKey) return false;
    if (key === this.lastKey && this.skipAtLast > 0) {
      this.skipAtLast--;
      return false;
    }
    this.passed = true;
    return true;
  }
}

export interface OlderPage {
  /** The lines just before the oldest held one, oldest first, at most `pageSize`. */
  lines: LogLine[];
  /** The oldest held line was found in the answer (when not, the log grew faster than the slack: ask for more). */
  found: boolean;
  /** Nothing older exists: the answer held the whole log and the page took all of it. */
  atStart: boolean;
}

export class OlderCollector {
  private readonly anchorKey: string;
  private readonly heldAtAnchor: number;
  /** Lines strictly before the anchor's timestamp (a ring of the last pageSize + heldAtAnchor). */
  private before: LogLine[] = [];
  /** The run of lines sharing the anchor's timestamp. */
  private run: LogLine[] = [];
  private beforeCount = 0;
  /** Past the anchor's run: the rest is only counted. */
  private done = false;
  private received = 0;

  /** `oldest`: the oldest held line; `heldAtAnchor`: how many of the first held lines share its timestamp. */
  constructor(
    oldest: LogLine,
    heldAtAnchor: number,
    private readonly pageSize: number,
  ) {
    this.anchorKey = timeKey(oldest.ts);
    this.heldAtAnchor = Math.max(1, heldAtAnchor);
  }

  /** Feed the answer's lines in order, all of them (its length tells whether it was the whole log). */
  feed(lines: readonly LogLine[]): void {
    for (const line of lines) {
      this.received++;
      if (this.done) continue;
      const key = timeKey(line.ts);
      if (key < this.anchorKey) {
        this.before.push(line);
        this.beforeCount++;
        if (this.before.length > this.pageSize * 2) this.before = this.before.slice(-this.pageSize);
      } else if (key === this.anchorKey) {
        this.run.push(line);
      } else {
        this.done = true;
      }
    }
  }

  /** `requested`: the tailLines asked for; an answer shorter than that is the whole log. */
  result(requested: number): OlderPage {
    const wholeLog = this.received < requested;
    // The held lines are the last `heldAtAnchor` of the anchor's run; what precedes them in the run is older.
    const olderInRun = this.run.length - this.heldAtAnchor;
    // Found when the answer reaches back before the held lines: lines with an earlier stamp, older lines of the
    // run, or an answer that is the whole log (then nothing more is older).
    const found = olderInRun >= 0 && (this.beforeCount > 0 || olderInRun > 0 || wholeLog);
    // Not found in the whole log: the oldest held line is no longer kept by the server (rotated away).
    if (!found) return { lines: [], found: false, atStart: wholeLog };
    const older = [...this.before, ...this.run.slice(0, olderInRun)];
    const total = this.beforeCount + olderInRun;
    return { lines: older.slice(-this.pageSize), found: true, atStart: wholeLog && total <= this.pageSize };
  }
}
