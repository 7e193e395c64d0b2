/** Reading a request the way every route does: its body, its common query parameters, who makes it. */
import { HEADER_IDEMPOTENCY_KEY } from '@/shared/protocol.ts';
import { readBody, requireObject } from '../http/body.ts';
import { boolQuery, query, type Ctx, type Principal } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Reply } from '../http/reply.ts';
import { withIdempotency } from '../objects/idempotency.ts';
import type { UnknownFieldMode } from '../schema/schema.ts';
import type { MockState } from '../state.ts';

export const BODY_TYPES = ['application/json', 'application/yaml', 'application/x-yaml'] as const;
export const STRATEGIC_PATCH = 'application/strategic-merge-patch+json';

export function fieldValidation(ctx: Ctx): UnknownFieldMode {
  const value = query(ctx, 'fieldValidation');
  if (value === null || value === '' || value === 'Strict') return 'Strict';
  if (value === 'Warn' || value === 'Ignore') return value;
  throw new ApiFailure('BadRequest', `fieldValidation must be Strict, Warn or Ignore, not "${value}"`);
}

/** Who makes the request: set by authentication before any route runs. */
export function requestUser(ctx: Ctx): Principal {
  if (!ctx.user) throw new Error(`${ctx.method} ${ctx.url.pathname} was routed before its key was checked`);
  return ctx.user;
}

export function isWatch(ctx: Ctx): boolean {
  return boolQuery(ctx, 'watch');
}

export async function objectBody(ctx: Ctx, types: readonly string[]): Promise<Record<string, unknown>> {
  const { value } = await readBody(ctx.req, types);
  return requireObject(value);
}

/** Creates pass through the Idempotency-Key layer (not dry-runs: they store nothing). */
export function idempotent(state: MockState, ctx: Ctx, body: unknown, dryRun: boolean, run: () => Reply): Reply {
  const key = ctx.req.headers[HEADER_IDEMPOTENCY_KEY.toLowerCase()] as string | undefined;
  if (key === undefined || dryRun) return run();
  return withIdempotency(
    state,
    {
      key,
      method: ctx.method,
      path: ctx.url.pathname,
      query: ctx.url.searchParams.toString(),
      ifMatch: ctx.req.headers['if-match'],
      body,
      requestId: ctx.requestId,
      origin: ctx.origin,
    },
    run,
  );
}
