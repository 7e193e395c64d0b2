// The journal on real files: group commit, replay after a crash at any byte of the last batch or mid-snapshot,
// snapshots that keep replay bounded, and the directory lock.
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeFrame, FRAME_HEADER_BYTES } from './frames.ts';
import { Journal, recoverJournal, type Recovery } from './journal.ts';
import { logHeaderFrame } from './recovery.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nodus-journal-'));
  dirs.push(dir);
  return dir;
}

/** A stand-in for the mock's state: a map of name to value, recorded as put/del records. */
class Model {
  readonly values = new Map<string, number>();
  journal: Journal | undefined;

  start(recovery: Recovery, compactBytes?: number): Journal {
    for (const record of recovery.records) this.apply(record as { n: string; v?: number });
    this.journal = new Journal(recovery, {
      capture: () => [...this.values].map(([n, v]) => JSON.stringify({ n, v })),
      compactBytes,
    });
    return this.journal;
  }

  set(n: string, v: number | undefined): number {
    this.apply({ n, v });
    return this.journal!.append(JSON.stringify({ n, v }));
  }

  apply(record: { n: string; v?: number }): void {
    if (record.v === undefined) this.values.delete(record.n);
    else this.values.set(record.n, record.v);
  }
}

const logOf = (dir: string) =>
  join(
    dir,
    readdirSync(dir).find((f) => f.endsWith('.log'))!,
  );

function copyDir(from: string): string {
  const to = tempDir();
  for (const f of readdirSync(from)) if (f !== 'LOCK') copyFileSync(join(from, f), join(to, f));
  return to;
}

/** A closed journal in a new directory, holding one record: a = 1. */
async function journalWithA(): Promise<string> {
  const dir = tempDir();
  const model = new Model();
  const journal = model.start(recoverJournal(dir));
  model.set('a', 1);
  await journal.flushed();
  await journal.close();
  return dir;
}

function recovered(dir: string): Recovery {
  const recovery = recoverJournal(dir);
  recovery.release();
  return recovery;
}

describe('Journal', () => {
  it('writes the records of one tick as one batch, acknowledged once it is on disk', async () => {
    const dir = tempDir();
    const model = new Model();
    const journal = model.start(recoverJournal(dir));
    const before = readFileSync(logOf(dir)).length;
    let seq = 0;
    for (let i = 0; i < 100; i++) seq = model.set(`k${i}`, i);
    expect(journal.isDurable(seq)).toBe(false);
    await journal.flushed();
    expect(journal.isDurable(seq)).toBe(true);
    const log = readFileSync(logOf(dir));
    expect(log.length).toBeGreaterThan(before);
    // After the log's header, one frame holds the whole tick.
    expect(log.readUInt32LE(before + 4)).toBe(log.length - before - FRAME_HEADER_BYTES);
    await journal.close();
    expect(recovered(dir).records).toEqual([...model.values].map(([n, v]) => ({ n, v })));
  });

  it('never replays part of a batch, wherever the crash cut or damaged the last one', async () => {
    const dir = tempDir();
    const model = new Model();
    const journal = model.start(recoverJournal(dir));
    model.set('a', 1);
    model.set('b', 2);
    await journal.flushed();
    const lastStart = readFileSync(logOf(dir)).length;
    model.set('a', 3);
    model.set('b', undefined);
    model.set('c', 4);
    await journal.flushed();
    await journal.close();
    const end = readFileSync(logOf(dir)).length;
    const before = [
      { n: 'a', v: 1 },
      { n: 'b', v: 2 },
    ];
    for (let at = lastStart; at < end; at++) {
      const cut = copyDir(dir);
      truncateSync(logOf(cut), at);
      expect(recovered(cut).records).toEqual(before);
      const damaged = copyDir(dir);
      const log = readFileSync(logOf(damaged));
      log[at] = log[at]! ^ 0x10;
      writeFileSync(logOf(damaged), log);
      const recovery = recovered(damaged);
      expect(recovery.records).toEqual(before);
      expect(recovery.torn).toMatchObject({ offset: lastStart, bytes: end - lastStart });
    }
    expect(recovered(dir).records).toEqual([...before, { n: 'a', v: 3 }, { n: 'b' }, { n: 'c', v: 4 }]);
  });

  it('restarts on a torn tail and leaves it behind', async () => {
    const dir = await journalWithA();
    writeFileSync(logOf(dir), Buffer.concat([readFileSync(logOf(dir)), Buffer.from([0xff, 0x4e, 0x4a])]));
    const second = new Model();
    const recovery = recoverJournal(dir);
    expect(recovery.torn?.bytes).toBe(3);
    await second.start(recovery).close();
    expect(second.values).toEqual(new Map([['a', 1]]));
    expect(recovered(dir).torn).toBeUndefined();
  });

  it('replays the old snapshot and logs after a crash in the middle of taking a new one', async () => {
    const dir = await journalWithA();
    // What a crash leaves between creating the next log and renaming the next snapshot into place.
    writeFileSync(join(dir, 'journal-000000000002.log'), logHeaderFrame(2));
    writeFileSync(join(dir, 'snapshot-000000000002.snap.tmp'), 'half a snapsh');
    const recovery = recovered(dir);
    expect(recovery.records).toEqual([{ n: 'a', v: 1 }]);
    expect(recovery.generation).toBe(2);
    expect(readdirSync(dir).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('takes snapshots as the log grows, so replay reads the state rather than its history', async () => {
    const dir = tempDir();
    const model = new Model();
    const journal = model.start(recoverJournal(dir), 256);
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 5; i++) model.set(`k${i}`, round);
      if (round % 7 === 0) model.set('k0', undefined);
      await journal.flushed();
    }
    await journal.close();
    const files = readdirSync(dir);
    expect(files.filter((f) => f.endsWith('.snap'))).toHaveLength(1);
    expect(Number(/\d+/.exec(files.find((f) => f.endsWith('.snap'))!)![0])).toBeGreaterThan(10);
    const recovery = recovered(dir);
    expect(recovery.records.length).toBeLessThan(30);
    const replayed = new Model();
    for (const record of recovery.records) replayed.apply(record as { n: string; v?: number });
    expect(replayed.values).toEqual(model.values);
  });

  it('refuses a directory another live process holds, and takes over one a killed process left', async () => {
    const dir = tempDir();
    const journal = new Model().start(recoverJournal(dir));
    expect(() => recoverJournal(dir)).toThrow(new RegExp(`is in use by process ${process.pid}`));
    await journal.close();
    const dead = tempDir();
    mkdirSync(dead, { recursive: true });
    writeFileSync(join(dead, 'LOCK'), '4194305');
    const taken = recoverJournal(dead);
    expect(readFileSync(join(dead, 'LOCK'), 'utf8')).toBe(String(process.pid));
    taken.release();
  });

  it('refuses journal files without the snapshot they follow', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'journal-000000000003.log'), '');
    expect(() => recoverJournal(dir)).toThrow(/journal files but no snapshot/);
  });

  it('refuses a log emptied after the fact, saying what is lost and how to go on', async () => {
    const dir = await journalWithA();
    const log = logOf(dir);
    const emptied = copyDir(dir);
    truncateSync(logOf(emptied), 0);
    expect(() => recoverJournal(emptied)).toThrow(
      /journal-000000000001\.log is empty, yet every log this mock writes begins with a header: .* every change acknowledged after .*snapshot-000000000001\.snap \(written \d{4}-.*\) is lost with it\. Restore .* or, to start from that snapshot and accept the loss, delete /,
    );
    // A log cut anywhere after its header is a torn tail, as before.
    truncateSync(log, logHeaderFrame(1).length);
    expect(recovered(dir).records).toEqual([]);
  });

  it('still reads the empty logs that mocks wrote before logs had headers', async () => {
    const dir = tempDir();
    const model = new Model();
    await model.start(recoverJournal(dir)).close();
    // An older mock's snapshot (its end marker without logHeaders) and its empty log.
    const snapshot = join(
      dir,
      readdirSync(dir).find((f) => f.endsWith('.snap'))!,
    );
    writeFileSync(snapshot, Buffer.concat([encodeFrame('[{"n":"a","v":1}]'), encodeFrame('{"end":1}')]));
    writeFileSync(logOf(dir), '');
    expect(recovered(dir).records).toEqual([{ n: 'a', v: 1 }]);
  });
});
