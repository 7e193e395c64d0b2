/**
 * A team object as a create or an update asks for it, checked and made whole: the body's kind and apiVersion,
 * metadata (names, labels, annotations), and the resource's own fields (content.ts). Server fields (uid,
 * creationTimestamp, an APIKey's status) come from the stored object on an update, never from the body.
 */
import { RBAC_GROUP, type APIKeySpec } from '@/shared/iam.ts';
import type { NodusObject, ObjectMeta, StatusCause } from '@/shared/protocol.ts';
import { checkGenerateName, checkMetadata, checkName, clientMetadata, isNodusKey } from '../admission/metadata.ts';
import { ApiFailure, invalid } from '../http/errors.ts';
import type { UnknownFieldMode } from '../schema/schema.ts';
import {
  keySpecCauses,
  roleRefCauses,
  rulesCauses,
  subjectsCauses,
  toRoleRef,
  toRules,
  toSubjects,
  userSpecCauses,
  type Fields,
} from './content.ts';
import { APIKEYS, CLUSTER_ROLE_BINDINGS, CLUSTER_ROLES, ROLES, USERS, type IamResource } from './resources.ts';

export interface IamWrite {
  resource: IamResource;
  /** The project, for a namespaced resource; '' otherwise. */
  namespace: string;
  body: Fields;
  mode: UnknownFieldMode;
  /** The stored object, on an update. */
  existing?: NodusObject;
  /** Who writes: a new APIKey acts as them unless it names another user. */
  username: string;
  now: number;
}

export interface Admitted {
  /** The object to store, without uid, resourceVersion and creationTimestamp on a create. */
  object: NodusObject;
  warnings: string[];
}

/** The fields besides apiVersion, kind and metadata each resource has. */
function contentFields(resource: IamResource): string[] {
  if (resource === USERS || resource === APIKEYS) return ['spec', 'status'];
  if (resource === ROLES || resource === CLUSTER_ROLES) return ['rules', 'aggregationRule'];
  return ['roleRef', 'subjects'];
}

/** A name as Kubernetes takes it for RBAC objects: any path segment (`nodus:viewer`, `kim@finance`). */
function pathSegmentCauses(name: unknown): StatusCause[] {
  const field = 'metadata.name';
  if (typeof name !== 'string' || name === '')
    return [{ field, reason: 'FieldValueRequired', message: 'is required: give a name, or set metadata.generateName' }];
  if (name.length > 253)
    return [{ field, reason: 'FieldValueTooLong', message: `must be at most 253 characters, not ${name.length}` }];
  if (name === '.' || name === '..' || /[/%]/.test(name))
    return [
      {
        field,
        reason: 'FieldValueInvalid',
        message: `"${name.slice(0, 100)}" may not be "." or ".." or hold "/" or "%"`,
      },
    ];
  return [];
}

function contentCauses(w: IamWrite, strict: boolean): StatusCause[] {
  const { resource, body } = w;
  if (resource === USERS) return userSpecCauses(body.spec, strict);
  if (resource === APIKEYS) {
    const spec = body.spec === undefined || isFields(body.spec) ? keySpec(w) : body.spec;
    return keySpecCauses(spec, strict, w.existing ? undefined : w.now);
  }
  if (resource === ROLES || resource === CLUSTER_ROLES) {
    const causes = rulesCauses(body.rules, strict, resource === CLUSTER_ROLES);
    if (body.aggregationRule !== undefined && body.aggregationRule !== null)
      causes.push({
        field: 'aggregationRule',
        reason: 'FieldValueForbidden',
        message: 'roles are not aggregated here',
      });
    return causes;
  }
  return [
    ...roleRefCauses(body.roleRef, strict, resource === CLUSTER_ROLE_BINDINGS),
    ...subjectsCauses(body.subjects, strict),
  ];
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An APIKey's spec.user defaults to the writer; the spec as it will be stored. */
function keySpec(w: IamWrite): Fields {
  const spec = { ...((w.body.spec ?? {}) as Fields) };
  if (spec.user === undefined || spec.user === null || spec.user === '')
    spec.user = (w.existing?.spec as APIKeySpec | undefined)?.user ?? w.username;
  for (const key of Object.keys(spec)) if (spec[key] === null) delete spec[key];
  return spec;
}

function content(w: IamWrite): Fields {
  const { resource, body } = w;
  if (resource === USERS) {
    const spec = { ...((body.spec ?? {}) as Fields) };
    for (const key of Object.keys(spec)) if (spec[key] === null || spec[key] === '') delete spec[key];
    return { spec };
  }
  if (resource === APIKEYS) return { spec: keySpec(w) };
  if (resource === ROLES || resource === CLUSTER_ROLES) return { rules: toRules(body.rules) };
  return { roleRef: toRoleRef(body.roleRef), subjects: toSubjects(body.subjects) };
}

function checkTypeMeta(resource: IamResource, body: Fields): void {
  const apiVersion = `${resource.group}/v1`;
  if (body.apiVersion !== undefined && body.apiVersion !== apiVersion)
    throw new ApiFailure('BadRequest', `the body's apiVersion "${String(body.apiVersion)}" is not ${apiVersion}`, {
      fix: `Send apiVersion: ${apiVersion}, or leave it out.`,
    });
  if (body.kind !== undefined && body.kind !== resource.kind)
    throw new ApiFailure('BadRequest', `the body's kind "${String(body.kind)}" is not ${resource.kind}`, {
      fix: `Send kind: ${resource.kind} to this path, or leave it out.`,
    });
}

function pick(map: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(map ?? {}).filter(([key]) => isNodusKey(key)));
}

export function admitIam(w: IamWrite): Admitted {
  const { resource, body, existing } = w;
  checkTypeMeta(resource, body);
  const strict = w.mode === 'Strict';
  const meta = (typeof body.metadata === 'object' && body.metadata !== null ? body.metadata : {}) as Fields;
  const server = existing
    ? { labels: pick(existing.metadata.labels), annotations: pick(existing.metadata.annotations) }
    : undefined;
  const metadataCheck = checkMetadata(meta, w.mode, server);
  const known = ['apiVersion', 'kind', 'metadata', ...contentFields(resource)];
  const stray = Object.keys(body).filter((key) => !known.includes(key));
  const warnings = [...metadataCheck.warnings];
  const causes = [...metadataCheck.causes];
  if (strict)
    causes.push(
      ...stray.map((key) => ({ field: key, reason: 'FieldValueUnknown', message: `unknown field "${key}"` })),
    );
  else if (w.mode === 'Warn') warnings.push(...stray.map((key) => `unknown field "${key}"`));
  if (!existing) {
    const rbac = resource.group === RBAC_GROUP;
    if (meta.name === undefined || meta.name === '')
      causes.push(
        ...(meta.generateName
          ? checkGenerateName(meta.generateName)
          : rbac
            ? pathSegmentCauses(meta.name)
            : checkName(meta.name)),
      );
    else causes.push(...(rbac ? pathSegmentCauses(meta.name) : checkName(meta.name)));
  }
  if (resource.namespaced && meta.namespace !== undefined && meta.namespace !== '' && meta.namespace !== w.namespace)
    throw new ApiFailure(
      'BadRequest',
      `the body's metadata.namespace "${String(meta.namespace)}" is not the project in the path ("${w.namespace}")`,
      {
        fix: 'Send the object to its own project, or leave metadata.namespace out.',
      },
    );
  causes.push(...contentCauses(w, strict));
  const name = existing?.metadata.name ?? (typeof meta.name === 'string' ? meta.name : undefined);
  if (causes.length) throw invalid({ kind: resource.kind, name, group: resource.group }, causes);
  const client = clientMetadata(meta);
  const metadata: ObjectMeta = {
    ...(existing ? existing.metadata : {}),
    ...(client.name !== undefined ? { name: client.name } : {}),
    ...(client.generateName !== undefined && !existing ? { generateName: client.generateName } : {}),
    ...(resource.namespaced ? { namespace: w.namespace } : {}),
  };
  delete metadata.labels;
  delete metadata.annotations;
  delete metadata.managedFields;
  if (client.labels && Object.keys(client.labels).length) metadata.labels = client.labels;
  if (client.annotations && Object.keys(client.annotations).length) metadata.annotations = client.annotations;
  const object = {
    apiVersion: `${resource.group}/v1`,
    kind: resource.kind,
    metadata,
    ...content(w),
    ...(existing?.status ? { status: existing.status } : {}),
  } as NodusObject;
  return { object, warnings };
}
