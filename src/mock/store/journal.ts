/**
 * A durable, append-only journal of the mock's changes (NODUS_MOCK_DATA), with snapshots so that replay at start
 * stays bounded. It knows nothing of objects: records are JSON texts, and persist/durable-state.ts decides what
 * they mean.
 *
 * Group commit: records appended in the same tick are written as one frame and made durable with one fdatasync;
 * `flushed()` resolves once everything appended so far is on disk, which is when a write may be acknowledged.
 * One frame is one batch, so a write that stores several records (an object and its idempotency record, a
 * cascade of deletes) comes back whole or not at all.
 *
 * Files, for generation N: snapshot-N.snap (the whole state, written to a temporary file, fsynced, renamed, and
 * the directory fsynced) and journal-N.log (what happened after it). Replay reads the newest snapshot and the logs
 * of its generation and later ones. A snapshot takes in the records not yet written and starts a new log; records
 * appended while it is being written wait until it is durable (only `appendDurably`'s order-free records may go
 * first), so a crash at any point replays either the old snapshot and its logs, or the new ones.
 */
import {
  closeSync,
  fdatasync,
  fdatasyncSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { open, readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { encodeFrame } from './frames.ts';
import { LOG, logHeaderFrame, logName, SNAPSHOT, snapshotName, type Recovery } from './recovery.ts';

export { recoverJournal, type Recovery } from './recovery.ts';

const SNAPSHOT_FRAME_CHARS = 1 << 20;
/** A batch larger than this (a bulk seed) is split into frames: only such giants lose all-or-nothing. */
const BATCH_FRAME_CHARS = 64 << 20;
const DEFAULT_COMPACT_BYTES = 16 << 20;
const datasync = promisify(fdatasync);

function snapshotFrames(records: string[]): Buffer[] {
  const frames: Buffer[] = [];
  let chunk: string[] = [];
  let chars = 0;
  for (const record of records) {
    chunk.push(record);
    chars += record.length;
    if (chars >= SNAPSHOT_FRAME_CHARS) {
      frames.push(encodeFrame(`[${chunk.join(',')}]`));
      chunk = [];
      chars = 0;
    }
  }
  if (chunk.length) frames.push(encodeFrame(`[${chunk.join(',')}]`));
  // logHeaders: every log after this snapshot begins with a header, so an empty one was truncated (recovery.ts).
  frames.push(encodeFrame(JSON.stringify({ end: records.length, logHeaders: true })));
  return frames;
}

/**
 * Creates the log of a generation holding only its header, whole or not at all (written aside, synced, renamed),
 * and opens it for appending. The directory is synced by the caller.
 */
function createLog(dir: string, generation: number): number {
  const file = join(dir, logName(generation));
  const fd = openSync(`${file}.tmp`, 'w');
  try {
    writeAll(fd, logHeaderFrame(generation));
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(`${file}.tmp`, file);
  return openSync(file, 'a');
}

function writeAll(fd: number, data: Buffer): void {
  for (let done = 0; done < data.length;) done += writeSync(fd, data, done);
}

function syncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export interface JournalOptions {
  /** The whole state as records that rebuild it from nothing; read when a snapshot is taken. */
  capture: () => string[];
  /** Called before each batch is written, so that state changed outside the store can add its record. */
  beforeBatch?: () => void;
  /** A snapshot is taken once the log has grown past this and past the last snapshot. */
  compactBytes?: number;
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

export class Journal {
  private readonly dir: string;
  private readonly release: () => void;
  private readonly options: JournalOptions;
  private fd: number;
  private generation: number;
  private pending: string[] = [];
  private appended = 0;
  private durable = 0;
  private waiters: Waiter[] = [];
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  private logBytes = 0;
  private snapshotBytes = 0;
  private snapshotWanted = false;
  /** False between creating a log and fsyncing the directory that holds it. */
  private dirSynced = true;
  private failure: Error | undefined;
  private closed = false;

  /** Starts on a recovered directory: writes a snapshot of the replayed state (dropping any torn tail) and a new log. */
  constructor(recovery: Recovery, options: JournalOptions) {
    this.dir = recovery.dir;
    this.release = recovery.release;
    this.options = options;
    this.generation = recovery.generation + 1;
    const frames = snapshotFrames(options.capture());
    const file = join(this.dir, snapshotName(this.generation));
    const fd = openSync(`${file}.tmp`, 'w');
    try {
      for (const frame of frames) writeAll(fd, frame);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(`${file}.tmp`, file);
    this.snapshotBytes = frames.reduce((n, f) => n + f.length, 0);
    this.fd = createLog(this.dir, this.generation);
    syncDir(this.dir);
    for (const f of readdirSync(this.dir)) if (this.isOlder(f)) unlinkSync(join(this.dir, f));
  }

  /** Queues a record; returns its sequence number. */
  append(record: string): number {
    if (this.closed) throw new Error('the journal is closed');
    if (this.failure) return this.appended;
    this.pending.push(record);
    this.appended++;
    this.schedule();
    return this.appended;
  }

  /** Writes a record and makes it durable before returning, for records whose order among the others does not matter. */
  appendDurably(record: string): void {
    if (this.failure) return;
    try {
      const frame = encodeFrame(`[${record}]`);
      writeAll(this.fd, frame);
      fdatasyncSync(this.fd);
      if (!this.dirSynced) syncDir(this.dir);
      this.dirSynced = true;
      this.logBytes += frame.length;
    } catch (error) {
      this.fail(error);
    }
  }

  get appendedSeq(): number {
    return this.appended;
  }

  isDurable(seq: number): boolean {
    return seq <= this.durable;
  }

  /** Resolves once every record appended so far is on disk; rejects if the journal can no longer write. */
  flushed(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.durable >= this.appended) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ seq: this.appended, resolve, reject }));
  }

  /** Takes a snapshot soon (after a reset, say), so the log need not replay what no longer matters. */
  compact(): void {
    this.snapshotWanted = true;
    this.schedule();
  }

  /** Writes what is queued, then closes the log and frees the directory. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.running) await this.loop;
    closeSync(this.fd);
    this.release();
  }

  private schedule(): void {
    if (this.running || this.failure) return;
    this.running = true;
    this.loop = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.run());
  }

  private async run(): Promise<void> {
    try {
      for (;;) {
        this.options.beforeBatch?.();
        if (
          this.snapshotWanted ||
          this.logBytes > Math.max(this.options.compactBytes ?? DEFAULT_COMPACT_BYTES, this.snapshotBytes)
        ) {
          await this.snapshot();
        } else if (this.pending.length) {
          await this.writeBatch();
        } else {
          break;
        }
      }
    } catch (error) {
      this.fail(error);
    } finally {
      this.running = false;
    }
  }

  private async writeBatch(): Promise<void> {
    const records = this.pending;
    const upTo = this.appended;
    this.pending = [];
    let chunk: string[] = [];
    let chars = 0;
    const flush = (): void => {
      const frame = encodeFrame(`[${chunk.join(',')}]`);
      writeAll(this.fd, frame);
      this.logBytes += frame.length;
      chunk = [];
      chars = 0;
    };
    for (const record of records) {
      if (chars + record.length > BATCH_FRAME_CHARS && chunk.length) flush();
      chunk.push(record);
      chars += record.length;
    }
    flush();
    await datasync(this.fd);
    this.settle(upTo);
  }

  private async snapshot(): Promise<void> {
    this.snapshotWanted = false;
    const upTo = this.appended;
    this.pending = [];
    const frames = snapshotFrames(this.options.capture());
    const generation = this.generation + 1;
    const previous = this.fd;
    this.fd = createLog(this.dir, generation);
    this.generation = generation;
    this.dirSynced = false;
    const file = join(this.dir, snapshotName(generation));
    const handle = await open(`${file}.tmp`, 'w');
    try {
      for (const frame of frames) await handle.write(frame);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(`${file}.tmp`, file);
    const dir = await open(this.dir, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
    this.dirSynced = true;
    closeSync(previous);
    this.logBytes = 0;
    this.snapshotBytes = frames.reduce((n, f) => n + f.length, 0);
    this.settle(upTo);
    for (const f of await readdir(this.dir))
      if (this.isOlder(f)) await unlink(join(this.dir, f)).catch(() => undefined);
  }

  private isOlder(file: string): boolean {
    const match = SNAPSHOT.exec(file) ?? LOG.exec(file);
    return match !== null && Number(match[1]) < this.generation;
  }

  private settle(upTo: number): void {
    this.durable = Math.max(this.durable, upTo);
    while (this.waiters.length && this.waiters[0]!.seq <= this.durable) this.waiters.shift()!.resolve();
  }

  private fail(error: unknown): void {
    this.failure = new Error(
      `writing to ${this.dir} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    this.pending = [];
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure);
  }
}
