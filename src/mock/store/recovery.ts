/**
 * Reading a journal directory at start (see journal.ts for its layout): the newest snapshot and the logs after it,
 * with a torn tail of the last log dropped and damage anywhere else refused. Also the directory's lock, so that
 * two mocks never write one directory.
 */
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { encodeFrame, scanFrames, type TornTail } from './frames.ts';

export const SNAPSHOT = /^snapshot-(\d{12})\.snap$/;
export const LOG = /^journal-(\d{12})\.log$/;

export const snapshotName = (generation: number) => `snapshot-${String(generation).padStart(12, '0')}.snap`;
export const logName = (generation: number) => `journal-${String(generation).padStart(12, '0')}.log`;

/** The first frame of every log: an object where records are batches (arrays), so it cannot be taken for one. */
export function logHeaderFrame(generation: number): Buffer {
  return encodeFrame(JSON.stringify({ log: generation }));
}

function isLogHeader(payload: string): boolean {
  return payload.startsWith('{"log":');
}

export interface Recovery {
  dir: string;
  /** What to replay, oldest first: the newest snapshot's records, then those of the logs written after it. */
  records: unknown[];
  /** No snapshot and no log: a new data directory. */
  empty: boolean;
  generation: number;
  /** The end of the last log, cut short by a crash and dropped. */
  torn: (TornTail & { file: string }) | undefined;
  /** Frees the directory's lock, when the journal is not started after all. */
  release: () => void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Two mocks writing one directory would interleave their logs; a lock left by a killed process is taken over. */
function lock(dir: string): () => void {
  const path = join(dir, 'LOCK');
  try {
    const fd = openSync(path, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const pid = Number(readFileSync(path, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
      throw new Error(
        `${dir} is in use by process ${pid} (another mock?): stop it, or give this one another NODUS_MOCK_DATA`,
      );
    }
    writeFileSync(path, String(process.pid));
  }
  return () => {
    try {
      if (readFileSync(path, 'utf8') === String(process.pid)) unlinkSync(path);
    } catch {
      // already gone
    }
  };
}

function generations(files: string[], pattern: RegExp): number[] {
  return files
    .flatMap((f) => {
      const match = pattern.exec(f);
      return match ? [Number(match[1])] : [];
    })
    .sort((a, b) => a - b);
}

function batchOf(payload: string, file: string): unknown[] {
  const batch: unknown = JSON.parse(payload);
  if (!Array.isArray(batch))
    throw new Error(`${file} holds a whole frame that is not a batch of records: was it written by this mock?`);
  return batch;
}

function readSnapshot(file: string): { records: unknown[]; logHeaders: boolean } {
  const { payloads } = scanFrames(readFileSync(file), file, false);
  const end = payloads.pop();
  const marker = end === undefined ? {} : (JSON.parse(end) as { end?: unknown; logHeaders?: unknown });
  const records = payloads.flatMap((p) => batchOf(p, file));
  if (marker.end !== records.length)
    throw new Error(`${file} is incomplete: it has ${records.length} records and no end marker for them`);
  return { records, logHeaders: marker.logHeaders === true };
}

/** A log that lost even its header was truncated or replaced after the fact; what it held cannot be known. */
function emptiedLog(file: string, snapshot: string): Error {
  let since = 'its snapshot';
  try {
    since = `${snapshot} (written ${statSync(snapshot).mtime.toISOString()})`;
  } catch {
    // the time is a courtesy
  }
  return new Error(
    `${file} is empty, yet every log this mock writes begins with a header: the file was truncated or replaced, ` +
      `and every change acknowledged after ${since} is lost with it. Restore ${file} from a backup; or, to start ` +
      `from that snapshot and accept the loss, delete ${file}.`,
  );
}

/** Reads what the directory holds (creating it if need be) and locks it. */
export function recoverJournal(dir: string): Recovery {
  mkdirSync(dir, { recursive: true });
  const release = lock(dir);
  try {
    const files = readdirSync(dir);
    for (const f of files) if (f.endsWith('.tmp')) unlinkSync(join(dir, f));
    const snapshots = generations(files, SNAPSHOT);
    const logs = generations(files, LOG);
    const base = snapshots.at(-1);
    if (base === undefined) {
      if (logs.length)
        throw new Error(
          `${dir} holds journal files but no snapshot: it was not written by this mock, or its snapshot was removed; move it aside to start over`,
        );
      return { dir, records: [], empty: true, generation: 0, torn: undefined, release };
    }
    const snapshot = join(dir, snapshotName(base));
    const { records, logHeaders } = readSnapshot(snapshot);
    const later = logs.filter((g) => g >= base);
    let torn: Recovery['torn'];
    later.forEach((generation, i) => {
      const file = join(dir, logName(generation));
      const data = readFileSync(file);
      // Logs of older mocks began empty; from a snapshot that says so on, none does.
      if (data.length === 0 && logHeaders) throw emptiedLog(file, snapshot);
      const scan = scanFrames(data, file, i === later.length - 1);
      for (const payload of scan.payloads) if (!isLogHeader(payload)) records.push(...batchOf(payload, file));
      if (scan.torn) torn = { ...scan.torn, file };
    });
    return { dir, records, empty: false, generation: Math.max(base, ...later), torn, release };
  } catch (error) {
    release();
    throw error;
  }
}
