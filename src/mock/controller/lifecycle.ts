/**
 * The phase machine of one object, level-triggered: from what is stored (spec, status, timestamps) it computes the
 * next status, so the controller can stop and start (or the mock restart) without losing its place.
 *   run-to-completion: Queued → Provisioning → Running → Succeeded | Failed | Cancelled
 *   long-running:      Pending → Starting → Running → Stopped
 * spec.state Suspended/Stopped/Cancelled take effect here; maxCostUSD stops an object, a raise lets it go on; a
 * launch's rate cap keeps it waiting while the hourly rate is above it.
 */
import { ANNOTATION_RESTART_REQUESTED_AT, type NodusObject, type ObjectStatus } from '@/shared/protocol.ts';
import { queueSeconds } from '../billing/pricing.ts';
import type { KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { exposure } from '../kinds/endpoints.ts';
import { accrue, overCap } from './charges.ts';
import { activeSeconds, isoSeconds, setCondition, transition, type Transition } from './status.ts';
import {
  PROVISION_SECONDS,
  RESTART_SECONDS,
  START_SECONDS,
  elapsed,
  outcome,
  runSeconds,
  startStepSeconds,
} from './timing.ts';

const TERMINAL = new Set(['Succeeded', 'Failed', 'Cancelled']);

function spec(obj: NodusObject): Record<string, unknown> {
  return (obj.spec ?? {}) as Record<string, unknown>;
}

function since(obj: NodusObject): string | undefined {
  const value = obj.status?.lastPhaseTransitionTime;
  return typeof value === 'string' ? value : obj.metadata.creationTimestamp;
}

function done(obj: NodusObject, status: ObjectStatus): NodusObject {
  return { ...obj, status };
}

/** Stops billing and moves to a held or final phase. */
function halt(state: MockState, kind: KindDef, obj: NodusObject, now: number, to: Transition): NodusObject {
  const stretch = obj.status?.phase === 'Running' ? elapsed(since(obj), now, state.config.speed) : 0;
  const billed = obj.status?.phase === 'Running' ? accrue(state, kind, obj, now, true).status : obj.status;
  const status = transition({ ...obj, status: billed }, to, now, stretch);
  if (TERMINAL.has(to.phase) || to.phase === 'Stopped') status.completionTime = isoSeconds(now);
  delete status.lastChargeTime;
  return done(obj, unexposed(status));
}

function waitingPhase(kind: KindDef): string {
  return kind.lifecycle === 'run-to-completion' ? 'Queued' : 'Pending';
}

function priceWait(state: MockState, kind: KindDef, obj: NodusObject, now: number): NodusObject | undefined {
  const over = overCap(state, kind, obj);
  const gen = obj.metadata.generation ?? 1;
  if (!over) {
    if (obj.status?.conditions?.some((c) => c.type === 'PriceWithinCap' && c.status === 'False')) {
      const status = setCondition(
        { ...obj.status },
        {
          type: 'PriceWithinCap',
          status: 'True',
          reason: 'RateWithinCap',
          message: 'The hourly rate is at or below the cap.',
        },
        isoSeconds(now),
        gen,
      );
      return done(obj, status);
    }
    return undefined;
  }
  const message = `The hourly rate is now $${over.rate}/h, above the cap of $${over.cap}/h; waiting for capacity at or below it.`;
  let status: ObjectStatus = obj.status ?? {};
  if (obj.status?.phase === 'Running')
    status =
      halt(state, kind, obj, now, {
        phase: waitingPhase(kind),
        ready: { status: 'False', reason: 'PriceAboveEstimate', message },
      }).status ?? {};
  else if (obj.status?.message !== message) status = { ...status, message, conditions: status.conditions };
  status = setCondition(
    { ...status },
    { type: 'PriceWithinCap', status: 'False', reason: 'PriceAboveEstimate', message },
    isoSeconds(now),
    gen,
  );
  return JSON.stringify(status) === JSON.stringify(obj.status) ? obj : done(obj, status);
}

function running(kind: KindDef, obj: NodusObject, now: number, reason: string, message: string): NodusObject {
  const status = transition(obj, { phase: 'Running', ready: { status: 'True', reason, message } }, now);
  status.startTime ??= isoSeconds(now);
  status.lastChargeTime = new Date(now).toISOString();
  status.conditions = setCondition(
    status,
    {
      type: 'Scheduled',
      status: 'True',
      reason: 'CapacityFound',
      message: 'Placed on capacity that fits the request.',
    },
    isoSeconds(now),
    obj.metadata.generation ?? 1,
  ).conditions;
  if (kind.startReplicas) status.replicas = kind.startReplicas(spec(obj));
  if (kind.endpoints) {
    delete status.url;
    Object.assign(status, exposure(kind.endpoints(obj)));
  }
  return done(obj, status);
}

/** Nothing is served outside Running: the addresses go with the replicas. */
function unexposed(status: ObjectStatus): ObjectStatus {
  if (status.endpoints === undefined && status.url === undefined) return status;
  const { endpoints: _endpoints, url: _url, ...rest } = status;
  return { ...rest, endpoints: [] };
}

/** Acts on spec.state and the cost cap; returns undefined when neither applies. */
function heldByState(state: MockState, kind: KindDef, obj: NodusObject, now: number): NodusObject | undefined {
  const phase = String(obj.status?.phase ?? '');
  const want = spec(obj).state as string | undefined;
  if (want === 'Cancelled' && phase !== 'Cancelled') {
    return halt(state, kind, obj, now, {
      phase: 'Cancelled',
      ready: { status: 'False', reason: 'Cancelled', message: 'Cancelled: spec.state is Cancelled.' },
    });
  }
  if ((want === 'Suspended' || want === 'Stopped') && phase !== want) {
    return halt(state, kind, obj, now, {
      phase: want,
      ready: { status: 'False', reason: want, message: `${want}: spec.state is ${want}.` },
    });
  }
  if ((phase === 'Suspended' || phase === 'Stopped') && (want === undefined || want === 'Running')) {
    const capped = obj.status?.conditions?.some((c) => c.type === 'Ready' && c.reason === 'MaxCostReached');
    if (capped && Number(obj.status?.costUSD ?? 0) >= Number(spec(obj).maxCostUSD ?? 0)) return undefined;
    const message = capped
      ? 'spec.maxCostUSD was raised; waiting for capacity to go on.'
      : `spec.state is ${want ?? 'Running'} again; waiting for capacity to resume.`;
    const status = transition(
      obj,
      { phase: waitingPhase(kind), ready: { status: 'False', reason: 'Resumed', message } },
      now,
    );
    delete status.completionTime;
    return done(obj, status);
  }
  return undefined;
}

function advanceRunning(state: MockState, kind: KindDef, obj: NodusObject, now: number): NodusObject | undefined {
  const bill = accrue(state, kind, obj, now);
  let next = done(obj, bill.status);
  if (bill.capped) {
    const max = String(spec(obj).maxCostUSD);
    return halt(state, kind, next, now, {
      phase: 'Suspended',
      ready: {
        status: 'False',
        reason: 'MaxCostReached',
        message: `Stopped at its cost cap: spent ${max} of spec.maxCostUSD ${max}. Raise spec.maxCostUSD to let it go on.`,
      },
    });
  }
  if (kind.lifecycle === 'run-to-completion') {
    const ran = activeSeconds(obj.status) + elapsed(since(obj), now, state.config.speed);
    const timeout = Number(spec(obj).timeoutSeconds ?? Number.POSITIVE_INFINITY);
    if (ran >= timeout) {
      return halt(state, kind, next, now, {
        phase: 'Failed',
        ready: {
          status: 'False',
          reason: 'DeadlineExceeded',
          message: `Ran longer than spec.timeoutSeconds (${timeout} s) and was stopped.`,
        },
      });
    }
    if (ran >= runSeconds(obj)) {
      const end = outcome(obj);
      return halt(state, kind, next, now, {
        phase: end.phase,
        ready: { status: 'False', reason: end.reason, message: end.message },
      });
    }
  }
  next = restart(state, next, now) ?? next;
  return next === obj || JSON.stringify(next.status) === JSON.stringify(obj.status) ? undefined : next;
}

/** Acts once on each new value of nodus.dev/restart-requested-at, and records the value handled. */
function restart(state: MockState, obj: NodusObject, now: number): NodusObject | undefined {
  const requested = obj.metadata.annotations?.[ANNOTATION_RESTART_REQUESTED_AT];
  if (!requested || obj.status?.restartRequestHandled === requested) return undefined;
  const status = transition(
    obj,
    {
      phase: 'Starting',
      ready: { status: 'False', reason: 'Restarting', message: `Restarting as requested at ${requested}.` },
    },
    now,
    elapsed(since(obj), now, state.config.speed),
  );
  status.restartRequestHandled = requested;
  return done(obj, unexposed(status));
}

/** One step of a Job, Sandbox, Function or Volume; undefined when nothing changes. */
export function stepObject(state: MockState, kind: KindDef, obj: NodusObject, now: number): NodusObject | undefined {
  const phase = String(obj.status?.phase ?? '');
  if (TERMINAL.has(phase)) return undefined;
  const held = heldByState(state, kind, obj, now);
  if (held) return held;
  const want = spec(obj).state as string | undefined;
  if (want && want !== 'Running') return undefined;
  const speed = state.config.speed;
  const usage = kind.usage?.(spec(obj));
  switch (phase) {
    case 'Queued':
    case 'Pending': {
      const waiting = priceWait(state, kind, obj, now);
      if (waiting) return waiting === obj ? undefined : waiting;
      if (elapsed(since(obj), now, speed) < startStepSeconds(obj, usage ? queueSeconds(usage) : 2)) return undefined;
      const to = phase === 'Queued' ? 'Provisioning' : 'Starting';
      const message = phase === 'Queued' ? 'Capacity found; pulling the image and starting.' : 'Starting.';
      return done(obj, transition(obj, { phase: to, ready: { status: 'False', reason: to, message } }, now));
    }
    case 'Provisioning':
      return elapsed(since(obj), now, speed) >= startStepSeconds(obj, PROVISION_SECONDS)
        ? running(kind, obj, now, 'Running', 'Running.')
        : undefined;
    case 'Starting': {
      const wait = obj.status?.restartRequestHandled ? RESTART_SECONDS : startStepSeconds(obj, START_SECONDS);
      return elapsed(since(obj), now, speed) >= wait
        ? running(kind, obj, now, 'Running', 'Running and ready.')
        : undefined;
    }
    case 'Running': {
      const waiting = priceWait(state, kind, obj, now);
      if (waiting && waiting !== obj) return waiting;
      return advanceRunning(state, kind, obj, now);
    }
    default:
      return undefined;
  }
}
