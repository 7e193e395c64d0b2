import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from '../money.ts';
import {
  exactTotal,
  HOUR_MS,
  Ledger,
  money,
  RETENTION_DAYS,
  toUnits,
  units,
  type AccountInfo,
  type LedgerRecord,
} from './ledger.ts';

const T0 = Date.parse('2026-11-02T10:00:00Z');
const job: AccountInfo = {
  kind: 'Job',
  name: 'train',
  uid: 'job_1',
  project: 'p',
  labels: { team: 'nlp', 'nodus.dev/created-by': 'ana' },
};
const budget = { name: 'monthly', uid: 'bud_1', periodStart: '2026-11-01T00:00:00Z' };

function charge(at: number, amount: bigint, info = job, budgets = [budget]) {
  return { account: info, budgets, start: at - 60_000, end: at, amount, rate: 20_000n };
}

function buckets(ledger: Ledger) {
  return [...ledger.accountsOf()].map((a) => ({
    uid: a.info.uid,
    team: a.info.labels.team,
    buckets: a.hours.map((h, i) => [h, ledger.budgetSet(a.sets[i]!).map((r) => r.name), a.amounts[i]]),
  }));
}

describe('the ledger', () => {
  it('folds charges into one bucket per hour, account and budget set', () => {
    const ledger = new Ledger();
    ledger.post(charge(T0 + 60_000, 100n));
    ledger.post(charge(T0 + 120_000, 200n));
    ledger.post(charge(T0 + HOUR_MS, 300n));
    ledger.post(charge(T0 + HOUR_MS + 1, 50n, job, []));
    const hour = T0 / HOUR_MS;
    expect(buckets(ledger)).toEqual([
      {
        uid: 'job_1',
        team: 'nlp',
        buckets: [
          [hour, ['monthly'], 300],
          [hour + 1, ['monthly'], 300],
          [hour + 1, [], 50],
        ],
      },
    ]);
    expect(ledger.accountsOf('p')).toHaveProperty('size', 1);
    expect([...ledger.accountsOf('other')]).toEqual([]);
  });

  it('keeps the labels an object had when charged: a relabelled object is a second account', () => {
    const ledger = new Ledger();
    ledger.post(charge(T0, 100n));
    ledger.post(charge(T0 + 1, 100n, { ...job, labels: { team: 'vision' } }));
    expect(buckets(ledger).map((b) => b.team)).toEqual(['nlp', 'vision']);
  });

  it('ignores charges of nothing', () => {
    const ledger = new Ledger();
    ledger.post(charge(T0, 0n));
    expect(ledger.accountCount).toBe(0);
  });

  it('journals each charge after the account and budget set it names, and replays to the same buckets', () => {
    const ledger = new Ledger();
    const journal: LedgerRecord[] = [];
    ledger.setJournal((r) => journal.push(structuredClone(r)));
    ledger.post(charge(T0, 100n));
    ledger.addHistory({ ...job, uid: 'job_2' }, [{ hour: T0 / HOUR_MS - 5, budgets: [budget], amount: 700n }]);
    ledger.post(charge(T0 + 5, 25n));
    expect(journal.map((r) => r.t)).toEqual(['lacct', 'lset', 'charge', 'lacct', 'lb', 'charge']);
    expect(journal[2]).toMatchObject({ t: 'charge', m: '0.01', rate: '2.00', end: new Date(T0).toISOString() });
    expect(journal[4]).toMatchObject({ t: 'lb', m: ['0.07'] });
    const replayed = new Ledger();
    for (const record of journal) replayed.apply(record);
    expect(buckets(replayed)).toEqual(buckets(ledger));
    // A snapshot's records rebuild it too.
    const restored = new Ledger();
    for (const record of ledger.records()) restored.apply(structuredClone(record));
    expect(buckets(restored)).toEqual(buckets(ledger));
    restored.post(charge(T0 + 10, 1n, { ...job, uid: 'job_3' }));
    expect(new Set([...restored.accountsOf()].map((a) => a.id)).size).toBe(3);
  });

  it('drops buckets older than the retention, and accounts left empty', () => {
    const ledger = new Ledger();
    ledger.post(charge(T0, 100n));
    ledger.post(charge(T0, 100n, { ...job, uid: 'job_2' }));
    ledger.post(charge(T0 + RETENTION_DAYS * 24 * HOUR_MS + HOUR_MS, 5n, { ...job, uid: 'job_2' }));
    expect(buckets(ledger).map((b) => [b.uid, b.buckets.length])).toEqual([['job_2', 1]]);
  });

  it('keeps amounts exact: it refuses what a number cannot hold', () => {
    expect(toUnits(123_456_789n)).toBe(123_456_789);
    expect(() => toUnits(2n ** 60n)).toThrow(/too large/);
    expect(exactTotal(2 ** 53 - 1)).toBe(2n ** 53n - 1n);
    expect(() => exactTotal(2 ** 53 + 2)).toThrow(/exactly/);
  });
});

describe('money in the ledger records', () => {
  it('writes and reads decimal strings as formatMoney and parseMoney do', () => {
    for (const n of [0, 1, 10, 100, 1234, 10_000, 10_500, 123_456_789, 999_999_999_999])
      expect([money(n), units(money(n))]).toEqual([formatMoney(BigInt(n)), Number(parseMoney(formatMoney(BigInt(n))))]);
    expect(units('7')).toBe(70_000);
    expect(() => units('1e3')).toThrow(/decimal/);
  });
});
