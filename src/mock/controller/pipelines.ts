/**
 * Pipelines run their steps in order, each as a Job they own (an owner reference and the labels
 * nodus.dev/pipeline and nodus.dev/step). A failed step fails the Pipeline; its cost is the sum of its Jobs';
 * suspending or cancelling the Pipeline does the same to the running step.
 */
import { API_VERSION, type NodusObject } from '@/shared/protocol.ts';
import { newObject, specContext } from '../admission/new-object.ts';
import { admitSpec } from '../admission/spec.ts';
import { queueSeconds } from '../billing/pricing.ts';
import { kindByPlural, type KindDef } from '../kinds/index.ts';
import { formatMoney, parseMoney } from '../money.ts';
import type { MockState } from '../state.ts';
import { recordUpdated } from '../events/changes.ts';
import { recordStepStarted } from '../events/transitions.ts';
import { commit } from './commit.ts';
import { isoSeconds, transition } from './status.ts';
import { PROVISION_SECONDS, elapsed } from './timing.ts';

export const LABEL_STEP = 'nodus.dev/step';

interface Step {
  name: string;
  image: string;
  command?: string[];
  env?: unknown[];
  resources?: unknown;
  timeoutSeconds?: number;
}

const TERMINAL = new Set(['Succeeded', 'Failed', 'Cancelled']);

function stepJobName(pipeline: NodusObject, step: Step): string {
  return `${pipeline.metadata.name}-${step.name}`.slice(0, 63).replace(/-+$/, '');
}

function childJobs(state: MockState, child: KindDef, pipeline: NodusObject): NodusObject[] {
  return state.store
    .list(child.plural, pipeline.metadata.namespace)
    .filter((j) => j.metadata.ownerReferences?.some((r) => r.uid === pipeline.metadata.uid));
}

function createStepJob(
  state: MockState,
  kind: KindDef,
  child: KindDef,
  pipeline: NodusObject,
  step: Step,
  budgetLeft: string,
): void {
  const namespace = pipeline.metadata.namespace ?? '';
  const spec = {
    image: step.image,
    command: step.command,
    env: step.env,
    resources: step.resources,
    timeoutSeconds: step.timeoutSeconds,
    maxCostUSD: budgetLeft,
    placement: (pipeline.spec as { placement?: unknown }).placement,
  };
  const admitted = admitSpec(child, JSON.parse(JSON.stringify(spec)), 'Ignore', specContext(state, namespace));
  const job = newObject(state, {
    kind: child,
    namespace,
    name: stepJobName(pipeline, step),
    admitted: {
      metadata: {
        labels: {
          ...pipeline.metadata.labels,
          [kind.children!.label]: pipeline.metadata.name ?? '',
          [LABEL_STEP]: step.name,
        },
      },
      spec: admitted.spec,
      warnings: [],
    },
    launchedBy: 'pipeline',
  });
  job.metadata.ownerReferences = [
    {
      apiVersion: API_VERSION,
      kind: kind.kind,
      name: pipeline.metadata.name ?? '',
      uid: pipeline.metadata.uid ?? '',
      controller: true,
      blockOwnerDeletion: true,
    },
  ];
  recordStepStarted(state, pipeline, state.store.put(child.plural, job), step.name);
}

/** Passes the Pipeline's spec.state on to its running step. */
function propagateState(
  state: MockState,
  child: KindDef,
  pipeline: NodusObject,
  jobs: NodusObject[],
  want: string,
): void {
  for (const job of jobs) {
    const current = (job.spec as { state?: string }).state;
    if (TERMINAL.has(String(job.status?.phase)) || current === want || job.metadata.deletionTimestamp) continue;
    const next = {
      ...job,
      spec: { ...job.spec, state: want },
      metadata: { ...job.metadata, generation: (job.metadata.generation ?? 1) + 1 },
    };
    recordUpdated(state, job, commit(state, child, job, next), undefined, pipeline);
  }
}

export function stepPipeline(
  state: MockState,
  kind: KindDef,
  pipeline: NodusObject,
  now: number,
): NodusObject | undefined {
  const phase = String(pipeline.status?.phase ?? '');
  if (TERMINAL.has(phase)) return undefined;
  const spec = pipeline.spec as { steps: Step[]; state?: string; maxCostUSD?: string };
  // The kind's facts name what its steps run as (Jobs) and the label that ties them to it.
  const child = kindByPlural(kind.children!.plural)!;
  const jobs = childJobs(state, child, pipeline);
  const want = spec.state ?? 'Running';
  const cost = jobs.reduce((sum, j) => sum + parseMoney(String(j.status?.costUSD ?? '0.00')), 0n);
  const withCost = (status: NodusObject['status']) => ({ ...status, costUSD: formatMoney(cost) });
  if (want === 'Cancelled' || want === 'Suspended') {
    propagateState(state, child, pipeline, jobs, want);
    if (phase === want) return undefined;
    const status = transition(
      pipeline,
      { phase: want, ready: { status: 'False', reason: want, message: `${want}: spec.state is ${want}.` } },
      now,
    );
    if (want === 'Cancelled') status.completionTime = isoSeconds(now);
    return { ...pipeline, status: withCost(status) };
  }
  if (phase === 'Suspended') {
    propagateState(state, child, pipeline, jobs, 'Running');
    return {
      ...pipeline,
      status: withCost(
        transition(
          pipeline,
          { phase: 'Queued', ready: { status: 'False', reason: 'Resumed', message: 'spec.state is Running again.' } },
          now,
        ),
      ),
    };
  }
  const since = String(pipeline.status?.lastPhaseTransitionTime ?? pipeline.metadata.creationTimestamp);
  if (phase === 'Queued') {
    if (elapsed(since, now, state.config.speed) < queueSeconds({ gpuCount: 0, cpu: 1 })) return undefined;
    return {
      ...pipeline,
      status: transition(
        pipeline,
        {
          phase: 'Provisioning',
          ready: { status: 'False', reason: 'Provisioning', message: 'Preparing the first step.' },
        },
        now,
      ),
    };
  }
  if (phase === 'Provisioning') {
    if (elapsed(since, now, state.config.speed) < PROVISION_SECONDS / 2) return undefined;
    const status = transition(
      pipeline,
      { phase: 'Running', ready: { status: 'True', reason: 'Running', message: 'Running its steps in order.' } },
      now,
    );
    status.startTime ??= isoSeconds(now);
    return { ...pipeline, status };
  }
  if (phase !== 'Running') return undefined;
  return runSteps(state, kind, child, pipeline, spec, jobs, cost, now);
}

function runSteps(
  state: MockState,
  kind: KindDef,
  child: KindDef,
  pipeline: NodusObject,
  spec: { steps: Step[]; maxCostUSD?: string },
  jobs: NodusObject[],
  cost: bigint,
  now: number,
): NodusObject | undefined {
  const byStep = new Map(jobs.map((j) => [j.metadata.labels?.[LABEL_STEP], j]));
  let completed = 0;
  for (const step of spec.steps) {
    const job = byStep.get(step.name);
    const jobPhase = String(job?.status?.phase ?? '');
    if (job && jobPhase === 'Succeeded') {
      completed++;
      continue;
    }
    const base = { ...pipeline.status, costUSD: formatMoney(cost), completedSteps: completed, currentStep: step.name };
    if (job && (jobPhase === 'Failed' || jobPhase === 'Cancelled')) {
      const message = `Step "${step.name}" ${jobPhase.toLowerCase()}: ${String(job.status?.message ?? '')}`.trim();
      const status = transition(
        { ...pipeline, status: base },
        { phase: 'Failed', ready: { status: 'False', reason: 'StepFailed', message } },
        now,
      );
      status.completionTime = isoSeconds(now);
      return { ...pipeline, status };
    }
    if (!job) {
      const max = parseMoney(spec.maxCostUSD ?? '100.00');
      const left = max > cost ? max - cost : 100n;
      createStepJob(state, kind, child, pipeline, step, formatMoney(left));
    }
    return JSON.stringify(base) === JSON.stringify(pipeline.status) ? undefined : { ...pipeline, status: base };
  }
  const done: NodusObject['status'] = { ...pipeline.status, costUSD: formatMoney(cost), completedSteps: completed };
  delete done.currentStep;
  const status = transition(
    { ...pipeline, status: done },
    {
      phase: 'Succeeded',
      ready: { status: 'False', reason: 'Completed', message: `All ${completed} steps succeeded.` },
    },
    now,
  );
  status.completionTime = isoSeconds(now);
  return { ...pipeline, status };
}
