/**
 * What an object is expected to cost, from the price book (price-book.ts). The ETag of a review covers the kind,
 * the spec with its defaults and the price book version; it deliberately leaves out the hourly rate, which moves.
 */
import { createHash } from 'node:crypto';
import type { Estimate } from '@/shared/protocol.ts';
import type { KindDef, Usage } from '../kinds/index.ts';
import { formatMoney, minMoney, multiply, parseMoney, roundToCents, type Micros } from '../money.ts';
import type { PriceBook } from '../price-book.ts';

const SPOT_FACTOR = 0.4;

/** Seconds waiting for capacity, by the shape asked for (the estimate's startTime uses the same). */
export function queueSeconds(usage: Pick<Usage, 'gpuCount' | 'gpuType' | 'cpu'>): number {
  if (usage.gpuCount === 0) return usage.cpu > 0 ? 4 : 2;
  switch (usage.gpuType) {
    case 'H100':
      return 30;
    case 'A100-80GB':
      return 20;
    default:
      return 10;
  }
}

function rate(book: PriceBook, sku: string): Micros {
  const value = book.rates[sku];
  return value === undefined ? 0n : parseMoney(value);
}

export function hourlyRate(usage: Usage, book: PriceBook): Micros {
  let total = 0n;
  if (usage.gpuType && usage.gpuCount > 0) total += multiply(rate(book, `gpu.${usage.gpuType}`), usage.gpuCount);
  total += multiply(rate(book, 'cpu.core'), usage.cpu);
  total += multiply(rate(book, 'memory.GiB'), usage.memoryGiB);
  total += multiply(rate(book, 'storage.GiB'), usage.storageGiB);
  return usage.spot ? multiply(total, SPOT_FACTOR) : total;
}

export function estimateFor(
  kind: KindDef,
  spec: Record<string, unknown>,
  book: PriceBook,
  now: number,
  speed = 1,
): Estimate | undefined {
  if (!kind.billable || !kind.usage) return undefined;
  const usage = kind.usage(spec);
  const hourly = hourlyRate(usage, book);
  const cap = typeof spec.maxCostUSD === 'string' ? parseMoney(spec.maxCostUSD) : undefined;
  const bounded = (amount: Micros) => (cap === undefined ? amount : minMoney(amount, cap));
  return {
    costUSD: formatMoney(roundToCents(bounded(multiply(hourly, usage.hours)))),
    firstHoldUSD: formatMoney(roundToCents(bounded(multiply(hourly, Math.min(1, usage.hours))))),
    rateUSDPerHour: formatMoney(hourly),
    startTime: new Date(now + (queueSeconds(usage) / speed) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    priceBookVersion: book.version,
  };
}

/** JSON with object keys sorted at every depth, so equal values always hash the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function reviewEtag(kind: KindDef, spec: Record<string, unknown>, priceBookVersion: string): string {
  const hash = createHash('sha256')
    .update(`${kind.kind}\n${priceBookVersion}\n${canonicalJson(spec)}`)
    .digest('base64url');
  return `"${hash.slice(0, 27)}"`;
}

/** The highest rate a launch reviewed at `reviewed` may run at: the reviewed rate plus 10 %. */
export function rateCap(reviewed: string): string {
  return formatMoney(multiply(parseMoney(reviewed), 1.1));
}
