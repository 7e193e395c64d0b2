/**
 * OpenAPI v3 of the nodus.dev group: a schema per kind built from the same schemas the server validates with, its
 * List, and the operations on its paths.
 */
import { API_VERSION, GROUP, VERSION } from '@/shared/protocol.ts';
import { KIND_DEFS, type KindDef } from '../kinds/index.ts';
import type { Schema } from '../schema/schema.ts';
import { mutablePaths } from '../schema/schema.ts';

function schemaName(kind: string): string {
  return `dev.nodus.v1.${kind}`;
}

export const objectMeta: Schema = {
  type: 'object',
  description:
    'Standard object metadata. name is a DNS label of at most 63 characters, unique per project and kind; namespace is the project.',
  properties: {
    name: { type: 'string', description: 'A DNS label of at most 63 characters, unique within its project and kind.' },
    generateName: {
      type: 'string',
      description: 'A prefix; the server adds a unique suffix. Needs an Idempotency-Key header.',
    },
    namespace: { type: 'string', description: 'The project.' },
    uid: { type: 'string', description: 'A stable id such as job_01j9...; set by the server.' },
    resourceVersion: {
      type: 'string',
      description: 'Changes on every write; opaque. Send it with an update to make it conditional.',
    },
    generation: { type: 'integer', description: 'Increases when the spec changes.' },
    creationTimestamp: { type: 'string', format: 'date-time', description: 'When the object was created.' },
    deletionTimestamp: {
      type: 'string',
      format: 'date-time',
      description: 'Set when a delete has begun; the object goes once its finalizers are gone.',
    },
    labels: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Labels select objects. Keys under nodus.dev/ are set by Nodus.',
    },
    annotations: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description:
        'Annotations. Under nodus.dev/ only the request annotations (nodus.dev/restart-requested-at) may be set by clients.',
    },
    finalizers: {
      type: 'array',
      items: { type: 'string' },
      description:
        'Cleanup still to happen before the object goes, such as nodus.dev/billing (clears once the final charge has posted).',
    },
    ownerReferences: {
      type: 'array',
      items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      description: "Objects this one belongs to (a Pipeline's Jobs).",
    },
  },
};

export function kindSchema(kind: KindDef): Schema {
  return {
    type: 'object',
    description: kind.description,
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    properties: {
      apiVersion: { type: 'string', enum: [API_VERSION], description: `Always ${API_VERSION}.` },
      kind: { type: 'string', enum: [kind.kind], description: `Always ${kind.kind}.` },
      metadata: objectMeta,
      spec: kind.spec,
      status: kind.status,
    },
    'x-kubernetes-group-version-kind': [{ group: GROUP, version: VERSION, kind: kind.kind }],
    'x-nodus-mutable-fields': mutablePaths(kind.spec, 'spec').map((m) =>
      m.rule === 'raise-only' ? `${m.path} (raise only)` : m.path,
    ),
  };
}

function listSchema(kind: KindDef): Schema {
  return {
    type: 'object',
    description: `A page of ${kind.kind} objects.`,
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: {
        type: 'object',
        properties: {
          resourceVersion: { type: 'string' },
          continue: { type: 'string' },
          remainingItemCount: { type: 'integer' },
        },
      },
      items: { type: 'array', items: { $ref: `#/components/schemas/${schemaName(kind.kind)}` } as unknown as Schema },
    },
    'x-kubernetes-group-version-kind': [{ group: GROUP, version: VERSION, kind: `${kind.kind}List` }],
  };
}

function operations(kind: KindDef) {
  const ref = { $ref: `#/components/schemas/${schemaName(kind.kind)}` };
  const ok = (schema: unknown) => ({ description: 'OK', content: { 'application/json': { schema } } });
  const gvk = { group: GROUP, version: VERSION, kind: kind.kind };
  const param = (name: string, description: string) => ({
    name,
    in: 'query',
    description,
    schema: { type: 'string' },
    uniqueItems: true,
  });
  const common = [
    param('dryRun', 'All: run every check and store nothing.'),
    param('fieldValidation', 'Strict (default), Warn or Ignore for unknown fields.'),
    param('fieldManager', 'Who is making the change.'),
  ];
  const op = (action: string, extra: Record<string, unknown> = {}) => ({
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk,
    ...extra,
  });
  const base = `/apis/${API_VERSION}/namespaces/{namespace}/${kind.plural}`;
  const pathParams = [{ name: 'namespace', in: 'path', required: true, schema: { type: 'string' } }];
  const nameParams = [...pathParams, { name: 'name', in: 'path', required: true, schema: { type: 'string' } }];
  const listRef = { $ref: `#/components/schemas/${schemaName(kind.kind)}List` };
  const collection: Record<string, unknown> = {
    parameters: pathParams,
    get: op('list', { operationId: `list${kind.kind}`, responses: { 200: ok(listRef) } }),
  };
  const item: Record<string, unknown> = {
    parameters: nameParams,
    get: op('get', { operationId: `read${kind.kind}`, responses: { 200: ok(ref) } }),
  };
  if (!kind.published) {
    collection.post = op('post', {
      operationId: `create${kind.kind}`,
      parameters: common,
      requestBody: { content: { 'application/json': { schema: ref } } },
      responses: { 200: ok(ref), 201: ok(ref) },
    });
    item.put = op('put', {
      operationId: `replace${kind.kind}`,
      parameters: common,
      requestBody: { content: { 'application/json': { schema: ref } } },
      responses: { 200: ok(ref) },
    });
    item.patch = op('patch', {
      operationId: `patch${kind.kind}`,
      parameters: [...common, param('force', 'Force server-side apply.')],
      requestBody: {
        content: {
          'application/merge-patch+json': { schema: { type: 'object' } },
          'application/apply-patch+yaml': { schema: { type: 'object' } },
        },
      },
      responses: { 200: ok(ref), 201: ok(ref) },
    });
    const deleteParams = [
      param('dryRun', 'All: check and delete nothing.'),
      param('propagationPolicy', 'Background, Foreground or Orphan.'),
    ];
    item.delete = op('delete', {
      operationId: `delete${kind.kind}`,
      parameters: deleteParams,
      responses: { 200: ok(ref) },
    });
    collection.delete = op('deletecollection', {
      operationId: `deleteCollection${kind.kind}`,
      parameters: [
        ...deleteParams,
        param('labelSelector', 'Which objects: those whose labels match.'),
        param('fieldSelector', 'Which objects: metadata.name, metadata.namespace or status.phase.'),
      ],
      responses: { 200: ok(listRef) },
    });
  }
  return {
    [base]: collection,
    [`${base}/{name}`]: item,
    [`/apis/${API_VERSION}/${kind.plural}`]: {
      get: op('list', { operationId: `list${kind.kind}ForAllNamespaces`, responses: { 200: ok(listRef) } }),
    },
  };
}

export function openApiGroup() {
  const schemas: Record<string, unknown> = {};
  let paths: Record<string, unknown> = {};
  for (const kind of KIND_DEFS) {
    schemas[schemaName(kind.kind)] = kindSchema(kind);
    schemas[`${schemaName(kind.kind)}List`] = listSchema(kind);
    paths = { ...paths, ...operations(kind) };
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Nodus', version: VERSION, description: 'The Nodus resource API (the bundled mock).' },
    paths,
    components: { schemas },
  };
}
