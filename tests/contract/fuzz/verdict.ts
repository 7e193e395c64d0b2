/**
 * What every answer to a hostile request must be: a success, or a Kubernetes Status with a reason the API
 * documents (never InternalError), a message, a fix, a docs link for that reason and the requestId of the
 * X-Request-Id header. Returns what is wrong, or undefined.
 */
import { REASON_CODES } from '@/shared/protocol.ts';
import type { FuzzCase, FuzzResponse } from './send.ts';

const REQUEST_ID = /^req_[0-9a-z]{26}$/;

function isReason(value: unknown): value is keyof typeof REASON_CODES {
  return typeof value === 'string' && Object.hasOwn(REASON_CODES, value);
}

function text(body: Buffer, max = 160): string {
  return JSON.stringify(body.subarray(0, max).toString('utf8'));
}

/** The Status's own fields, wherever it arrived (a response body, or an ERROR event of a watch). */
export function statusProblem(value: unknown, code: number, requestId: string | undefined): string | undefined {
  if (typeof value !== 'object' || value === null) return 'the body is not a JSON object';
  const s = value as Record<string, unknown>;
  if (s.kind !== 'Status' || s.apiVersion !== 'v1' || s.status !== 'Failure')
    return `not a failure Status: kind ${String(s.kind)}, status ${String(s.status)}`;
  if (!isReason(s.reason)) return `reason ${JSON.stringify(s.reason)} is not one the API documents`;
  if (s.reason === 'InternalError') return `InternalError: ${String(s.message)}`;
  if (s.code !== code || REASON_CODES[s.reason] !== code)
    return `code ${String(s.code)} (HTTP ${code}) does not go with reason ${s.reason}`;
  for (const field of ['message', 'fix', 'docs', 'requestId'] as const) {
    if (typeof s[field] !== 'string' || (s[field] as string).length === 0) return `the Status has no ${field}`;
  }
  if (!(s.docs as string).endsWith(`/docs/errors/${s.reason}`))
    return `docs ${String(s.docs)} is not the page for ${s.reason}`;
  if (!REQUEST_ID.test(s.requestId as string)) return `requestId ${String(s.requestId)} is malformed`;
  if (requestId !== undefined && s.requestId !== requestId)
    return `requestId ${String(s.requestId)} is not the X-Request-Id ${requestId}`;
  return undefined;
}

function successProblem(c: FuzzCase, r: FuzzResponse): string | undefined {
  if (r.stream) {
    const first = r.body.toString('utf8').split('\n')[0] ?? '';
    if (first.trim() === '') return undefined;
    if (!(r.headers['content-type'] ?? '').includes('json')) return undefined; // a followed log: text
    let event: { type?: unknown; object?: unknown };
    try {
      event = JSON.parse(first) as typeof event;
    } catch {
      return `a watch event that is not JSON: ${text(r.body)}`;
    }
    return event.type === 'ERROR'
      ? statusProblem(event.object, (event.object as { code?: number }).code ?? 0, undefined)
      : undefined;
  }
  if (c.method === 'HEAD' || r.status === 204) return undefined;
  const type = r.headers['content-type'] ?? '';
  if (!type.includes('json')) return type.startsWith('text/') ? undefined : `a ${r.status} of type "${type}"`;
  try {
    JSON.parse(r.body.toString('utf8'));
  } catch {
    return `a ${r.status} whose JSON body does not parse: ${text(r.body)}`;
  }
  return undefined;
}

export function problemWith(c: FuzzCase, r: FuzzResponse): string | undefined {
  const requestId = r.headers['x-request-id'];
  if (!requestId) return `HTTP ${r.status} without X-Request-Id: ${text(r.body)}`;
  if (r.status >= 200 && r.status < 300) return successProblem(c, r);
  if (c.method === 'HEAD' && r.body.length === 0) {
    return r.status >= 500 || !(r.headers['content-type'] ?? '').includes('json')
      ? `HEAD answered ${r.status}`
      : undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(r.body.toString('utf8'));
  } catch {
    return `HTTP ${r.status} with a body that is not JSON: ${text(r.body)}`;
  }
  return statusProblem(body, r.status, requestId);
}
