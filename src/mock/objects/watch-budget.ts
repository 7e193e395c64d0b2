/**
 * What open watches hold unsent: each one's bytes that its client's socket has not taken yet, and their sum. A
 * watch past its own limit is cut off, so is one whose client has taken nothing for a while, and so are the largest
 * ones when the sum passes the server's bound, so that clients that read slowly (or not at all) cannot take the
 * memory every other client is served from. A cut watch's
 * connection is destroyed at once, dropping what was queued for it: ending it would keep every queued byte until
 * a client that is not reading reads it. The client resumes from the last event it received.
 */
import type { ServerResponse } from 'node:http';

export interface WatchLimits {
  /** Unsent bytes one watch may hold. */
  perWatch: number;
  /** Unsent bytes all watches together may hold. */
  total: number;
  /** How long a watch's client may take nothing while its output waits (0: no limit). */
  stallMs: number;
}

export type CutReason = 'own' | 'stalled' | 'crowd';

export interface WatchAccount {
  /** Takes note of what the watch holds after a write of `bytes`; says why it must be cut, if it must. */
  wrote: (bytes: number) => CutReason | undefined;
  /** Cuts the watch off and counts it (the watch's own cut runs, which releases the account). */
  cut: (reason: CutReason) => void;
  /** Forgets the watch (it closed). */
  release: () => void;
  /** From now on the watch is written the same bytes as the others of `share` (its fan-out group). */
  share: (share: object) => void;
}

export interface WatchBudgetStats {
  /** Watches open (or ending, with bytes still queued). */
  watches: number;
  /** Their unsent bytes, as last seen. */
  unsentBytes: number;
  /** The same with bytes queued for many watches counted once: what their queues take of the memory. */
  heldBytes: number;
  /** Watches cut off since the server started: over their own limit, stalled, and to keep the sum under the bound. */
  cutOwn: number;
  cutStalled: number;
  cutCrowd: number;
}

interface Entry {
  res: ServerResponse;
  held: number;
  /** Watches with the same share write the same bytes (a fan-out group): what they hold is counted once. */
  share: object;
  /** When the client last took some of the output (or had little waiting). */
  moved: number;
  cut: () => void;
}

/** Output a socket's own buffer holds before a write reports it full: below it a watch is never stalled. */
const STALL_FLOOR = 64 * 1024;

/** Cut down to this share of the bound, so that a crowd held at the bound does not lose one watch per write. */
const LOW_WATER = 0.75;
/** The cuts are logged at most once in this long, however many watches were cut. */
export const CUT_LOG_INTERVAL_MS = 10_000;

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 2 : 0)} MiB`;

export class WatchBudget {
  private readonly entries = new Set<Entry>();
  private total = 0;
  private readonly counts = { own: 0, stalled: 0, crowd: 0 };
  /** Cuts not logged yet: how many, for which reason, and the bytes they dropped. */
  private unlogged = { own: 0, stalled: 0, crowd: 0, bytes: 0 };
  private logTimer: NodeJS.Timeout | undefined;
  private checkQueued = false;

  private readonly log: (line: string) => void;
  private readonly now: () => number;

  constructor(
    private readonly limits: WatchLimits,
    options: { log?: (line: string) => void; now?: () => number } = {},
  ) {
    this.log = options.log ?? ((line) => console.warn(line));
    this.now = options.now ?? (() => performance.now());
  }

  /** Counts a watch's unsent bytes until release(); `cut` closes it at once (and must call release). */
  track(res: ServerResponse, cut: () => void): WatchAccount {
    const entry: Entry = { res, held: 0, share: {}, moved: this.now(), cut };
    this.entries.add(entry);
    // A write that filled the socket's buffer is followed by 'drain' once the client took it all.
    const drained = (): void => {
      this.observe(entry);
      entry.moved = this.now();
    };
    res.on('drain', drained);
    return {
      wrote: (bytes) => {
        const before = entry.held;
        this.observe(entry);
        const now = this.now();
        // Less waiting than before plus what was written: the client (or its kernel) took some since the last write.
        if (entry.held < before + bytes || entry.held <= STALL_FLOOR) entry.moved = now;
        if (this.total > this.limits.total && !this.checkQueued) {
          // Once per task, after the fan-out's writes: counting what is held takes a pass over every watch.
          this.checkQueued = true;
          queueMicrotask(() => this.enforce());
        }
        if (entry.held > this.limits.perWatch) return 'own';
        if (this.limits.stallMs > 0 && now - entry.moved > this.limits.stallMs) return 'stalled';
        return undefined;
      },
      cut: (reason) => this.cut(entry, reason),
      release: () => {
        if (!this.entries.delete(entry)) return;
        res.off('drain', drained);
        this.total -= entry.held;
        entry.held = 0;
      },
      share: (share) => void (entry.share = share),
    };
  }

  stats(): WatchBudgetStats {
    return {
      watches: this.entries.size,
      unsentBytes: this.total,
      heldBytes: this.held(),
      cutOwn: this.counts.own,
      cutStalled: this.counts.stalled,
      cutCrowd: this.counts.crowd,
    };
  }

  private observe(entry: Entry): void {
    const now = entry.res.writableLength;
    this.total += now - entry.held;
    entry.held = now;
  }

  /**
   * The bytes the queues hold, those of a share counted once: the watches of a group hold the same bytes, the one
   * furthest behind all of them. Counts each watch again on the way (some sockets drained unseen).
   */
  private held(): number {
    const most = new Map<object, number>();
    this.total = 0;
    const now = this.now();
    for (const entry of this.entries) {
      const held = entry.res.writableLength;
      if (held < entry.held) entry.moved = now;
      entry.held = held;
      this.total += entry.held;
      most.set(entry.share, Math.max(most.get(entry.share) ?? 0, entry.held));
    }
    let held = 0;
    for (const bytes of most.values()) held += bytes;
    return held;
  }

  /** Over the bound: cut the watches furthest behind first (they alone hold the oldest bytes of their group). */
  private enforce(): void {
    this.checkQueued = false;
    let held = this.held();
    if (held <= this.limits.total) return;
    const largest = [...this.entries].sort((a, b) => b.held - a.held);
    // Each share's members, furthest behind first: cutting one leaves its share holding the next one's bytes.
    const next = new Map<object, Entry[]>();
    for (const entry of largest) {
      const members = next.get(entry.share);
      if (members) members.push(entry);
      else next.set(entry.share, [entry]);
    }
    const at = new Map<object, number>();
    for (const entry of largest) {
      if (held <= this.limits.total * LOW_WATER) break;
      const members = next.get(entry.share)!;
      const i = (at.get(entry.share) ?? 0) + 1;
      at.set(entry.share, i);
      held -= entry.held - (members[i]?.held ?? 0);
      this.cut(entry, 'crowd');
    }
  }

  private cut(entry: Entry, reason: CutReason): void {
    if (!this.entries.has(entry)) return;
    this.counts[reason]++;
    this.unlogged[reason]++;
    this.unlogged.bytes += entry.held;
    entry.cut();
    // The watch's cut releases it; make sure of it, so the sum never counts bytes that were dropped.
    if (this.entries.delete(entry)) this.total -= entry.held;
    this.logTimer ??= setTimeout(() => this.logCuts(), CUT_LOG_INTERVAL_MS).unref();
  }

  private logCuts(): void {
    this.logTimer = undefined;
    const { own, stalled, crowd, bytes } = this.unlogged;
    this.unlogged = { own: 0, stalled: 0, crowd: 0, bytes: 0 };
    const why = [
      own ? `${own} over a watch's own ${mib(this.limits.perWatch)}` : '',
      stalled ? `${stalled} whose client took nothing for ${this.limits.stallMs / 1000} s` : '',
      crowd ? `${crowd} to keep all watches under ${mib(this.limits.total)}` : '',
    ].filter(Boolean);
    this.log(
      `watch: cut off ${own + stalled + crowd} slow watch(es) in the last ${CUT_LOG_INTERVAL_MS / 1000} s (${why.join(', ')}), ` +
        `dropping ${mib(bytes)} unsent; they resume from the last event they received. ` +
        `Now ${this.entries.size} watch(es) hold ${mib(this.total)} unsent.`,
    );
  }
}
