/** QueryClient defaults: retry a 5xx the API client does not already retry, never a 4xx. */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './client/index.ts';

const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return false;
  // The API client already retried network errors, 429 and 503 for up to five minutes (src/data/client/retry.ts):
  // retrying those again here would only stack the waits.
  if (error.code === 0 || error.code === 429 || error.code === 503) return false;
  return error.code >= 500;
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
