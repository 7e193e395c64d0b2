import { describe, expect, it } from 'vitest';
import { ApiError } from './client/index.ts';
import type { Status } from '../shared/protocol.ts';
import { shouldRetry } from './query-client.ts';

function apiError(code: number, reason: string): ApiError {
  const status: Status = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    code,
    reason,
    message: reason,
  };
  return new ApiError(status, { requestId: 'req_x', fromServer: code !== 0 });
}

describe('shouldRetry', () => {
  it('leaves network errors, 429 and 503 to the API client, which already retried them', () => {
    expect(shouldRetry(0, apiError(0, 'NetworkError'))).toBe(false);
    expect(shouldRetry(0, apiError(429, 'TooManyRequests'))).toBe(false);
    expect(shouldRetry(0, apiError(503, 'ServiceUnavailable'))).toBe(false);
  });

  it('retries other 5xx a couple of times and never a 4xx', () => {
    expect(shouldRetry(0, apiError(500, 'InternalError'))).toBe(true);
    expect(shouldRetry(2, apiError(500, 'InternalError'))).toBe(false);
    expect(shouldRetry(0, apiError(404, 'NotFound'))).toBe(false);
  });
});
