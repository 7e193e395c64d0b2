/**
 * The three calls of the editor: review (POST ?dryRun=All: the object as the server would create it, its
 * estimate, the ETag covering spec and price book, the Warning headers), launch (POST with If-Match: that ETag
 * and an Idempotency-Key, so a retry returns the first answer and never makes a second object), and reading an
 * existing object (for AlreadyExists).
 */
import { resourcePath, type GroupVersion, type RetryInfo } from '../../../data/client/index.ts';
import { apiClient } from '../../../data/api-client.ts';
import { HEADER_IDEMPOTENT_REPLAYED, type NodusObject } from '../../../shared/protocol.ts';
import { parseWarnings } from '../model/review-model.ts';

export interface Target extends GroupVersion {
  plural: string;
  project: string;
}

export interface ReviewAnswer {
  object: NodusObject;
  /** Undefined for kinds that cost nothing (no estimate, no ETag). */
  etag: string | undefined;
  warnings: string[];
  /** 201: it would be created; 200: an object with this name and the same spec exists (nothing would be created). */
  httpStatus: number;
}

export async function reviewDraft(target: Target, body: Record<string, unknown>, signal?: AbortSignal): Promise<ReviewAnswer> {
  let httpStatus = 0;
  let etag: string | undefined;
  let warnings: string[] = [];
  const object = await apiClient.request<NodusObject>(resourcePath(target, target.plural, { namespace: target.project }), {
    method: 'POST',
    params: { dryRun: 'All' },
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

export async function launchDraft(target: Target, body: Record<string, unknown>, options: LaunchOptions): Promise<LaunchAnswer> {
  let replayed = false;
  let httpStatus = 0;
  let warnings: string[] = [];
  const object = await apiClient.request<NodusObject>(resourcePath(target, target.plural, { namespace: target.project }), {
    method: 'POST',
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

export function getObject(target: Target, name: string, signal?: AbortSignal): Promise<NodusObject> {
  return apiClient.get<NodusObject>(resourcePath(target, target.plural, { namespace: target.project, name }), { signal });
}

/** The three calls bound to one project and kind, as the review-and-launch machine takes them. */
export function reviewLaunchApi(target: Target) {
  return {
    review: (body: Record<string, unknown>) => reviewDraft(target, body),
    launch: (body: Record<string, unknown>, options: LaunchOptions) => launchDraft(target, body, options),
    get: (name: string) => getObject(target, name),
  };
}
