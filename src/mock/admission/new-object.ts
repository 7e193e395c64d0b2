/**
 * What a new object looks like when it is stored: server-set metadata, the billing finalizer and the first
 * status. Creates, the demo data, bulk seeding and a Pipeline's step Jobs all build their objects here.
 */
import { KIND_FACTS } from '@/shared/kinds.ts';
import {
  API_VERSION,
  FINALIZER_BILLING,
  LABEL_CREATED_BY,
  LABEL_LAUNCHED_BY,
  PUBLIC_PROJECT,
  type NodusObject,
  type ObjectMeta,
  type ObjectStatus,
} from '@/shared/protocol.ts';
import type { KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { usedGiB } from '../files/trees.ts';
import { clientMetadata, isNodusKey, type ServerKeySent } from './metadata.ts';
import type { SpecContext } from './spec.ts';

/** What a kind's spec may refer to in the project: published images and the project's Volumes. */
export function specContext(state: MockState, namespace: string): SpecContext {
  return {
    imageExists: (reference) => {
      const match = /^nodus\/([^:@]+)[:@](.+)$/.exec(reference);
      if (!match) return false;
      return state.store.list(KIND_FACTS.Image.plural, PUBLIC_PROJECT).some((img) => {
        const spec = img.spec as { repository?: string; tag?: string } | undefined;
        return spec?.repository === match[1] && spec?.tag === match[2];
      });
    },
    volumeExists: (name) => state.store.get(KIND_FACTS.Volume.plural, namespace, name) !== undefined,
  };
}

/** What an object has admitted: its metadata and spec as checked and defaulted. */
export interface Admitted {
  metadata: Record<string, unknown>;
  spec: Record<string, unknown>;
  warnings: string[];
  /** On create, the server's nodus.dev/ keys the client sent; the new object has the server's values instead. */
  serverKeysSent?: ServerKeySent[];
}

export function initialStatus(
  kind: KindDef,
  spec: Record<string, unknown>,
  generation: number,
  now: string,
): ObjectStatus {
  const state = spec.state as string | undefined;
  if (kind.lifecycle === 'none') {
    return kind.initialStatus
      ? kind.initialStatus(spec, generation, now)
      : { phase: kind.phases[0], observedGeneration: generation };
  }
  const first = kind.lifecycle === 'run-to-completion' ? 'Queued' : 'Pending';
  const held: Record<string, string> = { Suspended: 'Suspended', Cancelled: 'Cancelled', Stopped: 'Stopped' };
  const phase = state && held[state] ? held[state] : first;
  const waiting = phase === first;
  return {
    phase,
    observedGeneration: generation,
    costUSD: '0.00',
    conditions: [
      {
        type: 'Ready',
        status: 'False',
        reason: waiting ? (first === 'Queued' ? 'Queued' : 'Pending') : phase,
        message: waiting ? 'Waiting for capacity.' : `spec.state is ${state}.`,
        lastTransitionTime: now,
      },
    ],
  };
}

/** A kind whose status reports usedGiB starts at what it holds besides files (mock.nodus.dev/used-gib). */
function withBaselineUse(kind: KindDef, metadata: ObjectMeta, status: ObjectStatus): ObjectStatus {
  if (!kind.status.properties?.usedGiB) return status;
  return { ...status, usedGiB: usedGiB({ metadata }, 0) };
}

export interface NewObjectInput {
  kind: KindDef;
  namespace: string;
  name: string;
  admitted: Admitted;
  launchedBy: string;
  /** Who asked for it (the created-by label); the mock's own key owner when the mock makes it. */
  createdBy?: string;
}

export function newObject(state: MockState, input: NewObjectInput): NodusObject {
  const { kind, namespace, name, admitted } = input;
  const now = state.timestamp();
  const client = clientMetadata(admitted.metadata);
  const labels = {
    ...client.labels,
    [LABEL_CREATED_BY]: input.createdBy ?? state.config.principal,
    [LABEL_LAUNCHED_BY]: input.launchedBy,
  };
  const finalizers = (client.finalizers ?? []).filter((f) => !isNodusKey(f));
  if (kind.billable) finalizers.push(FINALIZER_BILLING);
  const metadata: ObjectMeta = {
    name,
    ...(client.generateName ? { generateName: client.generateName } : {}),
    namespace,
    uid: state.newUid(kind.uidPrefix),
    generation: 1,
    creationTimestamp: now,
    labels,
    ...(client.annotations && Object.keys(client.annotations).length ? { annotations: client.annotations } : {}),
    ...(finalizers.length ? { finalizers } : {}),
    ...(client.ownerReferences?.length ? { ownerReferences: client.ownerReferences } : {}),
  };
  return {
    apiVersion: API_VERSION,
    kind: kind.kind,
    metadata,
    spec: admitted.spec,
    status: withBaselineUse(kind, metadata, initialStatus(kind, admitted.spec, 1, now)),
  };
}

export function newProject(
  state: MockState,
  name: string,
  labels: Record<string, string> = {},
  annotations: Record<string, string> = {},
): NodusObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name,
      uid: state.newUid('prj'),
      creationTimestamp: state.timestamp(),
      labels: { 'kubernetes.io/metadata.name': name, ...labels },
      ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
    },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  };
}
