/**
 * Everything one mock server holds: the store, the price book, reviews handed out, idempotency records, list
 * snapshots and pending finalizations. Handlers get it passed in; nothing here is module-global, so tests can
 * run many servers in one process.
 */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { Estimate, NodusObject } from '../shared/protocol.ts';
import type { MockConfig } from './config.ts';
import { noFaults, type Faults } from './fault-model.ts';
import { FileTrees } from './files/trees.ts';
import { defaultPriceBook, type PriceBook } from './price-book.ts';
import { Ledger } from './ledger/ledger.ts';
import { Store } from './store/store.ts';

/**
 * Random numbers in [0, 1) from the system's CSPRNG, drawn 4,096 at a time. ulid's own asks the CSPRNG once for
 * each of a ULID's 16 random characters: seeding 50,000 objects spent 4.2 of its 4.4 s there.
 */
const randomWords = new Uint32Array(4096);
let randomAt = randomWords.length;
function bufferedRandom(): number {
  if (randomAt === randomWords.length) {
    globalThis.crypto.getRandomValues(randomWords);
    randomAt = 0;
  }
  return randomWords[randomAt++]! / 2 ** 32;
}

export interface StoredResponse {
  fingerprint: string;
  code: number;
  headers: Record<string, string>;
  body: unknown;
  time: number;
}

export interface ListSnapshot {
  id: string;
  rv: string;
  items: NodusObject[];
  created: number;
  /** The list it pages (resource, project and selectors), in words: a token is good for this list only. */
  list: string;
}

/** A dry-run's estimate, remembered by its ETag: what a launch with that If-Match agreed to. */
export interface Review {
  rate: string;
  priceBookVersion: string;
  /** Absent in journals written before these were kept. */
  costUSD?: string;
  firstHoldUSD?: string;
  reviewedAt?: string;
}

/**
 * Keeps the state on disk when NODUS_MOCK_DATA is set (persist/durable-state.ts). The store tells it of every
 * object change; MockState tells it of what it holds outside the store.
 */
export interface Durability {
  response(key: string, response: StoredResponse): void;
  review(etag: string, review: Review): void;
  reset(): void;
  flushed(): Promise<void>;
  close(): Promise<void>;
}

const SNAPSHOT_TTL_MS = 5 * 60 * 1000;
const SNAPSHOT_LIMIT = 64;
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
const IDEMPOTENCY_LIMIT = 100_000;
const REVIEW_LIMIT = 10_000;

export class MockState {
  readonly config: MockConfig;
  store: Store;
  /** Every charge posted, in hourly buckets: what the usage report is answered from. */
  readonly ledger = new Ledger();
  priceBook: PriceBook = defaultPriceBook();
  /** What /_mock/faults injects; cleared by DELETE /_mock/faults and by reset. */
  faults: Faults = noFaults();
  /** The rates as last set (by default or POST /_mock/price-book); drift stays within a band around them. */
  baseRates: Record<string, string> = { ...defaultPriceBook().rates };
  lastDrift: number | undefined;
  /** The hourly rate each review ETag was issued at, so a launch can be capped at it plus 10 %. */
  readonly reviews = new Map<string, Review>();
  readonly idempotency = new Map<string, StoredResponse>();
  readonly snapshots = new Map<string, ListSnapshot>();
  readonly timers = new Set<NodeJS.Timeout>();
  /** Closers of the open watches, so that stopping the server ends them. */
  readonly watchers = new Set<() => void>();
  durability: Durability | undefined;
  /** The files of Volumes and of Sandboxes' own disks (the files subresource and the shell work on them). */
  readonly files: FileTrees;

  constructor(config: MockConfig) {
    this.config = config;
    this.files = new FileTrees({ maxFileBytes: config.fileMaxBytes, totalBytes: config.filesTotalBytes });
    this.store = new Store({ historySeconds: config.historySeconds, historyLimit: config.historyLimit });
    this.store.subscribe((change) => this.files.forget(change));
  }

  now(): number {
    return Date.now();
  }

  timestamp(ms = this.now()): string {
    return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  newUid(prefix: string): string {
    return `${prefix}_${ulid(undefined, bufferedRandom).toLowerCase()}`;
  }

  newRequestId(): string {
    return `req_${ulid(undefined, bufferedRandom).toLowerCase()}`;
  }

  /** Five characters from the alphabet Kubernetes uses for generateName (no vowels, no look-alikes). */
  randomSuffix(): string {
    const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
    const bytes = randomBytes(5);
    return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  }

  rememberReview(etag: string, estimate: Estimate): void {
    this.reviews.delete(etag);
    const review: Review = {
      rate: estimate.rateUSDPerHour,
      priceBookVersion: estimate.priceBookVersion,
      costUSD: estimate.costUSD,
      firstHoldUSD: estimate.firstHoldUSD,
      reviewedAt: this.timestamp(),
    };
    this.reviews.set(etag, review);
    this.durability?.review(etag, review);
    if (this.reviews.size > REVIEW_LIMIT) this.reviews.delete(this.reviews.keys().next().value!);
  }

  saveSnapshot(snapshot: ListSnapshot): void {
    this.snapshots.set(snapshot.id, snapshot);
    const oldest = this.now() - SNAPSHOT_TTL_MS;
    for (const [id, s] of this.snapshots) {
      if (s.created < oldest || this.snapshots.size > SNAPSHOT_LIMIT) this.snapshots.delete(id);
      else break;
    }
  }

  snapshot(id: string): ListSnapshot | undefined {
    const s = this.snapshots.get(id);
    if (s && s.created < this.now() - SNAPSHOT_TTL_MS) {
      this.snapshots.delete(id);
      return undefined;
    }
    return s;
  }

  idempotent(key: string): StoredResponse | undefined {
    const record = this.idempotency.get(key);
    if (record && record.time < this.now() - IDEMPOTENCY_TTL_MS) {
      this.idempotency.delete(key);
      return undefined;
    }
    return record;
  }

  rememberResponse(key: string, response: StoredResponse): void {
    this.idempotency.set(key, response);
    this.durability?.response(key, response);
    if (this.idempotency.size > IDEMPOTENCY_LIMIT) this.idempotency.delete(this.idempotency.keys().next().value!);
  }

  /**
   * Resolves once every change made so far is on disk (at once when the state is kept in memory): a write's
   * response waits for it, so that an acknowledged write survives a crash.
   */
  flushed(): Promise<void> {
    return this.durability ? this.durability.flushed() : Promise.resolve();
  }

  later(ms: number, task: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** Back to an empty org (the caller reloads demo data); versions keep increasing across a reset. */
  reset(): void {
    this.durability?.reset();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.store.clear();
    this.files.clear();
    this.ledger.clear();
    this.priceBook = defaultPriceBook();
    this.baseRates = { ...this.priceBook.rates };
    this.lastDrift = undefined;
    this.reviews.clear();
    this.idempotency.clear();
    this.snapshots.clear();
    this.faults = noFaults();
  }
}
