/**
 * Idempotency-Key on creates: a retry with the same key and the same request gets the first response again
 * with `Idempotent-Replayed: true`; the same key with a different request fails with IdempotencyKeyReused.
 * Failures are remembered too (a retry of a refused create is refused the same way), except those worth
 * retrying: 429, 5xx and 409 Conflict.
 */
import { createHash } from 'node:crypto';
import { HEADER_IDEMPOTENT_REPLAYED } from '@/shared/protocol.ts';
import { canonicalJson } from '../billing/pricing.ts';
import { ApiFailure, statusBody } from '../http/errors.ts';
import type { MockState } from '../state.ts';
import type { Reply } from '../http/reply.ts';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentRequest {
  key: string;
  method: string;
  path: string;
  query: string;
  ifMatch: string | undefined;
  body: unknown;
  requestId: string;
  origin: string;
}

export function checkKey(key: string): void {
  if (!KEY_PATTERN.test(key)) {
    throw new ApiFailure('BadRequest', 'the Idempotency-Key must be 1 to 255 visible ASCII characters', {
      fix: 'Send a random value such as a UUID as the Idempotency-Key.',
    });
  }
}

function fingerprint(req: IdempotentRequest): string {
  return createHash('sha256')
    .update([req.method, req.path, req.query, req.ifMatch ?? '', canonicalJson(req.body)].join('\n'))
    .digest('hex');
}

function worthRetrying(code: number): boolean {
  return code === 429 || code >= 500 || code === 409;
}

export function withIdempotency(state: MockState, req: IdempotentRequest, run: () => Reply): Reply {
  checkKey(req.key);
  const print = fingerprint(req);
  const previous = state.idempotent(req.key);
  if (previous) {
    if (previous.fingerprint !== print) {
      throw new ApiFailure(
        'IdempotencyKeyReused',
        `the Idempotency-Key "${req.key}" was used for a different request (another path, body or If-Match)`,
        {
          fix: 'Send a new Idempotency-Key for a new request; reuse a key only to retry the very same request.',
        },
      );
    }
    return {
      code: previous.code,
      body: previous.body,
      headers: { ...previous.headers, [HEADER_IDEMPOTENT_REPLAYED]: 'true' },
    };
  }
  let reply: Reply;
  try {
    reply = run();
  } catch (error) {
    if (!(error instanceof ApiFailure) || worthRetrying(error.code)) throw error;
    reply = { code: error.code, body: statusBody(error, req.requestId, req.origin) };
  }
  if (!worthRetrying(reply.code)) {
    state.rememberResponse(req.key, {
      fingerprint: print,
      code: reply.code,
      headers: reply.headers ?? {},
      body: reply.body,
      time: state.now(),
    });
  }
  return reply;
}
