/**
 * The ledger of charges: every charge the mock posts, folded into hourly buckets per account (one object with
 * the labels it had when charged), each bucket also keyed by the Budgets (and their periods) it counted against.
 * The usage report (usage/) sums these buckets; nothing else reads them.
 *
 * Amounts in buckets are whole numbers of 1/10,000 USD held as JavaScript numbers, not bigints: sums of whole
 * numbers are exact up to 2^53 (about 900 billion USD), and a report checks that its total stays below that
 * (exactTotal). Bigints made every addition an allocation, and a report over 1.5 million buckets mostly waited
 * for the garbage collector.
 *
 * A charge is journaled whole (its period, amount and rate, money as decimal strings) when the mock keeps its
 * state on disk; in memory only the buckets stay, for RETENTION_DAYS. May import money.ts and src/shared only.
 */
import { LABEL_CREATED_BY } from '@/shared/protocol.ts';
import { formatMoney, isMoney, type Micros } from '../money.ts';

export const HOUR_MS = 3_600_000;
/** The longest window a report may ask for; older buckets are dropped. */
export const RETENTION_DAYS = 90;

/** An amount in whole units of 1/10,000 USD (a Micros as a number). */
export type Units = number;

export function toUnits(amount: Micros): Units {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`an amount of ${amount} units is too large to keep`);
  return Number(amount);
}

/**
 * Money on disk is a decimal string, as on the wire: formatMoney's and parseMoney's format, done in whole numbers
 * here since a snapshot of a large ledger holds millions of them.
 */
export function money(units: Units): string {
  const whole = Math.floor(units / 10_000);
  let frac = String(units % 10_000).padStart(4, '0');
  if (frac.endsWith('00')) frac = frac.slice(0, 2);
  else if (frac.endsWith('0')) frac = frac.slice(0, 3);
  return `${whole}.${frac}`;
}

export function units(text: string): Units {
  if (!isMoney(text)) throw new Error(`not a decimal amount: ${text}`);
  const dot = text.indexOf('.');
  if (dot < 0) return Number(text) * 10_000;
  return Number(text.slice(0, dot)) * 10_000 + Number(text.slice(dot + 1).padEnd(4, '0'));
}

/** A sum of units as Micros, refusing one that may have lost precision. */
export function exactTotal(sum: Units): Micros {
  if (!Number.isSafeInteger(sum)) throw new Error('a sum of the ledger is too large to add up exactly');
  return BigInt(sum);
}

export interface BudgetRef {
  name: string;
  uid: string;
  /** The period the charge counted in: the Budget's status.periodStart when it posted. */
  periodStart: string;
}

export interface ObjectRef {
  kind: string;
  name: string;
  uid: string;
}

/** An object as it was when charged. */
export interface AccountInfo extends ObjectRef {
  project: string;
  labels: Record<string, string>;
  /** The object that owns it (a Pipeline, for its step Jobs). */
  owner?: ObjectRef;
}

export interface Charge {
  account: AccountInfo;
  budgets: BudgetRef[];
  /** The stretch of time it pays for, in ms; it counts in the hour its period ends. */
  start: number;
  end: number;
  amount: Micros;
  rate: Micros;
}

export interface Bucket {
  hour: number;
  budgets: BudgetRef[];
  amount: Micros;
}

export type LedgerRecord =
  | { t: 'lset'; i: number; refs: BudgetRef[] }
  | { t: 'lacct'; i: number; a: AccountInfo }
  /** An account's buckets (a snapshot, or history seeded in bulk): hours since the epoch, set ids, amounts. */
  | { t: 'lb'; i: number; h: number[]; s: number[]; m: string[] }
  | { t: 'charge'; i: number; s: number; start: string; end: string; m: string; rate: string };

export class Account {
  readonly id: number;
  readonly info: AccountInfo;
  readonly createdBy: string;
  hours: number[] = [];
  sets: number[] = [];
  amounts: Units[] = [];

  constructor(id: number, info: AccountInfo) {
    this.id = id;
    this.info = info;
    this.createdBy = info.labels[LABEL_CREATED_BY] ?? '';
  }

  add(hour: number, set: number, amount: Units): void {
    // Charges come in time order per object, so the last bucket is nearly always the one to add to.
    for (let i = this.hours.length - 1; i >= 0 && i >= this.hours.length - 4; i--) {
      if (this.hours[i] === hour && this.sets[i] === set) {
        this.amounts[i]! += amount;
        return;
      }
    }
    this.hours.push(hour);
    this.sets.push(set);
    this.amounts.push(amount);
  }
}

function labelsKey(labels: Record<string, string>): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export class Ledger {
  private readonly accounts = new Map<number, Account>();
  private readonly byKey = new Map<string, Account>();
  private readonly byProject = new Map<string, Set<Account>>();
  private sets: BudgetRef[][] = [];
  private readonly setIds = new Map<string, number>();
  private emptySet: number | undefined;
  private nextAccount = 0;
  private journal: ((record: LedgerRecord) => void) | undefined;
  private trimmedHour = 0;

  /** Told of every change, when the mock keeps its state on disk (persist/durable-state.ts). */
  setJournal(journal: ((record: LedgerRecord) => void) | undefined): void {
    this.journal = journal;
  }

  get accountCount(): number {
    return this.accounts.size;
  }

  /** Accounts of a project, or of every project. */
  accountsOf(project?: string): Iterable<Account> {
    if (project !== undefined) return this.byProject.get(project) ?? [];
    return this.accounts.values();
  }

  budgetSet(id: number): readonly BudgetRef[] {
    return this.sets[id] ?? [];
  }

  /** The ids of the budget sets that hold a ref for which `match` is true. */
  setsWhere(match: (ref: BudgetRef) => boolean): Set<number> {
    const ids = new Set<number>();
    this.sets.forEach((refs, id) => {
      if (refs.some(match)) ids.add(id);
    });
    return ids;
  }

  post(charge: Charge): void {
    if (charge.amount <= 0n) return;
    const account = this.account(charge.account);
    const set = this.setId(charge.budgets);
    account.add(Math.floor(charge.end / HOUR_MS), set, toUnits(charge.amount));
    this.journal?.({
      t: 'charge',
      i: account.id,
      s: set,
      start: new Date(charge.start).toISOString(),
      end: new Date(charge.end).toISOString(),
      m: formatMoney(charge.amount),
      rate: formatMoney(charge.rate),
    });
    this.trim(charge.end);
  }

  /** Adds history in bulk (demo data, seeding): one journal record per account, not one per bucket. */
  addHistory(info: AccountInfo, buckets: Bucket[]): void {
    const account = this.account(info);
    const h: number[] = [];
    const s: number[] = [];
    const m: string[] = [];
    for (const bucket of buckets) {
      if (bucket.amount <= 0n) continue;
      const set = this.setId(bucket.budgets);
      const amount = toUnits(bucket.amount);
      account.add(bucket.hour, set, amount);
      h.push(bucket.hour);
      s.push(set);
      m.push(money(amount));
    }
    if (h.length) this.journal?.({ t: 'lb', i: account.id, h, s, m });
  }

  /** Drops buckets older than the retention, at most once an hour, and accounts left without any. */
  trim(now: number): void {
    const hour = Math.floor(now / HOUR_MS);
    if (hour <= this.trimmedHour) return;
    this.trimmedHour = hour;
    const oldest = hour - RETENTION_DAYS * 24;
    for (const account of this.accounts.values()) {
      if (!account.hours.some((h) => h < oldest)) continue;
      const keep = account.hours.map((h) => h >= oldest);
      account.hours = account.hours.filter((_, i) => keep[i]);
      account.sets = account.sets.filter((_, i) => keep[i]);
      account.amounts = account.amounts.filter((_, i) => keep[i]);
      if (account.hours.length === 0) this.forget(account);
    }
  }

  /** The whole ledger as records that rebuild it, for a snapshot on disk. */
  *records(): Generator<LedgerRecord> {
    for (let i = 0; i < this.sets.length; i++) yield { t: 'lset', i, refs: this.sets[i]! };
    for (const account of this.accounts.values()) {
      yield { t: 'lacct', i: account.id, a: account.info };
      yield { t: 'lb', i: account.id, h: account.hours, s: account.sets, m: account.amounts.map(money) };
    }
  }

  /** Replays a record read from disk. */
  apply(record: LedgerRecord): void {
    switch (record.t) {
      case 'lset':
        this.sets[record.i] = record.refs;
        this.setIds.set(JSON.stringify(record.refs), record.i);
        if (record.refs.length === 0) this.emptySet = record.i;
        break;
      case 'lacct':
        this.restoreAccount(record.i, record.a);
        break;
      case 'lb': {
        const account = this.accounts.get(record.i);
        if (!account) throw new Error(`ledger buckets for account ${record.i}, which no record defined`);
        record.h.forEach((hour, n) => account.add(hour, record.s[n]!, units(record.m[n]!)));
        break;
      }
      case 'charge': {
        const account = this.accounts.get(record.i);
        if (!account) throw new Error(`a charge for ledger account ${record.i}, which no record defined`);
        account.add(Math.floor(Date.parse(record.end) / HOUR_MS), record.s, units(record.m));
        break;
      }
    }
  }

  clear(): void {
    this.accounts.clear();
    this.byKey.clear();
    this.byProject.clear();
    this.sets = [];
    this.setIds.clear();
    this.emptySet = undefined;
    this.nextAccount = 0;
    this.trimmedHour = 0;
  }

  private account(info: AccountInfo): Account {
    const key = `${info.uid}\n${labelsKey(info.labels)}`;
    const found = this.byKey.get(key);
    if (found) return found;
    const id = this.nextAccount;
    const account = this.restoreAccount(id, info);
    this.journal?.({ t: 'lacct', i: id, a: info });
    return account;
  }

  private restoreAccount(id: number, info: AccountInfo): Account {
    const account = new Account(id, info);
    this.accounts.set(id, account);
    this.byKey.set(`${info.uid}\n${labelsKey(info.labels)}`, account);
    let inProject = this.byProject.get(info.project);
    if (!inProject) this.byProject.set(info.project, (inProject = new Set()));
    inProject.add(account);
    this.nextAccount = Math.max(this.nextAccount, id + 1);
    return account;
  }

  private forget(account: Account): void {
    this.accounts.delete(account.id);
    this.byKey.delete(`${account.info.uid}\n${labelsKey(account.info.labels)}`);
    this.byProject.get(account.info.project)?.delete(account);
  }

  private setId(refs: BudgetRef[]): number {
    // Most charges count against no Budget: skip the key for them.
    if (refs.length === 0 && this.emptySet !== undefined) return this.emptySet;
    const sorted = [...refs].sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
    const key = JSON.stringify(sorted);
    let id = this.setIds.get(key);
    if (id === undefined) {
      id = this.sets.length;
      this.sets.push(sorted);
      this.setIds.set(key, id);
      if (sorted.length === 0) this.emptySet = id;
      this.journal?.({ t: 'lset', i: id, refs: sorted });
    }
    return id;
  }
}
