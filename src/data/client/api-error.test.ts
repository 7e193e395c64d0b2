import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse, parseRetryAfter, reasonForCode } from './api-error.ts';

const notFound = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  code: 404,
  reason: 'NotFound',
  message: 'projects "nope" not found',
  details: { name: 'nope', kind: 'namespaces', causes: [{ field: 'metadata.namespace', message: 'no such project' }] },
  fix: 'Pick a project from GET /api/v1/namespaces.',
  docs: '/docs/errors/NotFound',
  requestId: 'req-from-body',
};

function response(over: Partial<Parameters<typeof errorFromResponse>[0]>) {
  return {
    method: 'GET',
    url: '/apis/nodus.dev/v1/namespaces/nope/jobs',
    httpStatus: 404,
    statusText: 'Not Found',
    headers: new Headers({ 'content-type': 'application/json', 'X-Request-Id': 'req-from-header' }),
    bodyText: JSON.stringify(notFound),
    ...over,
  };
}

describe('errorFromResponse', () => {
  it('keeps a Status as the API sent it', () => {
    const err = errorFromResponse(response({}));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.fromServer).toBe(true);
    expect(err.code).toBe(404);
    expect(err.reason).toBe('NotFound');
    expect(err.message).toBe('projects "nope" not found');
    expect(err.causes).toEqual([{ field: 'metadata.namespace', message: 'no such project' }]);
    expect(err.fix).toBe('Pick a project from GET /api/v1/namespaces.');
    expect(err.docs).toBe('/docs/errors/NotFound');
    expect(err.requestId).toBe('req-from-body');
    expect(err.status).toEqual(notFound);
  });

  it('takes the requestId from X-Request-Id when the Status has none', () => {
    const withoutId: Partial<typeof notFound> = { ...notFound };
    delete withoutId.requestId;
    const err = errorFromResponse(response({ bodyText: JSON.stringify(withoutId) }));
    expect(err.requestId).toBe('req-from-header');
  });

  it('resolves a relative docs link against the API base URL', () => {
    const err = errorFromResponse(response({ baseUrl: 'https://api.example.com' }));
    expect(err.docs).toBe('https://api.example.com/docs/errors/NotFound');
  });

  it('drops docs links that are not http(s)', () => {
    const err = errorFromResponse(response({ bodyText: JSON.stringify({ ...notFound, docs: 'javascript:alert(1)' }) }));
    expect(err.docs).toBeUndefined();
  });

  it('synthesizes a Status for an HTML error page from a proxy', () => {
    const err = errorFromResponse(
      response({
        httpStatus: 502,
        statusText: 'Bad Gateway',
        headers: new Headers({ 'content-type': 'text/html', 'X-Request-Id': 'gw-1' }),
        bodyText: '<html><body>Bad gateway</body></html>',
      }),
    );
    expect(err.fromServer).toBe(false);
    expect(err.code).toBe(502);
    expect(err.reason).toBe('InternalError');
    expect(err.message).toContain('HTTP 502 Bad Gateway');
    expect(err.message).toContain('the body was HTML');
    expect(err.message).not.toContain('<html>');
    expect(err.requestId).toBe('gw-1');
    expect(err.fix).toBeTruthy();
  });

  it('calls a 200 that is not JSON an InvalidResponse', () => {
    const err = errorFromResponse(
      response({
        httpStatus: 200,
        statusText: 'OK',
        headers: new Headers({ 'content-type': 'text/html' }),
        bodyText: '<!doctype html>',
      }),
    );
    expect(err.reason).toBe('InvalidResponse');
    expect(err.code).toBe(200);
    expect(err.requestId).toBeUndefined();
  });
});

describe('reasonForCode', () => {
  it('maps protocol codes to their reasons', () => {
    expect(reasonForCode(401)).toBe('Unauthorized');
    expect(reasonForCode(429)).toBe('TooManyRequests');
    expect(reasonForCode(503)).toBe('ServiceUnavailable');
    expect(reasonForCode(504)).toBe('Timeout');
    expect(reasonForCode(502)).toBe('InternalError');
    expect(reasonForCode(418)).toBe('Unknown');
  });
});

describe('Retry-After', () => {
  it('is read from the header, which a proxy may send without a Status', () => {
    const err = errorFromResponse(
      response({
        httpStatus: 503,
        statusText: 'Service Unavailable',
        headers: new Headers({ 'Retry-After': '7' }),
        bodyText: 'busy',
      }),
    );
    expect(err).toMatchObject({ code: 503, reason: 'ServiceUnavailable', retryAfterSeconds: 7 });
  });

  it('takes either form of the header: seconds or an HTTP date', () => {
    const now = Date.parse('2025-01-10T12:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3);
    expect(parseRetryAfter('Fri, 10 Jan 2025 12:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('Fri, 10 Jan 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
