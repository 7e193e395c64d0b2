/**
 * Create, update and delete of users, keys, roles and bindings. They take effect at once (no finalizers): a deleted
 * key or binding stops working before the answer is sent. Built-in objects cannot be changed. A new APIKey's
 * secret is in the create's answer and nowhere else; only its hash is stored.
 */
import { LABEL_BUILT_IN, type APIKeySpec, type BindingObject, type Subject } from '@/shared/iam.ts';
import type { NodusObject, StatusCause } from '@/shared/protocol.ts';
import { ApiFailure, invalid } from '../http/errors.ts';
import { warningHeaders, type Reply } from '../http/reply.ts';
import type { UnknownFieldMode } from '../schema/schema.ts';
import type { MockState } from '../state.ts';
import { admitIam } from './admission.ts';
import { keysOf, newKeyStatus, removeKey, storeKey } from './api-keys.ts';
import type { Fields } from './content.ts';
import { newSecret } from './keys.ts';
import { APIKEYS, CLUSTER_ROLES, ROLES, USERS, type IamResource } from './resources.ts';

export interface IamRequest {
  resource: IamResource;
  namespace: string;
  body: Fields;
  dryRun: boolean;
  mode: UnknownFieldMode;
  /** Who writes. */
  username: string;
  /** Runs on the object as it would be stored (before it is, dry-run too): the authorizer's last word. */
  check?: (before: NodusObject | undefined, after: NodusObject) => void;
  /** A key's secret chosen by the server's own seeding (the demo keys); a client never chooses one. */
  secret?: string;
}

export interface IamUpdate extends IamRequest {
  name: string;
  /** Set by a patch, which checked the resourceVersion it was given (if any) itself. */
  preconditionChecked?: boolean;
}

function what(resource: IamResource, namespace: string, name: string): string {
  return `${resource.kind} "${name}"${resource.namespaced ? ` in project "${namespace}"` : ''}`;
}

export function iamNotFound(resource: IamResource, namespace: string, name: string): ApiFailure {
  return new ApiFailure('NotFound', `${what(resource, namespace, name)} not found`, {
    details: { kind: resource.kind, name, group: resource.group },
    fix: `Check the name; list them with: kubectl get ${resource.plural}.${resource.group}${resource.namespaced ? ` -n ${namespace}` : ''}`,
  });
}

function refuseBuiltIn(resource: IamResource, obj: NodusObject): void {
  if (obj.metadata.labels?.[LABEL_BUILT_IN] !== 'true') return;
  throw new ApiFailure('Forbidden', `${resource.kind} "${obj.metadata.name}" is built in and cannot be changed`, {
    details: { kind: resource.kind, name: obj.metadata.name ?? '', group: resource.group },
    fix:
      resource === CLUSTER_ROLES
        ? 'Bind it as it is, or write the rules you want in a Role of your project.'
        : 'Make a binding of your own instead.',
  });
}

/** Checks against what exists: a key's user, a binding's role; unknown users in subjects only warn. */
function references(state: MockState, resource: IamResource, namespace: string, obj: NodusObject): string[] {
  if (resource === APIKEYS) {
    const user = (obj.spec as APIKeySpec).user;
    if (!state.store.get(USERS.storeKey, '', user))
      throw invalid({ kind: resource.kind, name: obj.metadata.name, group: resource.group }, [
        { field: 'spec.user', reason: 'FieldValueNotFound', message: `user "${user}" does not exist` },
      ]);
    return [];
  }
  const binding = obj as BindingObject;
  if (!binding.roleRef) return [];
  const { kind, name } = binding.roleRef;
  const role =
    kind === 'ClusterRole'
      ? state.store.get(CLUSTER_ROLES.storeKey, '', name)
      : state.store.get(ROLES.storeKey, namespace, name);
  if (!role)
    throw invalid({ kind: resource.kind, name: obj.metadata.name, group: resource.group }, [
      {
        field: 'roleRef.name',
        reason: 'FieldValueNotFound',
        message: `${kind} "${name}" does not exist${kind === 'Role' ? ` in project "${namespace}"` : ''}`,
      },
    ]);
  return (binding.subjects ?? [])
    .filter((s: Subject) => s.kind === 'User' && !state.store.get(USERS.storeKey, '', s.name))
    .map((s) => `user "${s.name}" does not exist (yet): the binding applies once it does`);
}

function freeName(state: MockState, resource: IamResource, namespace: string, prefix: string): string {
  for (let i = 0; i < 16; i++) {
    const name = `${prefix}${state.randomSuffix()}`;
    if (!state.store.get(resource.storeKey, namespace, name)) return name;
  }
  throw new ApiFailure('AlreadyExists', `could not find a free name with prefix "${prefix}"`, {
    fix: 'Use a longer generateName prefix.',
  });
}

/** The fields a create compares with an existing namesake: equal, the create returns it (a safe retry). */
function contentOf(obj: NodusObject): string {
  const { apiVersion: _a, kind: _k, metadata: _m, status: _s, ...rest } = obj as NodusObject & Fields;
  return JSON.stringify(rest);
}

export function createIam(state: MockState, req: IamRequest): Reply {
  const { resource, namespace } = req;
  const { object, warnings } = admitIam({ ...req, now: state.now() });
  const name = object.metadata.name ?? freeName(state, resource, namespace, object.metadata.generateName ?? '');
  object.metadata.name = name;
  const existing = state.store.get(resource.storeKey, namespace, name);
  if (existing && (resource === APIKEYS || contentOf(existing) !== contentOf(object)))
    throw new ApiFailure('AlreadyExists', `${what(resource, namespace, name)} already exists`, {
      details: { kind: resource.kind, name, group: resource.group },
      fix:
        resource === APIKEYS
          ? "A key's secret is shown once, when it is made. If it was lost, delete the key and create a new one."
          : 'Pick another name, or change the existing one (kubectl edit).',
    });
  if (existing) return { code: 200, body: existing };
  warnings.push(...references(state, resource, namespace, object));
  req.check?.(undefined, object);
  object.metadata.uid = state.newUid(resource.uidPrefix);
  object.metadata.creationTimestamp = state.timestamp();
  const headers = warningHeaders(warnings);
  if (resource !== APIKEYS) {
    return { code: 201, body: req.dryRun ? object : state.store.put(resource.storeKey, object), headers };
  }
  // A dry-run makes no key, so its answer has no status: neither a secret nor a prefix.
  if (req.dryRun) return { code: 201, body: object, headers };
  const secret = req.secret ?? newSecret();
  object.status = newKeyStatus(secret);
  const stored = storeKey(state, object, secret);
  return { code: 201, body: { ...stored, status: { ...stored.status, secret } }, headers };
}

function conflict(resource: IamResource, name: string): ApiFailure {
  return new ApiFailure(
    'Conflict',
    `Operation cannot be fulfilled on ${resource.plural}.${resource.group} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    { details: { kind: resource.kind, name, group: resource.group } },
  );
}

function immutable(resource: IamResource, before: NodusObject, after: NodusObject): StatusCause[] {
  const causes: StatusCause[] = [];
  const changed = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
  if (resource === APIKEYS) {
    const [b, a] = [before.spec as APIKeySpec, after.spec as APIKeySpec];
    for (const field of ['user', 'expiresAt'] as const)
      if (changed(b[field], a[field]))
        causes.push({
          field: `spec.${field}`,
          reason: 'FieldValueImmutable',
          message: 'cannot change: create a new key',
        });
    if (b.revoked === true && a.revoked !== true)
      causes.push({
        field: 'spec.revoked',
        reason: 'FieldValueImmutable',
        message: 'a revoked key stays revoked: create a new key',
      });
  }
  const roleRef = (o: NodusObject) => (o as BindingObject).roleRef;
  if (roleRef(before) && changed(roleRef(before), roleRef(after)))
    causes.push({
      field: 'roleRef',
      reason: 'FieldValueImmutable',
      message: 'cannot change: delete the binding and make a new one',
    });
  return causes;
}

export function updateIam(state: MockState, req: IamUpdate): Reply {
  const { resource, namespace, name, body } = req;
  const existing = state.store.get(resource.storeKey, namespace, name);
  if (!existing) throw iamNotFound(resource, namespace, name);
  const meta = (body.metadata ?? {}) as Fields;
  if (meta.name !== undefined && meta.name !== name)
    throw new ApiFailure(
      'BadRequest',
      `the name in the body ("${String(meta.name)}") does not match the name in the path ("${name}")`,
    );
  if (!req.preconditionChecked) {
    if (meta.resourceVersion === undefined || meta.resourceVersion === '')
      throw invalid({ kind: resource.kind, name, group: resource.group }, [
        {
          field: 'metadata.resourceVersion',
          reason: 'FieldValueRequired',
          message: 'must be specified for an update: send the resourceVersion you read',
        },
      ]);
    if (String(meta.resourceVersion) !== existing.metadata.resourceVersion) throw conflict(resource, name);
  }
  if (meta.uid !== undefined && meta.uid !== existing.metadata.uid) throw conflict(resource, name);
  refuseBuiltIn(resource, existing);
  const { object, warnings } = admitIam({ ...req, existing, now: state.now() });
  const causes = immutable(resource, existing, object);
  if (causes.length)
    throw new ApiFailure(
      'FieldImmutable',
      `${resource.kind} "${name}": ${causes.map((c) => `${c.field} ${c.message}`).join('; ')}`,
      {
        details: { kind: resource.kind, name, group: resource.group, causes },
      },
    );
  warnings.push(...references(state, resource, namespace, object));
  if (resource === APIKEYS && (object.spec as APIKeySpec).revoked && !(existing.spec as APIKeySpec).revoked)
    object.status = { ...object.status, revoked: true, revokedAt: state.timestamp() };
  req.check?.(existing, object);
  const headers = warningHeaders(warnings);
  if (
    req.dryRun ||
    contentOf(object) + JSON.stringify(object.metadata) === contentOf(existing) + JSON.stringify(existing.metadata)
  )
    return { code: 200, body: req.dryRun ? object : existing, headers };
  return { code: 200, body: state.store.put(resource.storeKey, object), headers };
}

export interface IamDelete {
  resource: IamResource;
  namespace: string;
  name: string;
  dryRun: boolean;
  preconditions: { uid?: string; resourceVersion?: string };
  check?: (before: NodusObject) => void;
}

/** Removes the object at once; a User takes its keys with it, so that nothing can act as them any more. */
export function deleteIam(state: MockState, req: IamDelete): Reply {
  const { resource, namespace, name } = req;
  const existing = state.store.get(resource.storeKey, namespace, name);
  if (!existing) throw iamNotFound(resource, namespace, name);
  const { uid, resourceVersion } = req.preconditions;
  if (
    (uid !== undefined && uid !== existing.metadata.uid) ||
    (resourceVersion !== undefined && resourceVersion !== existing.metadata.resourceVersion)
  )
    throw conflict(resource, name);
  refuseBuiltIn(resource, existing);
  req.check?.(existing);
  if (req.dryRun) return { code: 200, body: existing };
  if (resource === APIKEYS) return { code: 200, body: removeKey(state, name) };
  if (resource === USERS) for (const key of keysOf(state, name)) removeKey(state, key.metadata.name ?? '');
  return { code: 200, body: state.store.remove(resource.storeKey, namespace, name) };
}
