/**
 * `resourceVersion` on reads, by kube-apiserver's rules. Unset or "0" reads the latest state (the mock has no
 * stale cache, so "any" is the latest too); a number is "not older than" (the latest, once the store has reached
 * it); a version the store has not reached is waited for briefly, then answered 504 Timeout with a
 * ResourceVersionTooLarge cause. `resourceVersionMatch=Exact` lists the state at that version, rebuilt from the
 * change history that watches resume from: older than that history is 410 Expired.
 */
import type { NodusObject, StatusCause } from '@/shared/protocol.ts';
import { ApiFailure, invalid } from '../http/errors.ts';
import type { MockState } from '../state.ts';
import type { Store } from '../store/store.ts';

/** Versions are uint64 in Kubernetes; a larger number is no version at all. */
const MAX_VERSION = 2n ** 64n - 1n;
/** What kube-apiserver's watch cache asks a client to wait before it asks again for a version it has not reached. */
const TOO_LARGE_RETRY_SECONDS = 1;

export const MATCH_EXACT = 'Exact';
export const MATCH_NOT_OLDER_THAN = 'NotOlderThan';

/** A version to read at; undefined for unset and "0" (any version, which here is the latest). */
export function parseResourceVersion(raw: string | null): number | undefined {
  if (raw === null || raw === '') return undefined;
  if (!/^[0-9]{1,20}$/.test(raw) || BigInt(raw) > MAX_VERSION) {
    throw new ApiFailure('BadRequest', `invalid resource version "${raw}": it is not a version this server issues`, {
      fix: 'Send a metadata.resourceVersion exactly as an object, a list or a watch event returned it, or leave resourceVersion out to read the latest.',
    });
  }
  const n = Number(raw);
  return n === 0 ? undefined : n;
}

export function tooLargeVersion(raw: string, current: number): ApiFailure {
  return new ApiFailure('Timeout', `Timeout: Too large resource version: ${raw}, current: ${current}`, {
    details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }] },
    retryAfterSeconds: TOO_LARGE_RETRY_SECONDS,
    fix: `This server has reached resourceVersion ${current}; ${raw} is later (from another server, or from before its state was reset). Read again without resourceVersion (list again) for the latest.`,
  });
}

/** Resolves true once the store has reached `rv`, false if it has not within the configured wait. */
export function waitForVersion(state: MockState, rv: number): Promise<boolean> {
  if (state.store.resourceVersion >= rv) return Promise.resolve(true);
  const ms = state.config.versionWaitSeconds * 1000;
  if (ms <= 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, ms);
    const unsubscribe = state.store.subscribe(() => {
      if (state.store.resourceVersion < rv) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}

/** A get with `resourceVersion`: the latest object serves any version the store has reached. */
export async function awaitReadVersion(state: MockState, raw: string | null): Promise<void> {
  const rv = parseResourceVersion(raw);
  if (rv !== undefined && !(await waitForVersion(state, rv))) throw tooLargeVersion(raw!, state.store.resourceVersion);
}

/**
 * kube-apiserver's checks of a list's options, answered as it does: 422 Invalid of kind ListOptions. A watch takes
 * resourceVersionMatch only beside sendInitialEvents (a streaming list), and then only NotOlderThan.
 */
export function validateListOptions(params: URLSearchParams, watch: boolean, streamingLists = true): void {
  const match = params.get('resourceVersionMatch') ?? '';
  const initial = params.get('sendInitialEvents');
  if (match === '' && initial === null) return;
  const rv = params.get('resourceVersion') ?? '';
  const causes: StatusCause[] = [];
  const forbidden = (message: string, field = 'resourceVersionMatch') =>
    causes.push({ field, reason: 'FieldValueForbidden', message: `Forbidden: ${message}` });
  const unsupported = (supported: string[]) =>
    causes.push({
      field: 'resourceVersionMatch',
      reason: 'FieldValueNotSupported',
      message: `Unsupported value: "${match}": supported values: ${supported.map((v) => `"${v}"`).join(', ')}`,
    });
  if (params.get('continue') && match !== '') forbidden('resourceVersionMatch is forbidden when continue is provided');
  if (!watch) {
    if (initial !== null) forbidden('sendInitialEvents is forbidden for list', 'sendInitialEvents');
    if (match !== '' && rv === '') forbidden('resourceVersionMatch is forbidden unless resourceVersion is provided');
    if (match !== '' && match !== MATCH_EXACT && match !== MATCH_NOT_OLDER_THAN)
      unsupported([MATCH_EXACT, MATCH_NOT_OLDER_THAN, '']);
    if (match === MATCH_EXACT && rv === '0')
      forbidden('resourceVersionMatch "Exact" is forbidden for resourceVersion "0"');
  } else if (initial === null) forbidden('resourceVersionMatch is forbidden for watch');
  else {
    if (match !== MATCH_NOT_OLDER_THAN) {
      forbidden(`sendInitialEvents requires setting resourceVersionMatch to ${MATCH_NOT_OLDER_THAN}`);
      if (match !== '') unsupported([MATCH_NOT_OLDER_THAN]);
    }
    if (!streamingLists)
      forbidden(
        'sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
        'sendInitialEvents',
      );
  }
  if (causes.length === 0) return;
  throw invalid(
    { kind: 'ListOptions', group: 'meta.k8s.io' },
    causes,
    watch
      ? `Leave resourceVersionMatch out of a watch, or stream the list first with sendInitialEvents=true&resourceVersionMatch=${MATCH_NOT_OLDER_THAN}.`
      : `Send resourceVersionMatch (${MATCH_EXACT} or ${MATCH_NOT_OLDER_THAN}) only with a resourceVersion, and not with continue; sendInitialEvents belongs to a watch.`,
  );
}

/**
 * The objects of a list as they were at `rv`, rebuilt from the current ones by undoing, newest first, the kept
 * changes after it. Undefined when some of those changes are no longer kept.
 */
export function objectsAt(store: Store, resource: string, namespace: string | undefined, rv: number) {
  const changes = store.changesSince(rv);
  if (!changes) return undefined;
  const current = store.list(resource, namespace);
  const mine = changes.filter((c) => c.resource === resource && (namespace === undefined || c.namespace === namespace));
  if (mine.length === 0) return current;
  const key = (obj: NodusObject) => `${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
  const byKey = new Map(current.map((obj) => [key(obj), obj]));
  for (let i = mine.length - 1; i >= 0; i--) {
    const change = mine[i]!;
    if (change.type === 'ADDED') byKey.delete(key(change.object));
    else byKey.set(key(change.previous!), change.previous!);
  }
  // The store's own order: by namespace, then name.
  return [...byKey.keys()].sort().map((k) => byKey.get(k)!);
}

export function tooOldVersion(rv: number, oldest: number): ApiFailure {
  return new ApiFailure(
    'Expired',
    `too old resource version: ${rv} (the oldest this server can list exactly is ${oldest})`,
    {
      fix: 'List without resourceVersion (or with resourceVersionMatch=NotOlderThan) to read the latest state.',
    },
  );
}
