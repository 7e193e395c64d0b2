/**
 * What the mock's Functions answer, chosen by the last segment of spec.handler (`app.echo`, `fail`, ...): echo
 * (also any handler it does not know), fail, and slow. Nothing of the host runs: each is a few lines of data.
 */
import { isUtf8 } from 'node:buffer';

export type Behaviour = 'echo' | 'fail' | 'slow';

/** How long slow waits when the body does not say (sleepMs). */
export const SLOW_DEFAULT_MS = 2000;
/** The longest a slow handler is asked to wait; a request for longer waits this long (or times out first). */
export const SLOW_MAX_MS = 600_000;

export function behaviourOf(handler: unknown): Behaviour {
  const last = typeof handler === 'string' ? (handler.split(/[.:]/).pop() ?? '') : '';
  return last === 'fail' || last === 'slow' ? last : 'echo';
}

export interface Invocation {
  body: Buffer;
  contentType: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  name: string;
  receivedAt: string;
}

export interface FunctionAnswer {
  code: number;
  body: unknown;
}

/** The body as the handler reads it: JSON when it parses, else text, else (not UTF-8) base64. */
export function parsedBody(body: Buffer): unknown {
  if (body.length === 0) return null;
  if (!isUtf8(body)) return { base64: body.toString('base64') };
  const text = body.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

// Credentials are never echoed: a copy of the request must not put the key in a response body.
const ECHOED = /^(content-type|content-length|accept|user-agent|x-(?!request-id).*)$/;

function echoedHeaders(headers: Invocation['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !ECHOED.test(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export function answer(behaviour: Behaviour, inv: Invocation): FunctionAnswer {
  if (behaviour === 'fail') {
    return {
      code: 500,
      body: {
        error: 'HandlerError',
        message: `${inv.name} raised an error while handling the request (its handler is a "fail" handler).`,
        function: inv.name,
      },
    };
  }
  return {
    code: 200,
    body: {
      echo: parsedBody(inv.body),
      method: 'POST',
      headers: echoedHeaders(inv.headers),
      receivedAt: inv.receivedAt,
      function: inv.name,
    },
  };
}

/** How long slow waits: `sleepMs` of a JSON body, bounded, else SLOW_DEFAULT_MS. */
export function slowDelay(body: Buffer): number {
  const parsed = parsedBody(body);
  const asked = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).sleepMs : undefined;
  if (typeof asked !== 'number' || !Number.isFinite(asked) || asked < 0) return SLOW_DEFAULT_MS;
  return Math.min(Math.round(asked), SLOW_MAX_MS);
}
