/**
 * The operations on an object of any kind, in one place: get, update (PUT with its resourceVersion as the
 * precondition), merge patch, spec.state, delete, and the editor's review (a server dry-run with its estimate
 * and ETag) and launch (a create with If-Match of the reviewed ETag). Writes are never retried blindly (the
 * client's rule); `invalidateObject` says which queries a write makes stale. Query keys: query-keys.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import { parseWarnings, resourcePath, type KindInfo, type RetryInfo, type RetryOptions } from './client/index.ts';
import { apiClient } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { HEADER_IDEMPOTENT_REPLAYED, type NodusObject } from '../shared/protocol.ts';

/** What a path needs of a kind; a whole KindInfo will do. */
export type ObjectKind = Pick<KindInfo, 'group' | 'version' | 'plural'>;

const MERGE_PATCH = { 'Content-Type': 'application/merge-patch+json' };

/** Every write names the console as its field manager, so `managedFields` say which fields a person set here. */
export const FIELD_MANAGER = 'nodus-console';
const AS_CONSOLE = { fieldManager: FIELD_MANAGER };

/** The collection of a kind in a project, or one object of it. */
export function objectPath(kind: ObjectKind, project: string, name?: string): string {
  return resourcePath(kind, kind.plural, name === undefined ? { namespace: project } : { namespace: project, name });
}

function pathOf(kind: ObjectKind, object: NodusObject): string {
  return resourcePath(kind, kind.plural, { namespace: object.metadata.namespace, name: object.metadata.name });
}

export function getObject(
  kind: ObjectKind,
  project: string,
  name: string,
  options: { signal?: AbortSignal; retry?: false | RetryOptions } = {},
): Promise<NodusObject> {
  return apiClient.get<NodusObject>(objectPath(kind, project, name), options);
}

/**
 * PUT of a whole object. Its `metadata.resourceVersion` is the precondition (409 Conflict when the object moved
 * on); `ifMatch` adds an ETag one.
 */
export function updateObject(
  kind: ObjectKind,
  project: string,
  name: string,
  body: NodusObject,
  options: { ifMatch?: string } = {},
): Promise<NodusObject> {
  return apiClient.request<NodusObject>(objectPath(kind, project, name), {
    method: 'PUT',
    params: AS_CONSOLE,
    body,
    ...(options.ifMatch ? { headers: { 'If-Match': options.ifMatch } } : {}),
  });
}

/** RFC 7386 merge patch of exactly the fields it names (what the API takes besides server-side apply). */
export function mergePatchObject(
  kind: ObjectKind,
  object: NodusObject,
  patch: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<NodusObject> {
  return apiClient.request<NodusObject>(pathOf(kind, object), {
    method: 'PATCH',
    params: AS_CONSOLE,
    body: patch,
    headers: MERGE_PATCH,
    ...(signal ? { signal } : {}),
  });
}

/** A merge patch of `spec.state`: the way to suspend, stop or resume any kind that has one. */
export function setDesiredState(
  kind: ObjectKind,
  object: NodusObject,
  state: string,
  signal?: AbortSignal,
): Promise<NodusObject> {
  return mergePatchObject(kind, object, { spec: { state } }, signal);
}

export type Propagation = 'Background' | 'Orphan';

export interface DeleteOptions {
  /**
   * Sends DeleteOptions with this policy and, as a precondition, the uid the person looked at, so it never
   * deletes an object of the same name created since. Without it, a plain DELETE.
   */
  propagationPolicy?: Propagation;
  signal?: AbortSignal;
}

/** Starts the deletion; the object may stay (Cancelling, Terminating) until its finalizers clear. */
export function startDeletion(kind: ObjectKind, object: NodusObject, options: DeleteOptions = {}): Promise<unknown> {
  const { propagationPolicy, signal } = options;
  const body = propagationPolicy
    ? {
        kind: 'DeleteOptions',
        apiVersion: 'v1',
        propagationPolicy,
        ...(object.metadata.uid ? { preconditions: { uid: object.metadata.uid } } : {}),
      }
    : undefined;
  return apiClient.request<unknown>(pathOf(kind, object), {
    method: 'DELETE',
    ...(body ? { body } : {}),
    ...(signal ? { signal } : {}),
  });
}

export interface ReviewAnswer {
  object: NodusObject;
  /** Undefined for kinds that cost nothing (no estimate, no ETag). */
  etag: string | undefined;
  warnings: string[];
  /** 201: it would be created; 200: an object with this name and the same spec exists (nothing would be created). */
  httpStatus: number;
}

/** POST ?dryRun=All: the object as the server would create it, its estimate, the ETag covering spec and prices. */
export async function reviewCreate(
  kind: ObjectKind,
  project: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ReviewAnswer> {
  let httpStatus = 0;
  let etag: string | undefined;
  let warnings: string[] = [];
  const object = await apiClient.request<NodusObject>(objectPath(kind, project), {
    method: 'POST',
    params: { ...AS_CONSOLE, dryRun: 'All' },
    body,
    signal,
    // A dry-run stores nothing, so repeating it after a dropped connection is safe.
    retry: { maxElapsedMs: 15_000 },
    onResponse: ({ status, headers }) => {
      httpStatus = status;
      etag = headers.get('ETag') ?? undefined;
      warnings = parseWarnings(headers.get('Warning'));
    },
  });
  return { object, etag, warnings, httpStatus };
}

export interface LaunchAnswer {
  object: NodusObject;
  /** True when the server answered a retry with the first answer (the object was created by an earlier try). */
  replayed: boolean;
  /** 200 when the object already existed with the same spec (nothing new was created), 201 when created. */
  httpStatus: number;
  warnings: string[];
}

export interface LaunchOptions {
  etag: string | undefined;
  idempotencyKey: string;
  signal?: AbortSignal;
  /** Each automatic retry (same key) after a dropped connection, to show "retrying…". */
  onRetry?: (info: RetryInfo) => void;
}

/** How long a launch retries by itself (same key, safe) before it asks the person to retry. */
export const LAUNCH_AUTO_RETRY_MS = 4_000;

/** POST with If-Match: the reviewed ETag, and an Idempotency-Key, so a retry never makes a second object. */
export async function launchCreate(
  kind: ObjectKind,
  project: string,
  body: Record<string, unknown>,
  options: LaunchOptions,
): Promise<LaunchAnswer> {
  let replayed = false;
  let httpStatus = 0;
  let warnings: string[] = [];
  const object = await apiClient.request<NodusObject>(objectPath(kind, project), {
    method: 'POST',
    params: AS_CONSOLE,
    body,
    headers: options.etag ? { 'If-Match': options.etag } : {},
    idempotencyKey: options.idempotencyKey,
    signal: options.signal,
    retry: { maxElapsedMs: LAUNCH_AUTO_RETRY_MS, ...(options.onRetry ? { onRetry: options.onRetry } : {}) },
    onResponse: ({ status, headers }) => {
      httpStatus = status;
      replayed = headers.get(HEADER_IDEMPOTENT_REPLAYED) === 'true';
      warnings = parseWarnings(headers.get('Warning'));
    },
  });
  return { object, replayed, httpStatus, warnings };
}

/**
 * What a write to an object of a project makes stale: its counts (a create or delete changes them) and its
 * reads. Lists need nothing: their watches show the change. No project: every project's.
 */
export function invalidateObject(queryClient: QueryClient, project?: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.counts(project) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.objects(project) }),
  ]).then(() => undefined);
}
