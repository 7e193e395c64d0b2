/**
 * The demo org's recent events, so that a new user sees each object's story on first start: who created it,
 * its phase changes up to the phase it is shown in, a failure with its reason, a cost cap reached and raised, a
 * Budget's alert, a restart, a delete stuck on its finalizer, and Functions' requests counted in series. Written
 * in the words the live recorders use (events/), and only what is well within the events' TTL; the controller
 * carries each story on from where it stands (vision/augment-coco's price above its estimate is its first act).
 */
import type { NodusObject } from '@/shared/protocol.ts';
import { record, type RecordInput } from '../events/record.ts';
import { kindByPlural, type KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { authorOf } from './demo-authors.ts';
import type { Seed } from './demo-org.ts';
import { PROJECTS } from './demo-projects.ts';

const MINUTE = 60_000;

interface Told {
  at: number;
  regarding: NodusObject;
  event: Omit<RecordInput, 'regarding' | 'at'>;
}

const FROM = { api: 'through the API', cli: 'with the nodus CLI', console: 'in the console' };

/** The steps up to Running, with the messages the controller writes (a Pipeline's are its own). */
function stepsOf(kind: KindDef): [string, string][] {
  if (kind.children)
    return [
      ['Provisioning', 'Preparing the first step.'],
      ['Running', 'Running its steps in order.'],
    ];
  return kind.lifecycle === 'run-to-completion'
    ? [
        ['Provisioning', 'Capacity found; pulling the image and starting.'],
        ['Running', 'Running.'],
      ]
    : [
        ['Starting', 'Starting.'],
        ['Running', 'Running and ready.'],
      ];
}

const FINAL: Record<string, { note: string; warning?: boolean; request?: [string, string] }> = {
  Succeeded: { note: 'Finished successfully (exit code 0).' },
  Failed: { note: '', warning: true },
  Cancelled: { note: 'Cancelled: spec.state is Cancelled.', request: ['CancelRequested', 'Cancel'] },
  Suspended: { note: 'Suspended: spec.state is Suspended.', request: ['SuspendRequested', 'Suspend'] },
  Stopped: { note: 'Stopped: spec.state is Stopped.', request: ['StopRequested', 'Stop'] },
};

/** Why each demo failure failed, as the Ready condition's reason says. */
const FAILED_BECAUSE: Record<string, string> = { 'distill-7b': 'OutOfMemory', 'ci-runner-2': 'Error' };

/** A phase change as the controller records it; `reason` when it says more than the phase (MaxCostReached). */
function phaseEvent(
  regarding: NodusObject,
  at: number,
  [from, to]: [string, string],
  note: string,
  options: { warning?: boolean; reason?: string } = {},
): Told {
  const why = to === 'Failed' ? ` (${FAILED_BECAUSE[regarding.metadata.name ?? ''] ?? 'Error'})` : '';
  return {
    at,
    regarding,
    event: {
      reason: options.reason ?? to,
      type: options.warning ? 'Warning' : 'Normal',
      action: 'Transition',
      note: `${from} → ${to}${why}: ${note}`,
    },
  };
}

/** Created, then each phase up to the one the object is shown in. */
function lifeOf(state: MockState, project: string, seed: Seed, obj: NodusObject, now: number): Told[] {
  const kind = kindByPlural(seed.plural)!;
  // Budgets are backdated after they are made (demo-history.ts): the object says when.
  const created = Date.parse(obj.metadata.creationTimestamp ?? '') || now;
  const age = now - created;
  const author = authorOf(project, seed.name, seed.plural);
  const by = { actor: author.createdBy, requestId: state.newRequestId() };
  const told: Told[] = [
    {
      at: created,
      regarding: obj,
      event: { reason: 'Created', action: 'Create', note: `Created by ${by.actor} ${FROM[author.launchedBy]}`, ...by },
    },
  ];
  if (kind.lifecycle === 'none') return told;
  const first = kind.lifecycle === 'run-to-completion' ? 'Queued' : 'Pending';
  const phase = seed.phase ?? first;
  const steps = stepsOf(kind);
  // A young object's steps are spread over its short life; an older one took a minute each.
  const gap = Math.round(Math.min(MINUTE, age / 4));
  const reached = ['Running', ...Object.keys(FINAL), 'Cancelling'].includes(phase)
    ? steps.length
    : steps.findIndex(([p]) => p === phase) + 1;
  const failedEarly = phase === 'Failed' && kind.lifecycle === 'long-running';
  let from = first;
  steps.slice(0, failedEarly ? 1 : reached).forEach(([to, note], i) => {
    told.push(phaseEvent(obj, created + (i + 1) * gap, [from, to], note));
    from = to;
  });
  const end = FINAL[phase];
  if (!end) return told;
  const endAt = Math.min(now - MINUTE, created + Math.min(age / MINUTE, 30) * MINUTE);
  if (end.request)
    told.push({
      at: endAt - 5000,
      regarding: obj,
      event: {
        reason: end.request[0],
        action: end.request[1],
        note: `${end.request[1]} requested by ${author.createdBy}: spec.state Running → ${phase}`,
        actor: author.createdBy,
        requestId: state.newRequestId(),
      },
    });
  const note = end.note || String(obj.status?.message ?? '');
  told.push(phaseEvent(obj, endAt, [from, phase], note, { warning: end.warning ?? false }));
  return told;
}

/** The moments worth a second look, each on the object it happened to. */
function highlights(
  state: MockState,
  get: (project: string, plural: string, name: string) => NodusObject | undefined,
  now: number,
): Told[] {
  const told: Told[] = [];
  const at = (minutesAgo: number) => now - minutesAgo * MINUTE;
  const request = () => state.newRequestId();
  const detector = get('vision', 'jobs', 'train-detector');
  if (detector)
    told.push(
      phaseEvent(
        detector,
        at(220),
        ['Running', 'Suspended'],
        'Stopped at its cost cap: spent 60.00 of spec.maxCostUSD 60.00. Raise spec.maxCostUSD to let it go on.',
        { warning: true, reason: 'MaxCostReached' },
      ),
      {
        at: at(205),
        regarding: detector,
        event: {
          reason: 'SpecUpdated',
          action: 'Update',
          note: 'Spec updated by kim: maxCostUSD 60.00 → 150.00',
          actor: 'kim',
          requestId: request(),
        },
      },
      phaseEvent(
        detector,
        at(205) + 1000,
        ['Suspended', 'Queued'],
        'spec.maxCostUSD was raised; waiting for capacity to go on.',
      ),
      phaseEvent(detector, at(203), ['Queued', 'Provisioning'], 'Capacity found; pulling the image and starting.'),
      phaseEvent(detector, at(202), ['Provisioning', 'Running'], 'Running.'),
    );
  const weekly = get('vision', 'budgets', 'vision-weekly');
  if (weekly && detector)
    told.push({
      at: at(180),
      regarding: weekly,
      event: {
        reason: 'BudgetThresholdCrossed',
        type: 'Warning',
        action: 'Alert',
        note: 'Spent 640.12 of 800.00 (80 %): past its 80 % alert threshold',
        related: detector,
      },
    });
  const baseline = get('vision', 'jobs', 'old-baseline');
  if (baseline)
    told.push({
      at: at(95),
      regarding: baseline,
      event: {
        reason: 'DeleteRequested',
        action: 'Delete',
        note: 'Delete requested by lee (propagation Background); it goes once its final charge has posted',
        actor: 'lee',
        requestId: request(),
      },
    });
  const dev = get('default', 'sandboxes', 'dev');
  if (dev)
    told.push(
      {
        at: at(40),
        regarding: dev,
        event: {
          reason: 'RestartRequested',
          action: 'Restart',
          note: `Restart requested by ana at ${state.timestamp(at(40))}`,
          actor: 'ana',
          requestId: request(),
        },
      },
      phaseEvent(
        dev,
        at(40) + 2000,
        ['Running', 'Starting'],
        `Restarting as requested at ${state.timestamp(at(40))}.`,
        {
          reason: 'Restarting',
        },
      ),
      phaseEvent(dev, at(39), ['Starting', 'Running'], 'Running and ready.'),
    );
  const trainA = get('default', 'jobs', 'train-a');
  if (trainA)
    told.push({
      at: at(10),
      regarding: trainA,
      event: {
        reason: 'SpecUpdated',
        action: 'Update',
        note: 'Spec updated by demo-user: maxCostUSD 20.00 → 40.00',
        actor: 'demo-user',
        requestId: request(),
      },
    });
  return told;
}

/** Requests Functions answered, each kind of answer one event with its series. */
function traffic(get: (project: string, plural: string, name: string) => NodusObject | undefined, now: number): Told[] {
  const calls: [string, string, number, number, string][] = [
    ['platform', 'webhook-router', 1842, 8 * 60, 'ci-bot'],
    ['platform', 'echo', 57, 2 * 60, 'demo-user'],
    ['nlp', 'embed', 12406, 20 * 60, 'ana'],
  ];
  return calls.flatMap(([project, name, count, minutes, actor]) => {
    const fn = get(project, 'functions', name);
    if (!fn) return [];
    return [
      {
        at: now - 40_000,
        regarding: fn,
        event: {
          reason: 'RequestHandled',
          action: 'Invoke',
          note: 'Answered a request with 200',
          actor,
          controller: 'nodus.dev/api',
          series: { count, since: now - minutes * MINUTE },
        },
      },
    ];
  });
}

export function loadDemoEvents(state: MockState): void {
  const now = state.now();
  const get = (project: string, plural: string, name: string) => state.store.get(plural, project, name);
  const told: Told[] = [];
  for (const [project, seeds] of Object.entries(PROJECTS))
    for (const seed of seeds) {
      const obj = get(project, seed.plural, seed.name);
      if (obj) told.push(...lifeOf(state, project, seed, obj, now));
    }
  told.push(...highlights(state, get, now), ...traffic(get, now));
  // Oldest first, as they happened: each project's events are kept in the order they were last seen.
  // Three quarters of the TTL: none of them expires in the first hours of a session (6 h with the default 24 h),
  // so a run of tests right after a start sees no write it did not make.
  const oldest = now - state.config.eventTtlSeconds * 750;
  for (const t of told.filter((x) => x.at > oldest).sort((a, b) => a.at - b.at))
    record(state, { ...t.event, regarding: t.regarding, at: t.at });
}
