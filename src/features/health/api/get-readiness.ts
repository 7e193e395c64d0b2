/**
 * GET /readyz, polled for the health indicator. The API answers 503 with the same Readiness body when a check
 * fails, and the body is the point (which check, which release), so this probe reads it whatever the status,
 * as the SDK's readyz() does, instead of going through the client, which turns any 503 into an error and
 * retries it. It makes one attempt and is not recorded in the Support panel's call list (it runs every few
 * seconds and would push real calls out; the report carries the health it last saw).
 * TODO(src/data/client owner): a `readyz()` on the client would let this go through it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { buildUrl, errorFromResponse, networkError } from '@/data/client/index.ts';
import { activeContext, useConnectionStore } from '@/data/connection-store.ts';
import { queryKeys } from '@/data/query-keys.ts';
import type { Readiness } from '@/shared/protocol.ts';

export const HEALTH_POLL_MS = 5_000;

export interface Health extends Readiness {
  httpStatus: number;
  checkedAt: number;
}

export async function getReadiness(apiUrl: string, signal?: AbortSignal): Promise<Health> {
  const url = buildUrl(apiUrl, '/readyz');
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw networkError('GET', url, cause);
  }
  const bodyText = await response.text();
  const body = parse(bodyText);
  if (!body) {
    throw errorFromResponse({
      method: 'GET',
      url,
      httpStatus: response.status,
      statusText: response.statusText,
      headers: response.headers,
      bodyText,
      baseUrl: apiUrl,
    });
  }
  return { ...body, httpStatus: response.status, checkedAt: Date.now() };
}

function parse(text: string): Readiness | undefined {
  try {
    const body = JSON.parse(text) as Partial<Readiness>;
    if (typeof body.ready !== 'boolean') return undefined;
    return {
      ready: body.ready,
      release: typeof body.release === 'string' ? body.release : '',
      degraded: Array.isArray(body.degraded) ? body.degraded.filter((d): d is string => typeof d === 'string') : [],
      failing: typeof body.failing === 'string' ? body.failing : null,
    };
  } catch {
    return undefined;
  }
}

export function readinessQueryOptions(apiUrl: string) {
  return queryOptions({
    queryKey: queryKeys.readiness(apiUrl),
    queryFn: ({ signal }) => getReadiness(apiUrl, signal),
    refetchInterval: HEALTH_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
    // A probe sees one answer (the spec: health calls never retry); the next poll is the retry.
    retry: false,
  });
}

export function useHealth() {
  const apiUrl = useConnectionStore((s) => activeContext(s).apiUrl);
  return useQuery(readinessQueryOptions(apiUrl));
}

export type HealthLevel = 'ready' | 'degraded' | 'failing' | 'unreachable' | 'checking';

export function healthLevel(health: { data?: Health | undefined; isError: boolean }): HealthLevel {
  if (health.data && !health.isError) {
    if (!health.data.ready || health.data.failing) return 'failing';
    return health.data.degraded.length > 0 ? 'degraded' : 'ready';
  }
  return health.isError ? 'unreachable' : 'checking';
}

/** One line for the support report. */
export function describeHealth(health: { data?: Health | undefined; isError: boolean; error?: unknown }): string {
  const level = healthLevel(health);
  const data = health.data;
  const detail =
    level === 'degraded'
      ? ` (${data?.degraded.join(', ')})`
      : level === 'failing'
        ? ` (${data?.failing ?? 'not ready'})`
        : '';
  const release = data?.release ? ` · release ${data.release}` : '';
  const checked = data ? ` · checked ${new Date(data.checkedAt).toISOString()}` : '';
  return `${level}${detail}${release}${checked}`;
}
