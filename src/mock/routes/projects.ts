/**
 * Projects are namespaces (`/api/v1/namespaces`): list, watch, get, create, patch and delete. `default` and the
 * read-only `nodus` cannot be deleted; deleting another deletes everything in it first.
 */
import { DEFAULT_PROJECT, PUBLIC_PROJECT, type NodusObject } from '@/shared/protocol.ts';
import { checkMetadata, checkName, clientMetadata, isNodusKey } from '../admission/metadata.ts';
import { newProject } from '../admission/new-object.ts';
import { ApiFailure, invalid } from '../http/errors.ts';
import { deleteProject, refuseCreateIfTerminating } from '../objects/deletion.ts';
import type { DeleteCause } from '../events/changes.ts';
import type { Reply } from '../http/reply.ts';
import type { UnknownFieldMode } from '../schema/schema.ts';
import type { MockState } from '../state.ts';

export function projectNotFound(name: string): ApiFailure {
  return new ApiFailure('NotFound', `project "${name}" not found`, {
    details: { kind: 'Namespace', name },
    fix: 'Check the project name; list projects with: kubectl get namespaces',
  });
}

export function getProject(state: MockState, name: string): NodusObject {
  const project = state.store.get('namespaces', '', name);
  if (!project) throw projectNotFound(name);
  return project;
}

/**
 * Mock-only: a project annotated `mock.nodus.dev/refuse-with` answers every request for its objects (lists, watches,
 * reads, writes) with a 500 InternalError whose message, fix and docs are the annotation's JSON
 * {"message", "fix", "docs"} taken as they are (or the whole value as the message when it is not such JSON). It is
 * how the console's tests get text of their choosing (hostile text included) into an error panel.
 */
export const REFUSE_WITH_KEY = 'mock.nodus.dev/refuse-with';

function refuseIfAsked(project: NodusObject): void {
  const value = project.metadata.annotations?.[REFUSE_WITH_KEY];
  if (value === undefined) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const asked =
    typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : { message: value };
  throw new ApiFailure('InternalError', text(asked.message) ?? value, {
    details: { kind: 'Namespace', name: project.metadata.name ?? '' },
    ...(text(asked.fix) !== undefined ? { fix: text(asked.fix) } : {}),
    ...(text(asked.docs) !== undefined ? { docs: text(asked.docs) } : {}),
  });
}

/**
 * The project must exist; writes need one that is not read-only, and creates one that is not being deleted (an
 * update or delete of what is in a project being deleted goes on: see refuseCreateIfTerminating).
 */
export function requireProject(state: MockState, name: string, access: 'read' | 'write' | 'create'): void {
  const project = getProject(state, name);
  refuseIfAsked(project);
  if (access === 'read') return;
  if (name === PUBLIC_PROJECT) {
    throw new ApiFailure('Forbidden', `project "${PUBLIC_PROJECT}" is read-only: it holds what Nodus publishes`, {
      details: { kind: 'Namespace', name },
      fix: 'Write to one of your own projects (such as "default"); reference published images as nodus/<name>:<tag>.',
    });
  }
  if (access === 'create') refuseCreateIfTerminating(state, name);
}

const NAMESPACE_FIELDS = new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']);

export function createProject(
  state: MockState,
  body: Record<string, unknown>,
  dryRun: boolean,
  mode: UnknownFieldMode = 'Strict',
): Reply {
  if (body.kind !== undefined && body.kind !== 'Namespace') {
    throw new ApiFailure('BadRequest', `the kind in the body ("${String(body.kind)}") is not Namespace`);
  }
  const meta = (body.metadata ?? {}) as Record<string, unknown>;
  const check = checkMetadata(meta, mode);
  const unknown = mode === 'Strict' ? Object.keys(body).filter((key) => !NAMESPACE_FIELDS.has(key)) : [];
  const causes = [
    ...checkName(meta.name),
    ...check.causes,
    ...unknown.map((key) => ({ field: key, reason: 'FieldValueUnknown', message: `unknown field "${key}"` })),
  ];
  if (causes.length)
    throw invalid({ kind: 'Namespace', name: typeof meta.name === 'string' ? meta.name : undefined }, causes);
  const name = meta.name as string;
  const { labels = {}, annotations = {} } = clientMetadata(meta);
  const existing = state.store.get('namespaces', '', name);
  if (existing) {
    if (existing.metadata.deletionTimestamp) {
      throw new ApiFailure(
        'AlreadyExists',
        `project "${name}" is being deleted; it can be created again once it is gone`,
        { details: { kind: 'Namespace', name } },
      );
    }
    return { code: 200, body: existing };
  }
  const project = newProject(state, name, labels, annotations);
  return { code: 201, body: dryRun ? project : state.store.put('namespaces', project) };
}

export function removeProject(state: MockState, name: string, dryRun: boolean, by?: DeleteCause): Reply {
  const project = getProject(state, name);
  if (name === DEFAULT_PROJECT || name === PUBLIC_PROJECT) {
    throw new ApiFailure('Forbidden', `project "${name}" cannot be deleted`, {
      details: { kind: 'Namespace', name },
      fix:
        name === DEFAULT_PROJECT
          ? 'Every org keeps its default project; delete the objects in it instead.'
          : 'The project nodus is published by Nodus.',
    });
  }
  if (dryRun) return { code: 200, body: project };
  return { code: 200, body: deleteProject(state, project, by) };
}

/**
 * A merge patch of a project's labels and annotations (what `kubectl label` and `kubectl annotate` send, as a
 * strategic merge patch, which for these string maps is the same thing). Nothing else of a project is the
 * client's to change.
 */
export function patchProject(state: MockState, name: string, patch: Record<string, unknown>, dryRun: boolean): Reply {
  requireProject(state, name, 'write');
  const project = getProject(state, name);
  const strayTop = Object.keys(patch).filter((k) => !['apiVersion', 'kind', 'metadata'].includes(k));
  const meta = (patch.metadata ?? {}) as Record<string, unknown>;
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta))
    throw new ApiFailure('BadRequest', 'metadata in the patch must be an object');
  const strayMeta = Object.keys(meta).filter((k) => !['name', 'labels', 'annotations', 'resourceVersion'].includes(k));
  const stray = [...strayTop, ...strayMeta.map((k) => `metadata.${k}`)];
  if (stray.length) {
    throw invalid(
      { kind: 'Namespace', name },
      stray.map((field) => ({
        field,
        reason: 'FieldValueForbidden',
        message: 'only metadata.labels and metadata.annotations of a project can be patched',
      })),
    );
  }
  if (meta.name !== undefined && meta.name !== name)
    throw new ApiFailure('BadRequest', `the name in the patch ("${String(meta.name)}") is not "${name}"`);
  if (meta.resourceVersion != null && String(meta.resourceVersion) !== project.metadata.resourceVersion) {
    throw new ApiFailure(
      'Conflict',
      `project "${name}" has changed since resourceVersion ${String(meta.resourceVersion)}`,
      {
        details: { kind: 'Namespace', name },
        fix: 'Read the project again and patch the version you read.',
      },
    );
  }
  const labels = mergeMap(project.metadata.labels, meta.labels);
  const annotations = mergeMap(project.metadata.annotations, meta.annotations);
  const serverLabels = { 'kubernetes.io/metadata.name': name };
  const check = checkMetadata({ labels, annotations }, 'Strict', {
    labels: pickNodus(project.metadata.labels),
    annotations: pickNodus(project.metadata.annotations),
  });
  if (check.causes.length) throw invalid({ kind: 'Namespace', name }, check.causes);
  const next: NodusObject = {
    ...project,
    metadata: {
      ...project.metadata,
      // Kubernetes keeps this label equal to the name whatever a client sends.
      labels: { ...labels, ...serverLabels },
      ...(Object.keys(annotations).length ? { annotations } : {}),
    },
  };
  if (!Object.keys(annotations).length) delete next.metadata.annotations;
  return { code: 200, body: dryRun ? next : state.store.put('namespaces', next) };
}

function mergeMap(current: Record<string, string> | undefined, patch: unknown): Record<string, string> {
  if (patch === undefined) return { ...current };
  if (patch === null) return {};
  if (typeof patch !== 'object' || Array.isArray(patch)) return patch as Record<string, string>;
  const out: Record<string, string> = { ...current };
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (value === null) delete out[key];
    else out[key] = value as string;
  }
  return out;
}

function pickNodus(map: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(map ?? {}).filter(([key]) => isNodusKey(key)));
}
