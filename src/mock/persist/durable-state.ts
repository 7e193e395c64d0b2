/**
 * The mock's state on disk (NODUS_MOCK_DATA): what the journal's records mean, replaying them at start, and the
 * hooks that record each change. Kept: every object, the resourceVersion counter, the price book (and the rates
 * drift moves around), idempotency records (so a create retried after a crash replays instead of creating twice)
 * reviews (so a launch after a restart is still capped at its reviewed rate), the ledger of charges (each
 * charge as posted; a snapshot keeps its hourly buckets) and the files of Volumes and Sandboxes. Not kept: watch history, list
 * snapshots behind continue tokens, faults, and timers (the controller is level-triggered and picks up again).
 *
 * Versions never go backwards, even for a version that a watch or a read saw before it reached the disk: versions
 * are reserved on disk ahead of use, and after a restart the counter continues above the reservation. A watch that
 * resumes from before the restart therefore gets 410 Expired and lists again, so it cannot keep anything that the
 * crash lost. That is why watch events may go out before their change is durable, as they did before (a watcher
 * is told in commit order, synchronously), while a write's own response waits for `flushed()`.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import type { PriceBook } from '../price-book.ts';
import { ApiFailure } from '../http/errors.ts';
import type { LedgerRecord } from '../ledger/ledger.ts';
import type { Durability, MockState, Review, StoredResponse } from '../state.ts';
import { CorruptData } from '../store/frames.ts';
import { Journal, recoverJournal, type Recovery } from '../store/journal.ts';
import type { Change } from '../store/store.ts';
import type { FileRecord } from '../files/trees.ts';

/** Versions reserved at a time; a restart after a crash skips at most this many. */
const RESERVE = 100_000;

type Rec =
  | { t: 'base'; rv: number; reserved: number }
  | { t: 'put'; r: string; o: NodusObject }
  | { t: 'del'; r: string; ns: string; n: string; rv: number }
  | { t: 'rsv'; rv: number }
  | { t: 'price'; book: PriceBook; base: Record<string, string> }
  | { t: 'idem'; key: string; response: StoredResponse }
  | { t: 'review'; etag: string; review: Review }
  | { t: 'reset' }
  | FileRecord
  | LedgerRecord
  /** Written by a clean stop: nothing above rv was handed out, so the next start need not skip a reservation. */
  | { t: 'closed'; rv: number };

/** Applies the records; returns the highest version anyone may have seen. */
function replay(state: MockState, records: unknown[]): number {
  let rv = 0;
  let reserved = 0;
  let closed: number | undefined;
  for (const raw of records) {
    const rec = raw as Rec;
    closed = undefined;
    switch (rec.t) {
      case 'base':
        rv = Math.max(rv, rec.rv);
        reserved = Math.max(reserved, rec.reserved);
        break;
      case 'put':
        state.store.restore(rec.r, rec.o);
        rv = Math.max(rv, Number(rec.o.metadata.resourceVersion));
        break;
      case 'del':
        state.store.forget(rec.r, rec.ns, rec.n);
        rv = Math.max(rv, rec.rv);
        break;
      case 'rsv':
        reserved = Math.max(reserved, rec.rv);
        break;
      case 'price':
        state.priceBook = rec.book;
        state.baseRates = rec.base;
        break;
      case 'idem':
        state.rememberResponse(rec.key, rec.response);
        break;
      case 'review':
        state.reviews.set(rec.etag, rec.review);
        break;
      case 'file':
        state.files.replay(state, rec);
        break;
      case 'reset':
        state.files.clear();
        state.idempotency.clear();
        state.reviews.clear();
        state.ledger.clear();
        break;
      case 'lset':
      case 'lacct':
      case 'lb':
      case 'charge':
        state.ledger.apply(rec);
        break;
      case 'closed':
        closed = rec.rv;
        break;
      default:
        throw new Error(`unknown record ${JSON.stringify(raw).slice(0, 80)}: was the data written by a newer mock?`);
    }
  }
  return closed !== undefined ? Math.max(rv, closed) : Math.max(rv, reserved);
}

class DurableState implements Durability {
  private readonly state: MockState;
  private readonly dir: string;
  private readonly journal: Journal;
  /** Versions up to this one may be handed out (once `reserveSeq` is durable). */
  private reserved = 0;
  private reserveSeq = 0;
  private durableReserved = 0;
  /** The price book and base rates as last recorded: both are replaced, never changed in place. */
  private book: PriceBook | undefined;
  private base: Record<string, string> | undefined;

  constructor(state: MockState, recovery: Recovery) {
    this.state = state;
    this.dir = recovery.dir;
    this.journal = new Journal(recovery, { capture: () => this.capture(), beforeBatch: () => this.recordPriceBook() });
    this.durableReserved = this.reserved;
    state.store.setJournal((change) => this.record(change));
    state.ledger.setJournal((record) => this.journal.append(JSON.stringify(record)));
    state.files.journal = (record) => this.journal.append(JSON.stringify(record));
  }

  response(key: string, response: StoredResponse): void {
    this.journal.append(JSON.stringify({ t: 'idem', key, response }));
  }

  review(etag: string, review: Review): void {
    this.journal.append(JSON.stringify({ t: 'review', etag, review }));
  }

  reset(): void {
    this.journal.append('{"t":"reset"}');
    this.journal.compact();
  }

  flushed(): Promise<void> {
    this.recordPriceBook();
    return this.journal.flushed().catch((error: Error) => {
      throw new ApiFailure('InternalError', `the change was made but could not be saved: ${error.message}`, {
        fix: `Free disk space or fix the permissions of ${this.dir}, then restart the mock; changes that were not acknowledged may be lost.`,
      });
    });
  }

  async close(): Promise<void> {
    this.state.store.setJournal(undefined);
    this.state.ledger.setJournal(undefined);
    this.state.files.journal = undefined;
    if (this.state.durability === this) this.state.durability = undefined;
    this.recordPriceBook();
    this.journal.append(JSON.stringify({ t: 'closed', rv: this.state.store.resourceVersion }));
    await this.journal.close();
  }

  private record(change: Change): void {
    this.cover(change.rv);
    if (change.type === 'DELETED') {
      this.journal.append(
        JSON.stringify({
          t: 'del',
          r: change.resource,
          ns: change.namespace,
          n: change.object.metadata.name ?? '',
          rv: change.rv,
        }),
      );
    } else {
      // The watch serializes the same object: do it once for both.
      this.journal.append(
        `{"t":"put","r":${JSON.stringify(change.resource)},"o":${(change.json ??= JSON.stringify(change.object))}}`,
      );
    }
  }

  /** Makes sure `rv` is covered by a durable reservation before anyone can see it. */
  private cover(rv: number): void {
    if (rv > this.reserved - RESERVE / 2) {
      this.reserved = rv + RESERVE;
      this.reserveSeq = this.journal.append(JSON.stringify({ t: 'rsv', rv: this.reserved }));
    }
    if (rv <= this.durableReserved) return;
    if (this.journal.isDurable(this.reserveSeq)) this.durableReserved = this.reserved;
    if (rv <= this.durableReserved) return;
    // Half a reservation was used up before the disk caught up (a bulk seed): wait for the disk, this once.
    this.journal.appendDurably(JSON.stringify({ t: 'rsv', rv: this.reserved }));
    this.durableReserved = this.reserved;
  }

  private recordPriceBook(): void {
    const { priceBook, baseRates } = this.state;
    if (priceBook === this.book && baseRates === this.base) return;
    this.book = priceBook;
    this.base = baseRates;
    this.journal.append(JSON.stringify({ t: 'price', book: priceBook, base: baseRates }));
  }

  private capture(): string[] {
    const { store, priceBook, baseRates } = this.state;
    this.reserved = Math.max(this.reserved, store.resourceVersion + RESERVE);
    // The journal is undefined only during the constructor, whose snapshot is durable when it returns.
    this.reserveSeq = this.journal?.appendedSeq ?? 0;
    this.book = priceBook;
    this.base = baseRates;
    const records = [
      JSON.stringify({ t: 'base', rv: store.resourceVersion, reserved: this.reserved }),
      JSON.stringify({ t: 'price', book: priceBook, base: baseRates }),
    ];
    for (const [resource, obj] of store.entries())
      records.push(`{"t":"put","r":${JSON.stringify(resource)},"o":${JSON.stringify(obj)}}`);
    for (const [key, response] of this.state.idempotency) records.push(JSON.stringify({ t: 'idem', key, response }));
    for (const [etag, review] of this.state.reviews) records.push(JSON.stringify({ t: 'review', etag, review }));
    for (const record of this.state.ledger.records()) records.push(JSON.stringify(record));
    for (const record of this.state.files.records(this.state)) records.push(JSON.stringify(record));
    return records;
  }
}

function recover(dir: string): Recovery {
  try {
    return recoverJournal(dir);
  } catch (error) {
    if (!(error instanceof CorruptData)) throw error;
    const what = error.file.endsWith('.snap')
      ? `restore ${dir} from a backup, or remove it to start over`
      : `keep what comes before the damage by truncating the file there (truncate -s ${error.offset} ${error.file}) and removing any newer journal-*.log, or remove ${dir} to start over`;
    throw new Error(
      `NODUS_MOCK_DATA: ${error.message}. The mock does not start on damaged data, since skipping it could lose acknowledged writes: ${what}.`,
    );
  }
}

/**
 * Loads the state kept in `dir` into a new MockState, or, when `dir` holds none, runs `seed` (the demo data) and
 * keeps that. From then on every change is recorded. Refuses to start on damaged data, saying where and what to do.
 */
export function openDurableState(state: MockState, dir: string, seed: () => void): void {
  const recovery = recover(dir);
  try {
    if (recovery.empty) seed();
    else state.store.resume(replay(state, recovery.records) + 1);
    if (recovery.torn) {
      const { file, offset, bytes, reason } = recovery.torn;
      console.warn(
        `${file}: dropped the last ${bytes} bytes from byte ${offset} (${reason}): a write cut short by a crash, never acknowledged`,
      );
    }
    state.durability = new DurableState(state, recovery);
  } catch (error) {
    recovery.release();
    throw error;
  }
}
