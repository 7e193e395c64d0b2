/**
 * The error reference the mock serves at /docs/errors/{Reason}: what every Status's `docs` link points at.
 */
import { REASON_CODES, type Reason } from '@/shared/protocol.ts';
import { DEFAULT_FIX } from '../http/errors.ts';

/** What each reason means, whatever the request: served at /docs/errors and written into docs/API.md. */
export const REASON_MEANING: Record<Reason, string> = {
  BadRequest:
    'The request could not be read: a malformed body, a bad query parameter or selector, or a header that is missing.',
  Unauthorized:
    'No API key was sent, or it is not a valid key: unknown, revoked, expired, or its user was deleted. An open watch or shell whose key is revoked ends with this Status.',
  Forbidden:
    'The key is valid but its user may not do this: no role of theirs allows it (the message names the verb, resource and project; the fix, who can grant it), or nobody may, such as writing to the read-only project nodus; or the call comes from a web page whose origin the server does not allow.',
  NotFound: 'The project, kind or object does not exist, or the path is not part of the API.',
  MethodNotAllowed: 'The path exists but does not take this HTTP method.',
  NotAcceptable: 'The server cannot answer in the format the Accept header asks for.',
  AlreadyExists:
    'An object with this name exists with a different spec; details.causes lists each differing field with both values. The same spec returns the existing object instead.',
  Conflict:
    'Someone changed the object after you read it: the resourceVersion you sent is not the current one. For files: what is at the path is in the way (a directory that is not empty, a file where a directory is wanted), or the Sandbox is not Running.',
  Expired: 'The resume point (resourceVersion or continue token) is older than the history Nodus keeps.',
  PreconditionFailed: 'The If-Match ETag of your review no longer matches: the spec or the price book changed since.',
  RequestEntityTooLarge: 'The body is over 1 MiB, or a file written through the files subresource is over 64 MiB.',
  RangeNotSatisfiable:
    'The Range header asks for bytes past the end of the file; the Content-Range header (bytes */size) says how long it is.',
  UnsupportedMediaType: 'The Content-Type is not one this operation takes.',
  Invalid: 'One or more fields are not valid; details.causes names each field and what is wrong with it.',
  FieldImmutable:
    "The update changes fields that cannot change after create; details.causes lists each. Mutable fields (such as spec.state, or a raise of spec.maxCostUSD) are listed in each kind's schema (x-nodus-mutable).",
  IdempotencyKeyReused: 'The Idempotency-Key was used before for a different request.',
  TooManyRequests: 'Too many requests; the Retry-After header says when to try again.',
  InternalError: 'Something failed inside Nodus.',
  ServiceUnavailable: 'Nodus cannot answer right now; the Retry-After header says when to try again.',
  InsufficientStorage:
    "The Volume (or the Sandbox's disk) has no room for the file: its use (status.usedGiB) would pass its size (spec.sizeGiB).",
  Timeout:
    'The request waited for a resourceVersion newer than any Nodus has reached (details.causes says ResourceVersionTooLarge) and gave up; the Retry-After header says when to try again.',
};

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:3rem auto;padding:0 1rem;color:#1f2937}code{background:#f3f4f6;padding:.1rem .3rem;border-radius:4px}a{color:#4f46e5}';

export function isReason(value: string): value is Reason {
  return Object.prototype.hasOwnProperty.call(REASON_CODES, value);
}

export function errorPage(reason: Reason): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${reason} · Nodus errors</title><style>${STYLE}</style></head><body>
<p><a href="/docs/errors">Nodus error reference</a></p>
<h1>${reason} <small>(HTTP ${REASON_CODES[reason]})</small></h1>
<h2>What it means</h2><p>${escape(REASON_MEANING[reason])}</p>
<h2>What to do</h2><p>${escape(DEFAULT_FIX[reason])}</p>
<p>The Status's <code>fix</code> says what to do for this request; quote its <code>requestId</code> to support.</p>
</body></html>`;
}

export function errorIndex(): string {
  const rows = (Object.keys(REASON_CODES) as Reason[])
    .map((r) => `<li><a href="/docs/errors/${r}">${r}</a> (${REASON_CODES[r]}): ${escape(REASON_MEANING[r])}</li>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Nodus errors</title><style>${STYLE}</style></head><body>
<h1>Nodus error reference</h1><p>Every error is a Kubernetes Status whose <code>reason</code> is one of these codes, with <code>fix</code>, <code>docs</code> and <code>requestId</code>.</p><ul>${rows}</ul></body></html>`;
}
