/**
 * How the routes answer: through the journal's flush, and with the Status of a path or method they do not serve
 * (or a path they cannot read).
 */
import { API_VERSION } from '@/shared/protocol.ts';
import { sendJson, type Ctx } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Reply } from '../http/reply.ts';
import type { MockState } from '../state.ts';

export function methodNotAllowed(ctx: Ctx, allowed: string[]): ApiFailure {
  return new ApiFailure(
    'MethodNotAllowed',
    `${ctx.method} is not supported on ${ctx.url.pathname}; it takes ${allowed.join(', ')}`,
    {
      fix: `Use ${allowed.join(' or ')}.`,
    },
  );
}

export function notFoundPath(ctx: Ctx): ApiFailure {
  return new ApiFailure('NotFound', `the path ${ctx.url.pathname} is not part of the Nodus API`, {
    fix: `Objects live at /apis/${API_VERSION}/namespaces/{project}/{plural}[/{name}]; discovery at /apis/${API_VERSION} lists the kinds.`,
  });
}

/** Every write answers through here: with NODUS_MOCK_DATA, only once what it changed is on disk. */
export async function reply(state: MockState, ctx: Ctx, r: Reply): Promise<void> {
  await state.flushed();
  sendJson(ctx, r.code, r.body, r.headers);
}

/** A path segment as the client meant it; `%E0%A4` (half a character) or a bare `%` is the client's mistake. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiFailure(
      'BadRequest',
      `the path segment "${segment.slice(0, 100)}" holds a malformed percent-encoding`,
      {
        fix: 'Percent-encode each byte of UTF-8 as %XX, and a literal "%" as %25.',
      },
    );
  }
}
