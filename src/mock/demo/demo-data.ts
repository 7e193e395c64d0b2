/**
 * The demo org: a few projects with objects of every kind in many phases, Budgets, and the published Images.
 * Every object goes through the same admission as an API create, so demo data is always valid.
 */
import { LABEL_CREATED_BY, PUBLIC_PROJECT, type Condition, type ObjectStatus } from '@/shared/protocol.ts';
import { initialStatus, newObject, newProject, specContext } from '../admission/new-object.ts';
import { admitSpec } from '../admission/spec.ts';
import { estimateFor } from '../billing/pricing.ts';
import { kindByPlural } from '../kinds/index.ts';
import { exposure } from '../kinds/endpoints.ts';
import { markDeleting } from '../objects/deletion.ts';
import { recordUpdate } from '../objects/managed-fields.ts';
import { withStatusWrite } from '../schema/fields-v1.ts';
import type { MockState } from '../state.ts';

import { ensureAccess } from '../iam/bootstrap.ts';
import { authorOf } from './demo-authors.ts';
import { loadDemoEvents } from './demo-events.ts';
import { loadDemoFiles } from './demo-files.ts';
import { loadDemoHistory } from './demo-history.ts';
import { IMAGES, type Seed } from './demo-org.ts';
import { PROJECTS } from './demo-projects.ts';
import { loadDemoTeam } from './demo-team.ts';

/** The field manager each demo author's tool writes as. */
const MANAGERS: Record<ReturnType<typeof authorOf>['launchedBy'], string> = {
  console: 'nodus-console',
  cli: 'nodus-cli',
  api: 'nodus-sdk',
};

const FINISHED = new Set(['Succeeded', 'Failed', 'Cancelled', 'Stopped']);

function readyCondition(phase: string, message: string | undefined, at: string): Condition {
  const ready = phase === 'Running' || phase === 'Active' || phase === 'Succeeded';
  const text: Record<string, string> = {
    Running: 'Running.',
    Succeeded: 'Finished successfully.',
    Queued: 'Waiting for capacity.',
    Provisioning: 'Capacity found; pulling the image and starting.',
    Pending: 'Waiting for capacity.',
    Starting: 'Pulling the image and starting.',
    Suspended: 'spec.state is Suspended.',
    Cancelled: 'spec.state is Cancelled.',
    Stopped: 'Stopped.',
  };
  return {
    type: 'Ready',
    status: ready ? 'True' : 'False',
    reason: phase === 'Running' ? 'Running' : phase,
    message: message ?? text[phase] ?? phase,
    lastTransitionTime: at,
  };
}

function addSeed(state: MockState, namespace: string, seed: Seed): void {
  const kind = kindByPlural(seed.plural)!;
  const admitted = admitSpec(kind, seed.spec, 'Strict', specContext(state, namespace));
  if (admitted.causes.length)
    throw new Error(`demo ${kind.kind} ${namespace}/${seed.name}: ${JSON.stringify(admitted.causes)}`);
  const created = state.now() - (seed.ageMinutes ?? 60) * 60_000;
  const at = state.timestamp(created);
  const author = authorOf(namespace, seed.name, seed.plural);
  const obj = newObject(state, {
    kind,
    namespace,
    name: seed.name,
    admitted: {
      metadata: { labels: seed.labels ?? {}, ...(seed.annotations ? { annotations: seed.annotations } : {}) },
      spec: admitted.spec,
      warnings: [],
    },
    ...author,
  });
  obj.metadata.creationTimestamp = at;
  const base = initialStatus(kind, admitted.spec, 1, at);
  const phase = seed.phase ?? String(base.phase);
  const status: ObjectStatus = { ...base, phase, ...(seed.message ? { message: seed.message } : {}), ...seed.status };
  if (kind.lifecycle !== 'none') {
    status.conditions = [readyCondition(phase, seed.message, state.timestamp(created + 60_000))];
    status.costUSD = seed.costUSD ?? '0.00';
    const estimate = estimateFor(kind, admitted.spec, state.priceBook, created);
    if (estimate) status.estimate = estimate;
    if (!['Queued', 'Pending', 'Provisioning', 'Starting'].includes(phase))
      status.startTime = state.timestamp(created + 60_000);
    if (phase === 'Running' && kind.endpoints) Object.assign(status, exposure(kind.endpoints(obj)));
    if (FINISHED.has(phase) && seed.plural !== 'volumes') {
      status.completionTime = state.timestamp(created + Math.min(seed.ageMinutes ?? 60, 30) * 60_000);
    }
  }
  // Written as its author's tool would have written it: the create owns the spec, the controller the status.
  obj.metadata.managedFields = recordUpdate(kind, undefined, obj, MANAGERS[author.launchedBy], at);
  let stored = withStatusWrite(obj, { ...obj, status }, state.timestamp(Math.min(created + 60_000, state.now())));
  if (seed.deletingMinutes !== undefined)
    stored = markDeleting(state, kind, stored, state.now() - seed.deletingMinutes * 60_000);
  state.store.put(kind.plural, stored);
}

/**
 * What every org starts with: the project default, the published Images in the read-only project nodus, and its
 * access (the built-in roles, and the configured key's user as org admin).
 */
export function loadBaseline(state: MockState): void {
  state.store.put('namespaces', newProject(state, PUBLIC_PROJECT));
  state.store.put('namespaces', newProject(state, 'default'));
  const imageKind = kindByPlural('images')!;
  for (const image of IMAGES) {
    const name = `${image.repository}-${image.tag.replace(/\./g, '-')}`.toLowerCase();
    const obj = newObject(state, {
      kind: imageKind,
      namespace: PUBLIC_PROJECT,
      name,
      admitted: { metadata: {}, spec: { ...image, architectures: ['amd64'] }, warnings: [] },
      launchedBy: 'api',
    });
    obj.metadata.labels = { ...obj.metadata.labels, [LABEL_CREATED_BY]: 'nodus' };
    state.store.put('images', obj);
  }
  ensureAccess(state);
}

/**
 * The demo org on top of the baseline, with its spend history and its recent events. One deleting object
 * (vision/old-baseline) stays stuck on its billing finalizer, to show what deletionTimestamp and finalizers mean.
 */
export function loadDemoData(state: MockState): void {
  loadBaseline(state);
  for (const [project, seeds] of Object.entries(PROJECTS)) {
    if (!state.store.get('namespaces', '', project)) state.store.put('namespaces', newProject(state, project));
    for (const seed of seeds) addSeed(state, project, seed);
  }
  loadDemoTeam(state);
  loadDemoFiles(state);
  loadDemoHistory(state);
  loadDemoEvents(state);
}
