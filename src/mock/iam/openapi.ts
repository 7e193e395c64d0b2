/**
 * The OpenAPI v3 documents of iam.nodus.dev/v1 and rbac.authorization.k8s.io/v1: a schema per kind (what
 * `kubectl explain users` prints) and the paths with their operations, which kubectl reads before a create or an
 * apply to learn that the server checks fields itself (fieldValidation).
 */
import { IAM_GROUP, RBAC_GROUP } from '@/shared/iam.ts';
import type { Schema } from '../schema/schema.ts';
import {
  APIKEYS,
  CLUSTER_ROLE_BINDINGS,
  CLUSTER_ROLES,
  IAM_RESOURCES,
  RBAC_RESOURCES,
  ROLES,
  USERS,
  type IamResource,
} from './resources.ts';

const text = (description: string): Schema => ({ type: 'string', description });
const strings = (description: string): Schema => ({ type: 'array', items: { type: 'string' }, description });

const metadata: Schema = {
  type: 'object',
  description: 'Standard object metadata; namespace is the project, for Roles and RoleBindings.',
  properties: {
    name: text('The name, unique per kind (and project).'),
    generateName: text('A prefix; the server adds a unique suffix.'),
    namespace: text('The project.'),
    uid: text('Set by the server.'),
    resourceVersion: text('Changes on every write; send it with an update to make it conditional.'),
    creationTimestamp: { type: 'string', format: 'date-time', description: 'When it was made.' },
    labels: { type: 'object', additionalProperties: { type: 'string' }, description: 'Labels.' },
    annotations: { type: 'object', additionalProperties: { type: 'string' }, description: 'Annotations.' },
  },
};

const rule: Schema = {
  type: 'object',
  description: 'What a role allows: verbs on resources of API groups (optionally by name), or on non-resource URLs.',
  properties: {
    verbs: strings('get, list, watch, create, update, patch, delete, deletecollection, raisecap, bind, escalate or *.'),
    apiGroups: strings(
      'nodus.dev, usage.nodus.dev, "" (core), events.k8s.io, rbac.authorization.k8s.io, iam.nodus.dev or *.',
    ),
    resources: strings('Plurals (jobs), subresources (jobs/log, sandboxes/exec, */log) or *.'),
    resourceNames: strings('Only these objects (none: all).'),
    nonResourceURLs: strings('Paths outside the resource API (/apis/*); ClusterRoles only.'),
  },
  required: ['verbs'],
};

const subject: Schema = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['User', 'Group'], description: 'User, or Group (system:authenticated: everyone).' },
    apiGroup: text('rbac.authorization.k8s.io.'),
    name: text('The user or group.'),
  },
  required: ['kind', 'name'],
};

function content(r: IamResource): Record<string, Schema> {
  if (r === USERS)
    return {
      spec: {
        type: 'object',
        properties: { displayName: text('Their full name.'), email: text('Their email address.') },
      },
    };
  if (r === APIKEYS)
    return {
      spec: {
        type: 'object',
        properties: {
          user: text('The user the key acts as; you, when left out.'),
          description: text('What it is for.'),
          expiresAt: { type: 'string', format: 'date-time', description: 'When it stops working; cannot change.' },
          revoked: { type: 'boolean', description: 'true revokes it at once, for good.' },
        },
      },
      status: {
        type: 'object',
        description: 'Set by the server.',
        properties: {
          prefix: text('Its first characters, to recognise it.'),
          lastUsed: { type: 'string', format: 'date-time', description: 'Last used, to the hour.' },
          revoked: { type: 'boolean', description: 'Whether it was revoked.' },
          revokedAt: { type: 'string', format: 'date-time', description: 'When.' },
          secret: text('The key itself: in the answer to the create only.'),
        },
      },
    };
  if (r === ROLES || r === CLUSTER_ROLES)
    return { rules: { type: 'array', items: rule, description: 'What it allows.' } };
  return {
    roleRef: {
      type: 'object',
      description: 'The role granted; cannot change.',
      properties: {
        apiGroup: text('rbac.authorization.k8s.io.'),
        kind: { type: 'string', enum: r === CLUSTER_ROLE_BINDINGS ? ['ClusterRole'] : ['ClusterRole', 'Role'] },
        name: text('The role.'),
      },
      required: ['kind', 'name'],
    },
    subjects: { type: 'array', items: subject, description: 'Who it is granted to.' },
  };
}

const schemaName = (r: IamResource) => `${r.group.split('.').reverse().join('.')}.v1.${r.kind}`;

export function teamOpenApi(group: string) {
  const resources = group === IAM_GROUP ? IAM_RESOURCES : group === RBAC_GROUP ? RBAC_RESOURCES : [];
  const schemas: Record<string, Schema> = {};
  const paths: Record<string, unknown> = {};
  const params = [
    { name: 'dryRun', in: 'query', description: 'All: check and store nothing.', schema: { type: 'string' } },
    {
      name: 'fieldValidation',
      in: 'query',
      description: 'Strict (default), Warn or Ignore.',
      schema: { type: 'string' },
    },
  ];
  for (const r of resources) {
    const gvk = { group: r.group, version: 'v1', kind: r.kind };
    const ref = { $ref: `#/components/schemas/${schemaName(r)}` };
    schemas[schemaName(r)] = {
      type: 'object',
      properties: { apiVersion: text(`${r.group}/v1.`), kind: text(`${r.kind}.`), metadata, ...content(r) },
      'x-kubernetes-group-version-kind': [gvk],
    } as Schema;
    const ok = { description: 'OK', content: { 'application/json': { schema: ref } } };
    const op = (action: string, extra: Record<string, unknown> = {}) => ({
      operationId: `${action}${r.kind}`,
      'x-kubernetes-action': action,
      'x-kubernetes-group-version-kind': gvk,
      responses: { 200: ok },
      ...extra,
    });
    const writes = r.verbs.includes('create');
    const base = `/apis/${r.group}/v1/${r.namespaced ? 'namespaces/{namespace}/' : ''}${r.plural}`;
    paths[base] = {
      get: op('list'),
      ...(writes
        ? {
            post: op('post', { parameters: params, requestBody: { content: { 'application/json': { schema: ref } } } }),
          }
        : {}),
    };
    paths[`${base}/{name}`] = {
      get: op('get'),
      ...(writes
        ? {
            put: op('put', { parameters: params, requestBody: { content: { 'application/json': { schema: ref } } } }),
            patch: op('patch', {
              parameters: params,
              requestBody: { content: { 'application/merge-patch+json': { schema: { type: 'object' } } } },
            }),
            delete: op('delete'),
          }
        : {}),
    };
  }
  return {
    openapi: '3.0.0',
    info: { title: group, version: 'v1' },
    paths,
    components: { schemas },
  };
}
