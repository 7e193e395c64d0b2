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
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { scanFrames, type TornTail } from './frames.ts';

export const SNAPSHOT = /^snapshot-(\d{12})\.snap$/;
export const LOG = /^journal-(\d{12})\.log$/;

export const snapshotName = (generation: number) => `snapshot-${String(generation).padStart(12, '0')}.snap`;
export const logName = (generation: number) => `journal-${String(generation).padStart(12, '0')}.log`;

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

function readSnapshot(file: string): unknown[] {
  const { payloads } = scanFrames(readFileSync(file), file, false);
  const end = payloads.pop();
  const count = end === undefined ? undefined : (JSON.parse(end) as { end?: unknown }).end;
  const records = payloads.flatMap((p) => batchOf(p, file));
  if (count !== records.length)
    throw new Error(`${file} is incomplete: it has ${records.length} records and no end marker for them`);
  return records;
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
    const records = readSnapshot(join(dir, snapshotName(base)));
    const later = logs.filter((g) => g >= base);
    let torn: Recovery['torn'];
    later.forEach((generation, i) => {
      const file = join(dir, logName(generation));
      const scan = scanFrames(readFileSync(file), file, i === later.length - 1);
      for (const payload of scan.payloads) records.push(...batchOf(payload, file));
      if (scan.torn) torn = { ...scan.torn, file };
    });
    return { dir, records, empty: false, generation: Math.max(base, ...later), torn, release };
  } catch (error) {
    release();
    throw error;
  }
}
