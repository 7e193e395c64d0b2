/**
 * DELETE's options, read as kube-apiserver reads them (a DeleteOptions body, or the same names as query
 * parameters), and the DELETE of a whole collection of one kind in a project.
 */
import { API_VERSION } from '@/shared/protocol.ts';
import { readBody, requireObject } from '../http/body.ts';
import { dryRunQuery, query, type Ctx, type Principal } from '../http/context.ts';
import { parseBoolParam } from '../http/booleans.ts';
import { ApiFailure } from '../http/errors.ts';
import type { KindDef } from '../kinds/index.ts';
import type { Propagation } from '../objects/deletion.ts';
import { deleteCollection } from '../objects/delete-collection.ts';
import type { MockState } from '../state.ts';
import { reply } from './replies.ts';

export interface DeleteOptions {
  dryRun: boolean;
  propagation: Propagation;
  preconditions: { uid?: string; resourceVersion?: string };
}

export async function deleteOptions(ctx: Ctx): Promise<DeleteOptions> {
  const raw =
    ctx.req.headers['content-length'] !== '0' &&
    (ctx.req.headers['content-length'] || ctx.req.headers['transfer-encoding'])
      ? requireObject((await readBody(ctx.req, ['application/json', ''])).value)
      : {};
  const dryRunBody = Array.isArray(raw.dryRun) ? raw.dryRun : [];
  if (dryRunBody.some((v) => v !== 'All'))
    throw new ApiFailure('BadRequest', 'dryRun in DeleteOptions may only hold "All"');
  checkGracePeriod(raw.gracePeriodSeconds ?? query(ctx, 'gracePeriodSeconds'));
  // The older orphanDependents=true means Orphan, as in Kubernetes; false means the default. In the query it is
  // spelt as Go parses booleans (the Python client sends `True`); in the body it is a JSON boolean.
  const fromBody = raw.orphanDependents;
  if (fromBody !== undefined && fromBody !== null && typeof fromBody !== 'boolean') {
    throw new ApiFailure('BadRequest', `orphanDependents must be true or false, not ${JSON.stringify(fromBody)}`, {
      fix: 'Send orphanDependents as a JSON boolean, or send propagationPolicy instead.',
    });
  }
  const inQuery = query(ctx, 'orphanDependents');
  const orphan = fromBody ?? (inQuery === null ? undefined : parseBoolParam('orphanDependents', inQuery));
  const orphaned = orphan === true ? 'Orphan' : undefined;
  const policy: unknown = raw.propagationPolicy ?? query(ctx, 'propagationPolicy') ?? orphaned ?? 'Background';
  if (orphaned && policy !== 'Orphan') {
    throw invalidOptions(
      'propagationPolicy',
      'FieldValueInvalid',
      'orphanDependents and propagationPolicy cannot both be set',
      'Send only propagationPolicy (Orphan keeps the children).',
    );
  }
  if (typeof policy !== 'string' || !['Background', 'Foreground', 'Orphan'].includes(policy)) {
    throw invalidOptions(
      'propagationPolicy',
      'FieldValueNotSupported',
      `propagationPolicy must be Background, Foreground or Orphan, not ${typeof policy === 'string' ? `"${policy.slice(0, 100)}"` : `a ${typeof policy}`}`,
      'Background (the default) deletes the dependents too, Foreground deletes them first, Orphan keeps them.',
    );
  }
  const pre = (raw.preconditions ?? {}) as { uid?: string; resourceVersion?: string };
  return { dryRun: dryRunQuery(ctx) || dryRunBody.length > 0, propagation: policy as Propagation, preconditions: pre };
}

/**
 * Nodus objects have no grace period, as custom resources in Kubernetes have none: a whole number is accepted
 * (kubectl sends one with --now, --force or --grace-period) and changes nothing; anything else is refused.
 */
function checkGracePeriod(value: unknown): void {
  if (value === undefined || value === null) return;
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n === 'number' && Number.isSafeInteger(n)) return;
  throw new ApiFailure('BadRequest', `gracePeriodSeconds must be a whole number, not ${JSON.stringify(value)}`, {
    fix: 'Leave gracePeriodSeconds out: Nodus objects stop and go as soon as their finalizers clear.',
  });
}

/** `DELETE .../namespaces/{project}/{plural}`: the project and the kind's writability are checked by the caller. */
export async function serveDeleteCollection(
  state: MockState,
  ctx: Ctx,
  kind: KindDef,
  namespace: string,
  user: Principal,
): Promise<void> {
  const options = await deleteOptions(ctx);
  const by = { user, requestId: ctx.requestId };
  return reply(
    state,
    ctx,
    await deleteCollection(state, { kind, namespace, params: ctx.url.searchParams, ...options, ...by }),
  );
}

/** Kubernetes serves no delete of a namespaced kind across all namespaces; the answer says where it is. */
export function noDeleteAcrossProjects(kind: KindDef): ApiFailure {
  return new ApiFailure('MethodNotAllowed', `${kind.plural} can only be deleted in bulk one project at a time`, {
    fix: `DELETE /apis/${API_VERSION}/namespaces/{project}/${kind.plural}, with labelSelector to choose which.`,
  });
}

/** DeleteOptions that read but do not hold together: 422 Invalid of DeleteOptions, as kube-apiserver answers. */
function invalidOptions(field: string, reason: string, message: string, fix: string): ApiFailure {
  return new ApiFailure('Invalid', `DeleteOptions is invalid: ${field}: ${message}`, {
    details: { kind: 'DeleteOptions', group: 'meta.k8s.io', causes: [{ field, reason, message }] },
    fix,
  });
}
