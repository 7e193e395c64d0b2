/**
 * Development controls under /_mock/ (never part of the real Nodus API): reset, the price book, bulk seeding and
 * churn for benchmarks. They take the API key like every call.
 */
import type { KindName } from '@/shared/kinds.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { newObject, newProject, specContext } from '../admission/new-object.ts';
import { admitSpec } from '../admission/spec.ts';
import { ApiFailure, invalid } from '../http/errors.ts';
import { kindByPlural, KIND_DEFS, type KindDef } from '../kinds/index.ts';
import { formatMoney, isMoney } from '../money.ts';
import { hourlyRate } from '../billing/pricing.ts';
import type { Reply } from '../http/reply.ts';
import type { MockState } from '../state.ts';
import { LABEL_BENCH } from '../controller/timing.ts';
import { RETENTION_DAYS } from '../ledger/ledger.ts';
import { seedHistory } from '../usage/seed-history.ts';

export const MAX_SEED = 100_000;

function kindOf(value: unknown): KindDef {
  const text = String(value ?? '');
  const kind = kindByPlural(text) ?? KIND_DEFS.find((k) => k.kind === text || k.singular === text.toLowerCase());
  if (!kind || kind.published) {
    throw invalid({ kind: 'Seed' }, [
      {
        field: 'kind',
        reason: 'FieldValueNotSupported',
        message: `"${text}" is not a kind you can create; use one of: ${KIND_DEFS.filter((k) => !k.published)
          .map((k) => k.kind)
          .join(', ')}`,
      },
    ]);
  }
  return kind;
}

// What a bulk object of each kind is made from; published kinds are not seeded.
const TEMPLATES: Record<KindName, Record<string, unknown> | undefined> = {
  Job: {
    image: 'nodus/python:3.12',
    command: ['python', 'bench.py'],
    resources: { cpu: 1, memoryGiB: 2 },
    maxCostUSD: '1.00',
  },
  Sandbox: { image: 'nodus/ubuntu:24.04', maxCostUSD: '2.00' },
  Function: { image: 'nodus/node:22', handler: 'index.handler', maxCostUSD: '2.00' },
  Volume: { sizeGiB: 10 },
  Budget: { limitUSD: '100.00' },
  Pipeline: { steps: [{ name: 'only', image: 'nodus/python:3.12' }] },
  Image: undefined,
};

const PHASES = ['Queued', 'Running', 'Running', 'Succeeded', 'Failed'];

function ensureProject(state: MockState, project: string): void {
  if (!state.store.get('namespaces', '', project)) state.store.put('namespaces', newProject(state, project));
}

export function seed(state: MockState, body: Record<string, unknown>): Reply {
  const project = String(body.project ?? 'default');
  const kind = kindOf(body.kind);
  const count = Number(body.count ?? 0);
  if (!Number.isInteger(count) || count < 1 || count > MAX_SEED) {
    throw invalid({ kind: 'Seed' }, [
      { field: 'count', reason: 'FieldValueInvalid', message: `must be a whole number from 1 to ${MAX_SEED}` },
    ]);
  }
  const historyDays = body.historyDays === undefined ? 0 : Number(body.historyDays);
  if (
    !Number.isInteger(historyDays) ||
    historyDays < 0 ||
    historyDays > RETENTION_DAYS ||
    (historyDays > 0 && !kind.usage)
  ) {
    throw invalid({ kind: 'Seed' }, [
      {
        field: 'historyDays',
        reason: 'FieldValueInvalid',
        message: `must be a whole number from 0 to ${RETENTION_DAYS}, for a kind that is billed`,
      },
    ]);
  }
  if (project === 'nodus') throw new ApiFailure('Forbidden', 'project "nodus" is read-only');
  ensureProject(state, project);
  const admitted = admitSpec(kind, TEMPLATES[kind.kind as KindName], 'Strict', specContext(state, project));
  const template = newObject(state, {
    kind,
    namespace: project,
    name: 'template',
    admitted: { metadata: {}, spec: admitted.spec, warnings: [] },
    launchedBy: 'api',
  });
  // A seeded object that runs carries its hourly rate, as one the controller started would: the console's burn
  // rate sums these, and the usage API's must agree with it.
  const rate = kind.usage ? formatMoney(hourlyRate(kind.usage(template.spec ?? {}), state.priceBook)) : undefined;
  const prefix = String(body.prefix ?? `${kind.singular}-bulk`);
  const start = state.store.count(kind.plural, project);
  const made: NodusObject[] = [];
  for (let i = 0; i < count; i++) {
    const n = start + i;
    const obj: NodusObject = {
      ...template,
      metadata: {
        ...template.metadata,
        name: `${prefix}-${String(n).padStart(6, '0')}`,
        uid: state.newUid(kind.uidPrefix),
        labels: { ...template.metadata.labels, shard: String(n % 10), [LABEL_BENCH]: 'true' },
      },
      status:
        kind.lifecycle === 'none' ? template.status : seededStatus(template.status, PHASES[n % PHASES.length]!, rate),
    };
    made.push(obj);
  }
  const withHistory = historyDays > 0 ? seedHistory(state, kind, made, historyDays) : made;
  for (const obj of withHistory) state.store.put(kind.plural, obj);
  return {
    code: 201,
    body: {
      project,
      kind: kind.kind,
      created: count,
      ...(historyDays > 0 ? { historyDays } : {}),
      resourceVersion: String(state.store.resourceVersion),
    },
  };
}

function seededStatus(status: NodusObject['status'], phase: string, rate: string | undefined): NodusObject['status'] {
  return phase === 'Running' && rate !== undefined ? { ...status, phase, rateUSDPerHour: rate } : { ...status, phase };
}

/** A steady stream of MODIFIED events: objects of the kind in the project get a new status.costUSD. */
export function churn(state: MockState, body: Record<string, unknown>): Reply {
  const project = String(body.project ?? 'default');
  const kind = kindOf(body.kind);
  const rate = Number(body.eventsPerSecond ?? 100);
  const seconds = Number(body.seconds ?? 10);
  if (!(rate > 0 && rate <= 100_000) || !(seconds > 0 && seconds <= 3600)) {
    throw invalid({ kind: 'Churn' }, [
      {
        field: 'eventsPerSecond',
        reason: 'FieldValueInvalid',
        message: 'eventsPerSecond must be 1 to 100000 and seconds 1 to 3600',
      },
    ]);
  }
  // `first`: walk only the first N objects (in name order), so that the first rows of a long list change more
  // than once a run.
  const first = body.first === undefined ? undefined : Number(body.first);
  if (first !== undefined && !(Number.isInteger(first) && first > 0)) {
    throw invalid({ kind: 'Churn' }, [
      { field: 'first', reason: 'FieldValueInvalid', message: 'first must be a whole number above 0' },
    ]);
  }
  const names = state.store
    .list(kind.plural, project)
    .slice(0, first)
    .map((o) => o.metadata.name ?? '');
  if (names.length === 0)
    throw new ApiFailure('NotFound', `there are no ${kind.plural} in project "${project}" to churn`, {
      fix: 'Seed some first with POST /_mock/seed.',
    });
  const tickMs = 20;
  const started = state.now();
  const until = started + seconds * 1000;
  let sent = 0;
  let cursor = 0;
  const tick = (): void => {
    const now = state.now();
    const due = Math.min(rate * seconds, Math.floor(((now - started) / 1000) * rate));
    for (; sent < due; sent++) {
      const name = names[cursor++ % names.length]!;
      const current = state.store.get(kind.plural, project, name);
      if (!current) continue;
      const cents = (sent % 100000) + 1;
      state.store.put(kind.plural, {
        ...current,
        status: { ...current.status, costUSD: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` },
      });
    }
    if (now < until) state.later(tickMs, tick);
  };
  state.later(tickMs, tick);
  return {
    code: 202,
    body: {
      project,
      kind: kind.kind,
      eventsPerSecond: rate,
      seconds,
      objects: names.length,
      until: state.timestamp(until),
    },
  };
}

export function setPriceBook(state: MockState, body: Record<string, unknown>): Reply {
  const causes = [];
  if (body.version !== undefined && (typeof body.version !== 'string' || body.version === ''))
    causes.push({ field: 'version', reason: 'FieldValueInvalid', message: 'must be a non-empty string' });
  const rates = body.rates;
  if (rates !== undefined) {
    if (typeof rates !== 'object' || rates === null || Array.isArray(rates))
      causes.push({
        field: 'rates',
        reason: 'FieldValueTypeInvalid',
        message: 'must be a map of SKU to a USD/h decimal string',
      });
    else {
      for (const [sku, value] of Object.entries(rates)) {
        if (!isMoney(value))
          causes.push({
            field: `rates[${sku}]`,
            reason: 'FieldValueInvalid',
            message: `must be a decimal string such as "2.10", not ${JSON.stringify(value)}`,
          });
      }
    }
  }
  if (causes.length) throw invalid({ kind: 'PriceBook' }, causes);
  state.priceBook = {
    version: (body.version as string | undefined) ?? state.priceBook.version,
    rates: { ...state.priceBook.rates, ...(rates as Record<string, string> | undefined) },
  };
  state.baseRates = { ...state.baseRates, ...(rates as Record<string, string> | undefined) };
  return { code: 200, body: state.priceBook };
}
