/**
 * The review's Budgets as the page shows them, and what the API says they should show: each Budget's figures
 * (from the Budget object and the dry-run's estimate) and the date it runs out, worked out here from the usage
 * report the page received, independently of the console's code.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatUSD } from '../../src/lib/format.ts';
import { API_VERSION, type Estimate, type NodusObject } from '../../src/shared/protocol.ts';
import { authHeaders } from './mock-writes.ts';
import { MOCK_URL } from './servers.ts';

export const TIME_ZONE = 'America/New_York';

export interface UsageStatus {
  asOf: string;
  burnRateUSDPerHour: string;
  budget: { name: string; periodEnd: string; limitUSD: string; spentUSD: string };
}

/** The figures and run-out line of one Budget in the review. */
export function budgetItem(page: Page, name: string) {
  const item = page.getByRole('list', { name: 'Budget impact' }).getByRole('listitem', { name: `Budget ${name}` });
  const figure = (id: string): Locator => item.getByTestId(id);
  return {
    item,
    spent: figure('budget-spent'),
    launch: figure('budget-launch'),
    left: figure('budget-left'),
    limit: figure('budget-limit'),
    runOut: figure('budget-runout'),
    unknown: figure('budget-runout-unknown'),
    outcome: figure('budget-outcome'),
  };
}

export async function readBudget(request: APIRequestContext, project: string, name: string): Promise<NodusObject> {
  const res = await request.get(`${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/budgets/${name}`, {
    headers: authHeaders,
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as NodusObject;
}

/** The estimate of the next dry-run the page sends. */
export async function nextDryRun(page: Page): Promise<Estimate> {
  const res = await page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('dryRun=All'));
  const body = (await res.json()) as NodusObject;
  const estimate = body.status?.estimate;
  expect(estimate?.budgets?.length).toBeGreaterThan(0);
  return estimate!;
}

/** Every usage report of `budget` the page receives, latest last. */
export function recordUsage(page: Page, project: string, budget: string): UsageStatus[] {
  const seen: UsageStatus[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith(`/namespaces/${project}/usage`) || url.searchParams.get('budget') !== budget) return;
    if (res.status() !== 200) return;
    void res.json().then((body: { status: UsageStatus }) => seen.push(body.status));
  });
  return seen;
}

// Units of 1/10,000 USD, and the hour in ms: every product below is a BigInt.
const units = (usd: string) => {
  const [whole, frac = ''] = usd.split('.');
  return BigInt(whole!) * 10_000n + BigInt(frac.padEnd(4, '0'));
};
const HOUR = 3_600_000n;
const ceil = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * When the Budget runs out (undefined: it lasts the period) at the report's burn rate, and with a launch that keeps
 * running at `rate` from `start` (its cap out of reach in these tests).
 */
export function runOutFrom(report: UsageStatus, launch?: { start: string; rate: string }): number | undefined {
  const now = BigInt(Date.parse(report.asOf));
  const need = (units(report.budget.limitUSD) - units(report.budget.spentUSD)) * HOUR;
  const R = units(report.burnRateUSDPerHour);
  let at: bigint | undefined = R > 0n ? now + ceil(need, R) : undefined;
  if (launch) {
    const r = units(launch.rate);
    const s = BigInt(Math.max(Date.parse(launch.start), Number(now)));
    // Unless the Budget runs out before the launch starts, both rates spend it from then on.
    if (at === undefined || at > s) at = ceil(need + R * now + r * s, R + r);
  }
  return at === undefined || at >= BigInt(Date.parse(report.budget.periodEnd)) ? undefined : Number(at);
}

const day = (at: number, time: boolean) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    month: 'short',
    day: 'numeric',
    ...(time ? { hour: 'numeric', minute: '2-digit' } : {}),
  }).format(at);

/** The run-out line the page should show for these two dates. */
export function runOutLine(report: UsageStatus, before: number | undefined, after: number | undefined): string {
  const now = Date.parse(report.asOf);
  const same = (a: number, b: number) => day(a, false) === day(b, false);
  if (after === undefined) return 'Still lasts the period';
  if (before === undefined) return `Runs out ${day(after, same(after, now))} instead of lasting the period`;
  const time = same(after, before) || same(after, now);
  return `Runs out ${day(after, time)} instead of ${day(before, time)}`;
}

export const usd = (amount: string | undefined) => formatUSD(amount) ?? '';
