/**
 * Turning a client's object into what the server stores: top-level and metadata checks and defaults (the new
 * object itself is built in admission/new-object.ts). Shared by create, update, patch and apply.
 */
import { API_VERSION, type NodusObject, type ObjectMeta, type StatusCause } from '@/shared/protocol.ts';
import { admitSpec } from '../admission/spec.ts';
import {
  checkGenerateName,
  checkMetadata,
  checkName,
  clientMetadata,
  isNodusKey,
  withoutServerKeys,
} from '../admission/metadata.ts';
import { specContext, type Admitted } from '../admission/new-object.ts';
import { ApiFailure, invalid } from '../http/errors.ts';
import type { KindDef } from '../kinds/index.ts';
import type { UnknownFieldMode } from '../schema/schema.ts';
import type { MockState } from '../state.ts';

const TOP_LEVEL = new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']);

/**
 * Checks an incoming object against its kind. `server` carries the stored object's nodus.dev/ labels and
 * annotations on update, which the client may send back unchanged.
 */
export function admit(
  state: MockState,
  kind: KindDef,
  namespace: string,
  body: Record<string, unknown>,
  mode: UnknownFieldMode,
  server?: NodusObject,
): Admitted {
  if (body.apiVersion !== undefined && body.apiVersion !== API_VERSION) {
    throw new ApiFailure(
      'BadRequest',
      `the apiVersion in the body ("${String(body.apiVersion)}") does not match the path ("${API_VERSION}")`,
      {
        fix: `Set apiVersion: ${API_VERSION}, or send the object to its own kind's path.`,
      },
    );
  }
  if (body.kind !== undefined && body.kind !== kind.kind) {
    throw new ApiFailure(
      'BadRequest',
      `the kind in the body ("${String(body.kind)}") does not match the path ("${kind.kind}", /${kind.plural})`,
      {
        fix: `Send a ${String(body.kind)} to its own path, or set kind: ${kind.kind}.`,
      },
    );
  }
  const sentMetadata = (body.metadata ?? {}) as Record<string, unknown>;
  if (typeof sentMetadata !== 'object' || Array.isArray(sentMetadata)) {
    throw invalid({ kind: kind.kind }, [
      { field: 'metadata', reason: 'FieldValueTypeInvalid', message: 'must be an object' },
    ]);
  }
  const { meta: metadata, sent } = server ? { meta: sentMetadata, sent: [] } : withoutServerKeys(sentMetadata);
  if (typeof metadata.namespace === 'string' && metadata.namespace !== '' && metadata.namespace !== namespace) {
    throw new ApiFailure(
      'BadRequest',
      `the namespace of the object ("${metadata.namespace}") does not match the project in the path ("${namespace}")`,
      {
        fix: "Leave metadata.namespace out, or send the object to its own project's path.",
      },
    );
  }
  const causes: StatusCause[] = [];
  const warnings: string[] = [];
  for (const key of Object.keys(body)) {
    if (TOP_LEVEL.has(key)) continue;
    if (mode === 'Strict') causes.push({ field: key, reason: 'FieldValueUnknown', message: `unknown field "${key}"` });
    else if (mode === 'Warn') warnings.push(`unknown field "${key}"`);
  }
  const meta = checkMetadata(metadata, mode, {
    labels: server?.metadata.labels ?? {},
    annotations: server?.metadata.annotations ?? {},
  });
  if (metadata.name !== undefined && metadata.name !== '') causes.push(...checkName(metadata.name));
  else if (metadata.generateName !== undefined) causes.push(...checkGenerateName(metadata.generateName));
  causes.push(...meta.causes);
  warnings.push(...meta.warnings);
  const spec = admitSpec(kind, body.spec, mode, specContext(state, namespace));
  causes.push(...spec.causes);
  warnings.push(...spec.warnings);
  if (causes.length)
    throw invalid(
      { kind: kind.kind, name: typeof metadata.name === 'string' ? metadata.name : undefined, group: 'nodus.dev' },
      causes,
    );
  return { metadata, spec: spec.spec, warnings, ...(sent.length ? { serverKeysSent: sent } : {}) };
}

/** Where a request came from, for the nodus.dev/launched-by label. */
export function launchedBy(userAgent: string | undefined, clientHeader: string | undefined): string {
  const declared = clientHeader?.toLowerCase();
  if (declared && /^(console|cli|sdk|mcp|kubectl|api)$/.test(declared)) return declared;
  const ua = (userAgent ?? '').toLowerCase();
  if (ua.startsWith('kubectl')) return 'kubectl';
  if (ua.includes('nodus-cli')) return 'cli';
  if (ua.includes('python') || ua.includes('nodus-sdk')) return 'sdk';
  if (ua.includes('mozilla')) return 'console';
  return 'api';
}

/** Metadata for a new version: the client's settable fields, the server's nodus.dev/ keys and finalizers kept. */
export function updatedMetadata(existing: ObjectMeta, incoming: Record<string, unknown>): ObjectMeta {
  const client = clientMetadata(incoming);
  const keepNodus = (current: Record<string, string> | undefined, next: Record<string, string> | undefined) => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(next ?? {})) out[k] = v;
    for (const [k, v] of Object.entries(current ?? {}))
      if (isNodusKey(k) && !(k in out) && k !== 'nodus.dev/restart-requested-at') out[k] = v;
    return out;
  };
  const labels = keepNodus(existing.labels, client.labels);
  const annotations = keepNodus(existing.annotations, client.annotations);
  const finalizers = [
    ...(client.finalizers ?? []).filter((f) => !isNodusKey(f)),
    ...(existing.finalizers ?? []).filter((f) => isNodusKey(f)),
  ];
  const { labels: _l, annotations: _a, finalizers: _f, ownerReferences: _o, ...serverSet } = existing;
  return {
    ...serverSet,
    labels,
    ...(Object.keys(annotations).length ? { annotations } : {}),
    ...(finalizers.length ? { finalizers } : {}),
    ...(client.ownerReferences?.length ? { ownerReferences: client.ownerReferences } : {}),
  };
}
