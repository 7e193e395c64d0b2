/**
 * `/openapi/v3`, the index, and `/openapi/v3/api/v1`: the Namespace (a project) and its operations, so that `kubectl explain namespaces` has
 * something to print and kubectl's client-side validation of a Namespace manifest passes, and the core Event's.
 */
import { createHash } from 'node:crypto';
import { API_VERSION } from '@/shared/protocol.ts';
import { EVENTS_API_VERSION } from '@/shared/events.ts';
import { coreEventsOpenApi, eventsOpenApi } from '../events/openapi.ts';
import { usageOpenApi } from '../usage/openapi.ts';
import { USAGE_API_VERSION } from '@/shared/usage.ts';
import { objectMeta, openApiGroup } from './openapi-group.ts';
import { IAM_GROUP, RBAC_GROUP } from '@/shared/iam.ts';
import { teamOpenApi } from '../iam/openapi.ts';

const GVK = [{ group: '', version: 'v1', kind: 'Namespace' }];
const REF = { $ref: '#/components/schemas/io.k8s.api.core.v1.Namespace' };
const LIST_REF = { $ref: '#/components/schemas/io.k8s.api.core.v1.NamespaceList' };

const ok = (schema: unknown) => ({ description: 'OK', content: { 'application/json': { schema } } });
const query = (name: string, description: string) => ({ name, in: 'query', description, schema: { type: 'string' } });
const op = (action: string, operationId: string, extra: Record<string, unknown> = {}) => ({
  operationId,
  'x-kubernetes-action': action,
  'x-kubernetes-group-version-kind': GVK[0],
  ...extra,
});

const namespace = {
  type: 'object',
  description: 'A project: the namespace every Nodus object lives in. default and nodus (read-only) always exist.',
  properties: {
    apiVersion: { type: 'string', description: 'Always v1.' },
    kind: { type: 'string', description: 'Always Namespace.' },
    metadata: objectMeta,
    spec: {
      type: 'object',
      description: 'Set by the server.',
      properties: {
        finalizers: { type: 'array', items: { type: 'string' }, description: 'Always [kubernetes].' },
      },
    },
    status: {
      type: 'object',
      description: 'Set by the server.',
      properties: { phase: { type: 'string', description: 'Active, or Terminating while it is deleted.' } },
    },
  },
  'x-kubernetes-group-version-kind': GVK,
};

const namespaceList = {
  type: 'object',
  description: 'A page of projects.',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object', properties: { resourceVersion: { type: 'string' }, continue: { type: 'string' } } },
    items: { type: 'array', items: REF },
  },
  'x-kubernetes-group-version-kind': [{ group: '', version: 'v1', kind: 'NamespaceList' }],
};

const nameParam = { name: 'name', in: 'path', required: true, schema: { type: 'string' } };

export function openApiCore() {
  const events = coreEventsOpenApi();
  return {
    openapi: '3.0.0',
    info: { title: 'Nodus core', version: 'v1' },
    paths: {
      '/api/v1/namespaces': {
        get: op('list', 'listCoreV1Namespace', { responses: { 200: ok(LIST_REF) } }),
        post: op('post', 'createCoreV1Namespace', {
          parameters: [
            query('dryRun', 'All: check and store nothing.'),
            query('fieldValidation', 'Strict (default), Warn or Ignore for unknown fields.'),
          ],
          requestBody: { content: { 'application/json': { schema: REF } } },
          responses: { 200: ok(REF), 201: ok(REF) },
        }),
      },
      '/api/v1/namespaces/{name}': {
        parameters: [nameParam],
        get: op('get', 'readCoreV1Namespace', { responses: { 200: ok(REF) } }),
        // kubectl looks for fieldValidation on the PATCH operation to decide whether the server checks fields.
        patch: op('patch', 'patchCoreV1Namespace', {
          parameters: [
            query('dryRun', 'All: check and store nothing.'),
            query('fieldValidation', 'Strict (default); a project has no fields a patch may add.'),
          ],
          requestBody: {
            content: {
              'application/merge-patch+json': { schema: { type: 'object' } },
              'application/strategic-merge-patch+json': { schema: { type: 'object' } },
            },
          },
          responses: { 200: ok(REF) },
        }),
        delete: op('delete', 'deleteCoreV1Namespace', { responses: { 200: ok(REF) } }),
      },
      ...events.paths,
    },
    components: {
      schemas: {
        'io.k8s.api.core.v1.Namespace': namespace,
        'io.k8s.api.core.v1.NamespaceList': namespaceList,
        ...events.schemas,
      },
    },
  };
}

let groupHash: string | undefined;
let coreHash: string | undefined;
let usageHash: string | undefined;
const teamHashes = new Map<string, string>();
let eventsHash: string | undefined;

const hash = (doc: unknown) =>
  createHash('sha256').update(JSON.stringify(doc)).digest('hex').slice(0, 32).toUpperCase();

export function openApiIndex() {
  groupHash ??= hash(openApiGroup());
  // kubectl caches each document by its hash, so a changed document needs a changed hash.
  coreHash ??= hash(openApiCore());
  usageHash ??= hash(usageOpenApi());
  eventsHash ??= hash(eventsOpenApi());
  return {
    paths: {
      [`apis/${API_VERSION}`]: { serverRelativeURL: `/openapi/v3/apis/${API_VERSION}?hash=${groupHash}` },
      'api/v1': { serverRelativeURL: `/openapi/v3/api/v1?hash=${coreHash}` },
      [`apis/${USAGE_API_VERSION}`]: { serverRelativeURL: `/openapi/v3/apis/${USAGE_API_VERSION}?hash=${usageHash}` },
      ...Object.fromEntries(
        [IAM_GROUP, RBAC_GROUP].map((group) => {
          if (!teamHashes.has(group)) teamHashes.set(group, hash(teamOpenApi(group)));
          return [
            `apis/${group}/v1`,
            { serverRelativeURL: `/openapi/v3/apis/${group}/v1?hash=${teamHashes.get(group)}` },
          ];
        }),
      ),
      [`apis/${EVENTS_API_VERSION}`]: {
        serverRelativeURL: `/openapi/v3/apis/${EVENTS_API_VERSION}?hash=${eventsHash}`,
      },
    },
  };
}
