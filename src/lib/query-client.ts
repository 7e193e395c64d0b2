/** QueryClient defaults: retry only what may succeed on its own (no answer, 429, 5xx), never a 4xx. */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/index.ts';

const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return false;
  return error.code === 0 || error.code === 429 || error.code >= 500;
}

export function retryDelay(failureCount: number, error: unknown): number {
  // The server's Retry-After wins over our own back-off.
  if (isApiError(error) && error.retryAfterSeconds) return error.retryAfterSeconds * 1000;
  return Math.min(1000 * 2 ** failureCount, 10_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 15_000, refetchOnWindowFocus: false },
    },
  });
}
