/**
 * A kind's JSON schema, taken from the API's OpenAPI v3 document (`/openapi/v3/apis/<group>/<version>`), for
 * editors: monaco-yaml validates, completes and documents against it (a pattern's error said in words, from
 * schema-messages.ts), and templates are built from it.
 * `kindSchemaFromOpenApi` is pure (unit-tested); `useKindSchema` fetches the document once through the one API
 * client and caches it for the session.
 * May import: src/data/client, src/shared and libraries.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { NODUS_GROUP_VERSION, type GroupVersion } from './client/index.ts';
import { apiClient } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { patternMessage } from './schema-messages.ts';

export type JsonSchemaObject = Record<string, unknown>;

interface OpenApiDocument {
  components?: { schemas?: Record<string, JsonSchemaObject> };
}

interface Gvk {
  group?: string;
  version?: string;
  kind?: string;
}

/** Fields the server owns: an editor neither suggests them nor expects them in a draft. */
const SERVER_OWNED_METADATA = [
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'managedFields',
  'namespace',
];

function isObject(value: unknown): value is JsonSchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Inlines local `#/components/schemas/...` references (the kinds' schemas are otherwise self-contained). */
function inlineRefs(value: unknown, schemas: Record<string, JsonSchemaObject>, depth = 0): unknown {
  if (depth > 32) return {};
  if (Array.isArray(value)) return value.map((v) => inlineRefs(v, schemas, depth + 1));
  if (!isObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const target = schemas[ref.slice('#/components/schemas/'.length)];
    return target ? inlineRefs(target, schemas, depth + 1) : {};
  }
  const out: JsonSchemaObject = {};
  for (const [key, v] of Object.entries(value)) {
    // OpenAPI's single `example` is JSON schema's `examples`, which completion offers as a value.
    if (key === 'example') out.examples = [v];
    else out[key] = inlineRefs(v, schemas, depth + 1);
  }
  // monaco-yaml would otherwise quote the regular expression to the person.
  if (typeof out.pattern === 'string' && out.patternErrorMessage === undefined)
    out.patternErrorMessage = patternMessage(out);
  return out;
}

export interface KindSchemaOptions {
  /**
   * For an editor of a draft (the default): `status` is dropped and server-owned metadata is neither suggested
   * nor required, so completion offers only what a person may write.
   */
  forEditing?: boolean;
}

/** The schema of `kind` in an OpenAPI v3 document, self-contained; undefined when the document has none. */
export function kindSchemaFromOpenApi(
  doc: unknown,
  gv: GroupVersion,
  kind: string,
  options: KindSchemaOptions = {},
): JsonSchemaObject | undefined {
  const schemas = (doc as OpenApiDocument | undefined)?.components?.schemas;
  if (!isObject(schemas)) return undefined;
  const entry = Object.values(schemas).find((schema) => {
    const gvks = schema['x-kubernetes-group-version-kind'];
    return (
      Array.isArray(gvks) && gvks.some((g: Gvk) => g.group === gv.group && g.version === gv.version && g.kind === kind)
    );
  });
  if (!entry) return undefined;
  const schema = inlineRefs(entry, schemas as Record<string, JsonSchemaObject>) as JsonSchemaObject;
  if (options.forEditing === false) return schema;
  const properties = isObject(schema.properties) ? { ...schema.properties } : {};
  delete properties.status;
  const metadata = properties.metadata;
  if (isObject(metadata) && isObject(metadata.properties)) {
    const metaProps = { ...metadata.properties };
    for (const field of SERVER_OWNED_METADATA) {
      const f = metaProps[field];
      if (isObject(f)) metaProps[field] = { ...f, doNotSuggest: true };
    }
    properties.metadata = { ...metadata, properties: metaProps };
  }
  return { ...schema, properties };
}

/** Whether the kind costs money: its full schema (not the editing one) reports an estimate in status. */
export function schemaHasEstimate(schema: JsonSchemaObject | undefined): boolean | undefined {
  if (!schema) return undefined;
  const status = isObject(schema.properties) ? schema.properties.status : undefined;
  return isObject(status) && isObject(status.properties) && isObject(status.properties.estimate);
}

export function openApiQueryOptions(gv: GroupVersion = NODUS_GROUP_VERSION) {
  return queryOptions({
    queryKey: queryKeys.openApi(gv),
    queryFn: ({ signal }) => apiClient.get<unknown>(`/openapi/v3/apis/${gv.group}/${gv.version}`, { signal }),
    // The schema changes only when the API is upgraded; editors opened later reuse it.
    staleTime: 30 * 60_000,
    gcTime: 60 * 60_000,
  });
}

/** The kind's schema for an editor; `data` is undefined while loading, or if the API has no schema for it. */
export function useKindSchema(
  kind: string | undefined,
  gv: GroupVersion = NODUS_GROUP_VERSION,
  options: KindSchemaOptions = {},
) {
  const forEditing = options.forEditing ?? true;
  const { group, version } = gv;
  // A stable `select` lets the query keep the same schema object between renders (editors compare by identity).
  const select = useCallback(
    (doc: unknown) => (kind ? kindSchemaFromOpenApi(doc, { group, version }, kind, { forEditing }) : undefined),
    [kind, group, version, forEditing],
  );
  return useQuery({ ...openApiQueryOptions(gv), enabled: kind !== undefined && kind !== '', select });
}
