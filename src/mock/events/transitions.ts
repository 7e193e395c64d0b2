/**
 * What Nodus did on its own, as Events: phase changes (a failure as a Warning with its reason), the cost cap
 * reached, the hourly rate above the reviewed estimate and back, the final charge posted, a Budget's alert
 * threshold crossed or its limit reached, a Pipeline starting a step, a Function's requests answered.
 */
import { CONTROLLER_API, CONTROLLER_LIFECYCLE } from '@/shared/events.ts';
import type { Condition, NodusObject } from '@/shared/protocol.ts';
import type { KindDef } from '../kinds/index.ts';
import { formatMoney, type Micros } from '../money.ts';
import type { MockState } from '../state.ts';
import type { Cause } from './changes.ts';
import { record } from './record.ts';

function condition(obj: NodusObject | undefined, type: string): Condition | undefined {
  return obj?.status?.conditions?.find((c) => c.type === type);
}

function phaseOf(obj: NodusObject | undefined): string {
  return String(obj?.status?.phase ?? '');
}

/**
 * The controller reports what it did; when a request made it happen (a suspend takes effect in the same write),
 * the annotations name that request too.
 */
function reported(by: Cause | undefined) {
  return { controller: CONTROLLER_LIFECYCLE, ...(by ? { actor: by.actor, requestId: by.requestId } : {}) };
}

/** The rate crossing the cap a launch agreed to (PriceWithinCap), either way. */
function priceChange(state: MockState, before: NodusObject, after: NodusObject, by: Cause | undefined): boolean {
  const was = condition(before, 'PriceWithinCap')?.status;
  const now = condition(after, 'PriceWithinCap');
  if (!now || was === now.status) return false;
  if (now.status === 'False')
    record(state, {
      regarding: after,
      reason: 'PriceAboveEstimate',
      type: 'Warning',
      action: 'Hold',
      note: now.message,
      ...reported(by),
    });
  else if (was === 'False')
    record(state, {
      regarding: after,
      reason: 'PriceWithinCap',
      action: 'Release',
      note: now.message,
      ...reported(by),
    });
  else return false;
  return true;
}

/**
 * Records what a new status says happened; nothing when the phase and the price condition are as they were.
 * Entering the deleting phase is the delete's own event (DeleteRequested).
 */
export function recordTransition(
  state: MockState,
  kind: KindDef,
  before: NodusObject,
  after: NodusObject,
  by?: Cause,
): void {
  // A write's own step is owed to its user when the write asked for it: a new spec.state, or a raise of the cap.
  const asked =
    (before.spec as { state?: unknown } | undefined)?.state !==
      (after.spec as { state?: unknown } | undefined)?.state || condition(before, 'Ready')?.reason === 'MaxCostReached';
  const controller = reported(asked ? by : undefined);
  if (priceChange(state, before, after, asked ? by : undefined)) return;
  const from = phaseOf(before);
  const to = phaseOf(after);
  if (from === to || to === '' || to === kind.deletingPhase) return;
  if (to === 'Exceeded') {
    const spent = String(after.status?.spentUSD ?? '');
    const limit = String((after.spec as { limitUSD?: unknown } | undefined)?.limitUSD ?? '');
    record(state, {
      regarding: after,
      reason: 'BudgetExceeded',
      type: 'Warning',
      action: 'Alert',
      note: `Spent ${spent} of its ${limit} limit this period`,
      ...controller,
    });
    return;
  }
  const ready = condition(after, 'Ready');
  const message = ready?.message ?? String(after.status?.message ?? '');
  const capped = ready?.reason === 'MaxCostReached';
  const failed = to === 'Failed';
  const reason = capped ? 'MaxCostReached' : ready?.reason === 'Restarting' ? 'Restarting' : to;
  const why = failed && ready?.reason && ready.reason !== 'Failed' ? ` (${ready.reason})` : '';
  record(state, {
    regarding: after,
    reason,
    type: capped || failed ? 'Warning' : 'Normal',
    action: from ? 'Transition' : 'Start',
    note: `${from || 'New'} → ${to}${why}: ${message}`,
    ...controller,
  });
}

export function recordFinalCharge(state: MockState, obj: NodusObject): void {
  record(state, {
    regarding: obj,
    reason: 'FinalChargePosted',
    action: 'Finalize',
    note: `Final charge posted: ${String(obj.status?.costUSD ?? '0.00')} in all; finalizer nodus.dev/billing cleared`,
  });
}

export interface BudgetCrossing {
  before: Micros;
  after: Micros;
  limit: Micros;
  /** Alert thresholds in percent of the limit, ascending. */
  thresholds: number[];
  /** Block refuses launches once it is reached; Alert only warns. */
  enforcement: string;
}

/** A charge that took a Budget past its limit, or past one of its alert thresholds (the highest, if several). */
export function recordBudgetCrossing(
  state: MockState,
  budget: NodusObject,
  c: BudgetCrossing,
  charged: NodusObject,
): void {
  if (c.limit <= 0n || c.after <= c.before) return;
  const spent = `Spent ${formatMoney(c.after)} of ${formatMoney(c.limit)}`;
  const base = { regarding: budget, related: charged, type: 'Warning' as const, action: 'Alert' };
  if (c.before < c.limit && c.after >= c.limit) {
    const then =
      c.enforcement === 'Alert'
        ? 'launches it covers still go ahead (enforcement Alert)'
        : 'launches it covers are refused';
    record(state, { ...base, reason: 'BudgetExceeded', note: `${spent} this period, its whole limit: ${then}` });
    return;
  }
  const crossed = c.thresholds.filter(
    (t) => t < 100 && c.before * 100n < BigInt(t) * c.limit && c.after * 100n >= BigInt(t) * c.limit,
  );
  const highest = crossed.at(-1);
  if (highest === undefined) return;
  const percent = Number((c.after * 100n) / c.limit);
  record(state, {
    ...base,
    reason: 'BudgetThresholdCrossed',
    note: `${spent} (${percent} %): past its ${highest} % alert threshold`,
  });
}

/** A Pipeline starting one of its steps as a Job: on both, each naming the other. */
export function recordStepStarted(state: MockState, pipeline: NodusObject, job: NodusObject, step: string): void {
  record(state, {
    regarding: pipeline,
    related: job,
    reason: 'StepStarted',
    action: 'Create',
    note: `Started step "${step}" as Job ${job.metadata.name}`,
  });
  record(state, {
    regarding: job,
    related: pipeline,
    reason: 'Created',
    action: 'Create',
    note: `Created by its Pipeline ${pipeline.metadata.name} for step "${step}"`,
  });
}

export type Answer = { code: number } | { timedOutSeconds: number } | { refused: string };

/**
 * A request a Function handled, or refused. The same answer again within 10 minutes counts in the event's series
 * instead of making one event per call; the annotations name the latest caller and request.
 */
export function recordInvocation(state: MockState, fn: NodusObject, answer: Answer, by: Cause): void {
  const base = {
    regarding: fn,
    action: 'Invoke',
    actor: by.actor,
    requestId: by.requestId,
    controller: CONTROLLER_API,
  };
  if ('refused' in answer)
    record(state, { ...base, reason: 'RequestRefused', type: 'Warning', note: `Refused a request: ${answer.refused}` });
  else if ('timedOutSeconds' in answer)
    record(state, {
      ...base,
      reason: 'RequestTimedOut',
      type: 'Warning',
      note: `A request was cut off after spec.timeoutSeconds (${answer.timedOutSeconds} s)`,
    });
  else if (answer.code >= 500)
    record(state, {
      ...base,
      reason: 'RequestFailed',
      type: 'Warning',
      note: `Answered a request with ${answer.code}`,
    });
  else record(state, { ...base, reason: 'RequestHandled', note: `Answered a request with ${answer.code}` });
}
