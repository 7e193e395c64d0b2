/**
 * Runs fuzz cases against a mock started in this process and checks what must hold after each: an answer within
 * the deadline that is a success or a proper Status (verdict.ts), and no write by a request that failed (the
 * store's resourceVersion unchanged). Reads may run concurrently; then the whole batch must write nothing.
 */
import type { MockServer } from '@/mock/server.ts';
import { send, type FuzzCase, type FuzzResponse } from './send.ts';
import { problemWith } from './verdict.ts';

export interface Tally {
  sent: number;
  succeeded: number;
  /** Failures by reason (or by HTTP code where the answer had no Status). */
  reasons: Map<string, number>;
}

export interface RunReport {
  tallies: Map<string, Tally>;
  problems: string[];
}

export interface RunHooks {
  /** After any success: undo what the case did to the server (faults set, an org reset). */
  afterSuccess?: (c: FuzzCase, r: FuzzResponse) => Promise<void>;
}

export function newReport(): RunReport {
  return { tallies: new Map(), problems: [] };
}

function tally(report: RunReport, c: FuzzCase, responses: FuzzResponse[]): void {
  let t = report.tallies.get(c.category);
  if (!t) report.tallies.set(c.category, (t = { sent: 0, succeeded: 0, reasons: new Map() }));
  t.sent++;
  const last = responses[responses.length - 1];
  if (!last) {
    t.reasons.set('(no answer)', (t.reasons.get('(no answer)') ?? 0) + 1);
    return;
  }
  if (last.status < 400) {
    t.succeeded++;
    return;
  }
  let reason = String(last.status);
  try {
    reason = (JSON.parse(last.body.toString('utf8')) as { reason?: string }).reason ?? reason;
  } catch {
    // HEAD, or not JSON (which the verdict reports)
  }
  t.reasons.set(reason, (t.reasons.get(reason) ?? 0) + 1);
}

async function runOne(server: MockServer, prepared: FuzzCase, report: RunReport): Promise<FuzzResponse[]> {
  const outcome = await send(server.port, prepared);
  const where = `${prepared.category} | ${prepared.label}`;
  if (!outcome.ok) {
    report.problems.push(`${where}: ${outcome.error}`);
    tally(report, prepared, []);
    return [];
  }
  for (const response of outcome.responses) {
    const problem = problemWith(prepared, response);
    if (problem) report.problems.push(`${where}: ${problem}`);
  }
  tally(report, prepared, outcome.responses);
  return outcome.responses;
}

/** One case at a time: each failed case is checked for writes on its own. */
/**
 * Written beside a request, not by it: an Event's expiry (or the Event of another request still in flight), and a
 * key's lastUsed, kept to the hour, which the first request after a reset writes whether or not it succeeds.
 */
const NOT_THE_REQUESTS = new Set(['events', 'apikeys.iam.nodus.dev']);

export async function runSequential(
  server: MockServer,
  cases: FuzzCase[],
  report: RunReport,
  hooks: RunHooks = {},
): Promise<void> {
  // What a request writes, counted by the store's changes, Events aside: an Event's expiry (or one of another
  // request still in flight) is written whichever request is running then.
  let writes = 0;
  const stop = server.state.store.subscribe((change) => {
    if (!NOT_THE_REQUESTS.has(change.resource)) writes++;
  });
  try {
    for (const c of cases) {
      const prepared = c.prepare ? c.prepare(c) : c;
      const before = writes;
      const rv = server.state.store.resourceVersion;
      const responses = await runOne(server, prepared, report);
      const success = responses.find((r) => r.status >= 200 && r.status < 300);
      if (success) {
        await hooks.afterSuccess?.(prepared, success);
      } else if (writes !== before) {
        report.problems.push(
          `${prepared.category} | ${prepared.label}: failed, yet wrote (resourceVersion ${rv} → ${server.state.store.resourceVersion})`,
        );
      }
    }
  } finally {
    stop();
  }
}

/** Reads, `width` at a time; none of them may write. */
export async function runReads(server: MockServer, cases: FuzzCase[], report: RunReport, width = 16): Promise<void> {
  const before = server.state.store.resourceVersion;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const c = cases[next++]!;
      if (c.method !== 'GET' && c.method !== 'HEAD') throw new Error(`not a read: ${c.method} ${c.label}`);
      await runOne(server, c, report);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  if (server.state.store.resourceVersion !== before) {
    report.problems.push(`reads wrote: resourceVersion ${before} → ${server.state.store.resourceVersion}`);
  }
}

export function summary(report: RunReport): string {
  const rows = [...report.tallies].map(([category, t]) => {
    const reasons = [...t.reasons]
      .sort((a, b) => b[1] - a[1])
      .map(([r, n]) => `${r} ${n}`)
      .join(', ');
    return `${category.padEnd(36)} ${String(t.sent).padStart(5)} sent, ${String(t.succeeded).padStart(4)} succeeded; ${reasons}`;
  });
  const total = [...report.tallies.values()].reduce((n, t) => n + t.sent, 0);
  return [...rows, `${'total'.padEnd(36)} ${String(total).padStart(5)} sent`].join('\n');
}
