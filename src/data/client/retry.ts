/**
 * Retries for reads and watches, as the spec says of the SDK: on a connection error, 429 or 503 (and a
 * gateway's 502 or 504, which mean the API behind it could not be reached), back off
 * exponentially (with jitter, so many consoles do not come back in step), never sooner than the server's
 * Retry-After, and give up after 5 minutes with the last error. Writes are not retried here unless the caller
 * made them safe to repeat (see `idempotencyKey` in client.ts).
 * May import: src/shared only.
 */
import { ApiError } from './api-error.ts';

export interface RetryPolicy {
  /** Stop retrying once this much time has passed since the first attempt (the spec's 5 minutes). */
  maxElapsedMs: number;
  /** The backoff before the first retry; it doubles with every attempt. */
  initialDelayMs: number;
  /** The backoff never grows past this (Retry-After may still ask for longer). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxElapsedMs: 5 * 60_000,
  initialDelayMs: 500,
  maxDelayMs: 30_000,
};

/** What a caller learns before each retry: enough to show "reconnecting since …, attempt n, because …". */
export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  /** How long the client waits before this retry. */
  delayMs: number;
  /** The failure being retried. */
  error: ApiError;
  /** When the first attempt started (ms since the epoch). */
  startedAt: number;
}

export interface RetryOptions extends Partial<RetryPolicy> {
  onRetry?: (info: RetryInfo) => void;
  /** For tests of the jitter; Math.random otherwise. */
  random?: () => number;
}

/**
 * Failures that may go away by themselves: no answer at all, rate limiting, a server that is briefly unavailable,
 * and a gateway that could not reach the API behind it (502, 504: what a reverse proxy, or the dev server,
 * answers while the API is down or restarting).
 */
export function isRetryable(error: unknown): error is ApiError {
  return error instanceof ApiError && [0, 429, 502, 503, 504].includes(error.code);
}

/**
 * The wait before retry number `attempt`: exponential with "equal jitter" (half fixed, half random), so the
 * wait always grows yet clients spread out; never shorter than Retry-After, plus up to 10 % so that clients told
 * the same Retry-After do not all return in the same instant.
 */
export function backoffDelay(
  attempt: number,
  retryAfterSeconds: number | undefined,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.max(0, attempt - 1));
  const backoff = ceiling / 2 + random() * (ceiling / 2);
  if (retryAfterSeconds === undefined) return Math.round(backoff);
  const told = retryAfterSeconds * 1000;
  return Math.round(Math.max(backoff, told + random() * told * 0.1));
}

/** Runs `attempt` until it succeeds, fails for good, the budget runs out or `signal` aborts. */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  options: RetryOptions & { signal?: AbortSignal | undefined } = {},
): Promise<T> {
  const policy: RetryPolicy = {
    maxElapsedMs: options.maxElapsedMs ?? DEFAULT_RETRY_POLICY.maxElapsedMs,
    initialDelayMs: options.initialDelayMs ?? DEFAULT_RETRY_POLICY.initialDelayMs,
    maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
  };
  const startedAt = Date.now();
  for (let retry = 1; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (options.signal?.aborted || !isRetryable(error)) throw error;
      const delayMs = backoffDelay(retry, error.retryAfterSeconds, policy, options.random);
      if (Date.now() + delayMs - startedAt > policy.maxElapsedMs) throw error;
      options.onRetry?.({ attempt: retry, delayMs, error, startedAt });
      await sleep(delayMs, options.signal);
    }
  }
}

/** A wait that ends early, rejecting with the abort reason, when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
