/**
 * One open log: reads GET .../log (always with timestamps=true, so it can resume and page back), holds at most
 * `capacity` lines in a ring, and tells its view once per frame. It follows while the object runs or waits to
 * start, resumes a dropped stream from the last line's second without showing a line twice (ResumeCursor), stops
 * when the object stops, and pages back on request (OlderCollector). The bytes are read and split into lines off
 * the page (log-decoder.ts). Plain TypeScript: the view subscribes.
 */
import { isApiError, isRetryable, type ApiClient, type ApiError } from '@/data/client/index.ts';
import { WAITING_PHASES } from '@/kinds/index.ts';
import { ArrayBlock, linesOf, type LineBlock } from './line-block.ts';
import { LineRing } from './line-ring.ts';
import { decodeLogLines, logTransport } from './log-decoder.ts';
import { sinceTimeOf, timeKey, type LogLine } from './log-line.ts';
import { OlderCollector, ResumeCursor } from './overlap.ts';

export type Life = 'waiting' | 'running' | 'ended';

/** What the log does while an object is in `phase`: nothing yet, grows, or is complete. */
export function lifeOf(phase: string | undefined): Life {
  if (phase === 'Running') return 'running';
  return phase === undefined || WAITING_PHASES.has(phase) ? 'waiting' : 'ended';
}

export type LogStatus =
  | { kind: 'loading' }
  | { kind: 'waiting' }
  /** Every connection the browser keeps for streams is taken by other followed logs: waiting for one. */
  | { kind: 'queued' }
  | { kind: 'following' }
  | { kind: 'reconnecting'; attempt: number; error: ApiError }
  | { kind: 'ended' }
  | { kind: 'error'; error: unknown };

export interface OlderState {
  loading: boolean;
  error: unknown;
}

export interface LogSessionOptions {
  client: Pick<ApiClient, 'stream'>;
  /** GET path of the log. */
  path: string;
  /** Lines to start from (tailLines), or 'all' for the whole log. */
  tail: number | 'all';
  capacity: number;
  pageSize: number;
  /** The object's phase as the page last saw it (read on every decision). */
  phase: () => string | undefined;
  /** A slot of the browser's connections for a followed read (data/stream-lease.ts); none: no budget. */
  lease?: (signal: AbortSignal, waiting: () => void) => Promise<{ release(): void }>;
}

/** A follower that the server ended while the object still looks alive checks again after this long. */
const RECHECK_MS = 1000;
const MAX_FAILURES = 8;
/**
 * A flood: lines arriving faster than 3,000 a second (50 a frame), which replace the whole pane every frame.
 * Nobody reads those, and redrawing a pane of new lines (style, layout, text shaping of mixed scripts) costs
 * Chromium about a frame's time: during a flood the pane is redrawn at most every FLOOD_REDRAW_MS (4 times a
 * second), and the frames between stay free for scrolling, typing and everything else on the page. Measured on
 * the benchmark's million-line flood: redrawn every frame, or 10 times a second, one frame in five or six took
 * two; 4 times a second, the p95 frame is one refresh.
 */
export const FLOOD_LINES_PER_SECOND = 3_000;
export const FLOOD_REDRAW_MS = 250;

export class LogSession {
  readonly ring: LineRing;
  version = 0;
  status: LogStatus = { kind: 'loading' };
  /** Lines read going forward (the tail and everything after it), evicted ones included. */
  received = 0;
  /** The oldest held line is the first of the log. */
  atStart = false;
  /** Load older pushed out the newest lines: new lines are counted, not held, until the view jumps to latest. */
  newestTrimmed = false;
  /** New lines counted but not held while newestTrimmed. */
  notHeld = 0;
  older: OlderState = { loading: false, error: undefined };
  requestId: string | undefined;

  private controller = new AbortController();
  private started = false;
  private readonly listeners = new Set<() => void>();
  /** Blocks received since the last frame, and how many lines they hold. */
  private pending: LineBlock[] = [];
  private pendingLines = 0;
  /**
   * The ticket of the flush waiting for its frame (0: none). Each has its own: the fallback timer of a flush
   * that its frame already ran must not flush the next lines early, off a frame (during a flood it did, so the
   * pane was redrawn about twice as often as FLOOD_REDRAW_MS allows, half the time in the middle of a frame).
   */
  private scheduled = 0;
  private tickets = 0;
  /** When lines were last applied, and whether they came as a flood (see FLOOD_LINES_PER_SECOND). */
  private flushedAt = 0;
  private flooding = false;
  private wake: (() => void) | undefined;
  /** Resumes in a row that got no line: after MAX_FAILURES the error is shown instead of trying forever. */
  private failures = 0;

  constructor(private readonly options: LogSessionOptions) {
    this.ring = new LineRing(options.capacity);
  }

  /** Lines received and not applied yet (they are, at the next frame, or the next redraw of a flood). */
  get waitingLines(): number {
    return this.pendingLines;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** Opens the log. After dispose (React's StrictMode mounts twice) it starts over, empty. */
  start(): void {
    if (this.started && !this.controller.signal.aborted) return;
    if (this.started) {
      this.controller = new AbortController();
      this.ring.clear();
      this.pending = [];
      this.pendingLines = 0;
      this.received = 0;
      this.notHeld = 0;
      this.atStart = false;
      this.newestTrimmed = false;
      this.older = { loading: false, error: undefined };
      this.status = { kind: 'loading' };
    }
    this.started = true;
    void this.run();
  }

  /** Closes every request; listeners stay (a remount subscribes again anyway). */
  dispose(): void {
    this.controller.abort();
  }

  /** The page saw a new phase: a stopped log that runs again (a restart) is followed again. */
  phaseChanged(): void {
    this.wake?.();
    if (this.status.kind === 'ended' && lifeOf(this.options.phase()) !== 'ended' && !this.controller.signal.aborted)
      void this.run(false);
  }

  private get aborted(): boolean {
    return this.controller.signal.aborted;
  }

  private set(status: LogStatus): void {
    this.status = status;
    this.notify();
  }

  private notify(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  /** Lines are applied once per frame, however fast they arrive (a timer stands in when frames stop: a hidden tab). */
  private enqueue(blocks: readonly LineBlock[]): void {
    for (const block of blocks) {
      if (block.length === 0) continue;
      this.pending.push(block);
      this.pendingLines += block.length;
    }
    // Only the last `capacity` can be shown: drop whole blocks that a flood between frames would evict anyway.
    while (this.pending.length > 1 && this.pendingLines - this.pending[0]!.length >= this.options.capacity) {
      const drop = this.pending.shift()!.length;
      this.pendingLines -= drop;
      this.received += drop;
      // Dropped before the ring, as it would have evicted them: unless the newest are the ones left out (paged
      // back), the ring no longer holds the start of the log.
      if (this.newestTrimmed) this.notHeld += drop;
      else this.atStart = false;
    }
    if (this.scheduled !== 0) return;
    const ticket = ++this.tickets;
    this.scheduled = ticket;
    const flush = (): void => {
      if (this.scheduled !== ticket) return;
      this.scheduled = 0;
      this.flush();
    };
    const atFrame = (): void => {
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
    };
    const wait = this.flooding ? this.flushedAt + FLOOD_REDRAW_MS - performance.now() : 0;
    if (wait > 0) setTimeout(atFrame, wait);
    else atFrame();
    setTimeout(flush, Math.max(wait, 0) + 250);
  }

  private flush(): void {
    if (this.pending.length === 0 || this.aborted) return;
    const blocks = this.pending;
    const count = this.pendingLines;
    this.pending = [];
    this.pendingLines = 0;
    this.received += count;
    this.failures = 0;
    const now = performance.now();
    this.flooding = (count * 1000) / Math.max(now - this.flushedAt, 1000 / 60) > FLOOD_LINES_PER_SECOND;
    this.flushedAt = now;
    if (this.newestTrimmed) this.notHeld += count;
    else for (const block of blocks) if (this.ring.pushBack(block) > 0) this.atStart = false;
    if (this.status.kind === 'waiting' || this.status.kind === 'reconnecting') this.status = { kind: 'following' };
    this.notify();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
      this.controller.signal.addEventListener('abort', done, { once: true });
    });
  }

  /** The newest held line and how many held lines share its timestamp (what a resume must skip). */
  private lastHeld(): { line: LogLine | undefined; sameStamp: number } {
    const line = this.ring.at(this.ring.size - 1);
    if (!line?.ts) return { line, sameStamp: 0 };
    const key = timeKey(line.ts);
    let n = 0;
    for (let i = this.ring.size - 1; i >= 0 && timeKey(this.ring.at(i)?.ts ?? '') === key; i--) n++;
    return { line, sameStamp: n };
  }

  private async run(first = true): Promise<void> {
    // This run's own signal: after a restart, a run of the previous one must not carry on.
    const signal = this.controller.signal;
    let forceFollow = false;
    for (;;) {
      if (signal.aborted) return;
      const follow = forceFollow || lifeOf(this.options.phase()) !== 'ended';
      const params: Record<string, string | number | boolean | undefined> = {
        timestamps: true,
        follow: follow || undefined,
      };
      let cursor: ResumeCursor | undefined;
      if (first) {
        if (this.options.tail !== 'all') params.tailLines = this.options.tail;
        // The whole log from its first line (until the ring evicts it).
        else this.atStart = true;
      } else {
        this.flush();
        const { line, sameStamp } = this.lastHeld();
        cursor = new ResumeCursor(line, sameStamp);
        params.sinceTime = line ? sinceTimeOf(line.ts) : undefined;
        if (!line && this.options.tail !== 'all') params.tailLines = this.options.tail;
      }
      // Say so at once: a proxy may hold a waiting stream's headers back until its first line.
      if (
        follow &&
        this.ring.size === 0 &&
        lifeOf(this.options.phase()) === 'waiting' &&
        this.status.kind === 'loading'
      )
        this.set({ kind: 'waiting' });
      // A followed log holds a connection for as long as it lives: only with a slot of the browser's budget.
      let lease: { release(): void } | undefined;
      try {
        lease = follow ? await this.options.lease?.(signal, () => this.set({ kind: 'queued' })) : undefined;
      } catch {
        // Given up while waiting: the view went away.
        return;
      }
      if (signal.aborted) return lease?.release();
      // Let go the moment the view goes, not once the stream has noticed.
      if (lease) signal.addEventListener('abort', () => lease.release(), { once: true });
      try {
        const stream = await this.options.client.stream(this.options.path, {
          params,
          signal,
          retry: { onRetry: ({ attempt, error }) => this.set({ kind: 'reconnecting', attempt, error }) },
          transport: logTransport(),
        });
        this.requestId = stream.requestId;
        const waiting = follow && this.ring.size === 0 && lifeOf(this.options.phase()) === 'waiting';
        this.set(waiting ? { kind: 'waiting' } : follow ? { kind: 'following' } : { kind: 'loading' });
        for await (const blocks of decodeLogLines(stream)) {
          if (signal.aborted) return;
          // Resuming: the overlap with what is held is skipped line by line, and only until the cursor is past it.
          if (cursor && !cursor.done)
            this.enqueue(blocks.map((block) => new ArrayBlock(linesOf(block).filter((line) => cursor.accept(line)))));
          else this.enqueue(blocks);
        }
        this.flush();
        // A plain read shorter than tailLines is the whole log, and so is the whole log read while the ring kept
        // every line of it (one that outgrew the ring holds only its newest lines: Load older reaches the rest).
        // A followed read cannot tell: Load older finds out.
        const whole =
          this.options.tail === 'all' ? this.ring.size === this.received : this.received < this.options.tail;
        if (first && !follow && whole) this.atStart = true;
        first = false;
        if (!follow) return this.set({ kind: 'ended' });
        // The server ends a follow when the object stops; the page learns the phase a moment later.
        if (lifeOf(this.options.phase()) === 'ended') return this.set({ kind: 'ended' });
        await this.sleep(RECHECK_MS);
        if (lifeOf(this.options.phase()) === 'ended') return this.set({ kind: 'ended' });
      } catch (error) {
        if (signal.aborted) return;
        this.flush();
        if (isApiError(error) && error.code === 400 && /waiting to start/i.test(error.message) && !follow) {
          // The page's phase was stale: the object has not started. Follow, which waits for the first line.
          forceFollow = true;
          this.set({ kind: 'waiting' });
          continue;
        }
        if (isRetryable(error) && (this.received > 0 || !first) && ++this.failures <= MAX_FAILURES) {
          // A stream that broke midway: resume from the last line held.
          this.set({ kind: 'reconnecting', attempt: 1, error });
          first = false;
          await this.sleep(RECHECK_MS);
          continue;
        }
        return this.set({ kind: 'error', error });
      } finally {
        lease?.release();
      }
    }
  }

  /** Pages back one `pageSize` of lines before the oldest held one (see overlap.ts for how it aligns). */
  async loadOlder(): Promise<void> {
    const signal = this.controller.signal;
    const oldest = this.ring.at(0);
    if (this.older.loading || this.atStart || !oldest) return;
    this.older = { loading: true, error: undefined };
    this.notify();
    const key = timeKey(oldest.ts);
    let sameStamp = 0;
    while (sameStamp < this.ring.size && timeKey(this.ring.at(sameStamp)?.ts ?? '') === key) sameStamp++;
    // Lines from the oldest held one to the newest the server has: those held, those not held, a little more.
    const span = this.ring.size + this.notHeld + this.pendingLines;
    let slack = 1000 + Math.ceil(span / 10);
    try {
      for (let attempt = 0; attempt < 4; attempt++) {
        const requested = span + this.options.pageSize + slack;
        const collector = new OlderCollector(oldest, sameStamp, this.options.pageSize);
        const stream = await this.options.client.stream(this.options.path, {
          params: { timestamps: true, tailLines: requested },
          signal,
          transport: logTransport(),
        });
        for await (const blocks of decodeLogLines(stream)) for (const block of blocks) collector.feed(linesOf(block));
        if (signal.aborted) return;
        const page = collector.result(requested);
        if (page.found || page.atStart) {
          if (page.lines.length > 0 && this.ring.pushFront(page.lines) > 0) this.newestTrimmed = true;
          this.atStart = page.atStart;
          this.older = { loading: false, error: undefined };
          this.notify();
          return;
        }
        slack *= 4;
      }
      throw new Error('The log grows faster than it can be paged back from here. Download it to read the older lines.');
    } catch (error) {
      if (signal.aborted) return;
      this.older = { loading: false, error };
      this.notify();
    }
  }
}
