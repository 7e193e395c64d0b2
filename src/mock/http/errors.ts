/**
 * Every failure of the mock API is an `ApiFailure` thrown from a handler and turned into a Kubernetes Status
 * with `fix`, `docs` and `requestId` at the edge (see respond.ts). Handlers never write error bodies themselves.
 */
import { REASON_CODES, type Reason, type Status, type StatusCause, type StatusDetails } from '@/shared/protocol.ts';

/** What to do next for each reason, when the thrower has nothing more specific to say. */
export const DEFAULT_FIX: Record<Reason, string> = {
  BadRequest: 'Correct the request as the message says and send it again.',
  Unauthorized:
    'Send the header "Authorization: Bearer <your API key>"; ask an org admin for a new key if yours was revoked.',
  Forbidden:
    'Ask an admin of the project (or an org admin) for a role that allows it; the project "nodus" is read-only.',
  NotFound: 'Check the project, kind and name; list the kind to see what exists.',
  MethodNotAllowed: 'Use a method this path supports (see the API reference).',
  NotAcceptable: 'Ask for application/json.',
  AlreadyExists: 'Pick another name, or send the same spec to get the existing object back.',
  Conflict: 'Read the object again, reapply your change to the new version, and retry with its resourceVersion.',
  Expired: "List again and watch from the list's resourceVersion.",
  PreconditionFailed: 'Review again (dry-run) and launch with the new ETag.',
  RequestEntityTooLarge: 'Send a body of at most 1 MiB.',
  RangeNotSatisfiable: 'Ask for a range that starts before the end of the file (Content-Range says its size).',
  UnsupportedMediaType: 'Send a Content-Type this operation accepts (see the message).',
  Invalid: 'Correct the fields listed in details.causes and send the request again.',
  FieldImmutable: 'Delete and recreate the object to change these fields, or change only mutable fields.',
  IdempotencyKeyReused: 'Use a new Idempotency-Key for a different request.',
  TooManyRequests: 'Wait for Retry-After seconds, then retry.',
  InternalError: 'Retry; if it persists, quote the requestId to support.',
  ServiceUnavailable: 'Wait for Retry-After seconds, then retry.',
  Timeout: 'Wait for Retry-After seconds, then retry; if it persists, list again without a resourceVersion.',
  InsufficientStorage: "Free space by deleting files, or raise the Volume's spec.sizeGiB.",
};

export interface FailureOptions {
  details?: StatusDetails;
  fix?: string;
  retryAfterSeconds?: number;
  /** A docs link other than the reason's page (mock-only: mock.nodus.dev/refuse-with sets any text). */
  docs?: string;
}

export class ApiFailure extends Error {
  readonly reason: Reason;
  readonly code: number;
  readonly details: StatusDetails | undefined;
  readonly fix: string;
  readonly retryAfterSeconds: number | undefined;
  readonly docs: string | undefined;

  constructor(reason: Reason, message: string, options: FailureOptions = {}) {
    super(message);
    this.reason = reason;
    this.code = REASON_CODES[reason];
    this.details = options.details;
    this.fix = options.fix ?? DEFAULT_FIX[reason];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.docs = options.docs;
  }
}

/**
 * How much of what a client sent a Status echoes back: a body of 50,000 bad keys (or a 500 KB name) must not come
 * back as a 35 MB error. The first causes say what to fix; a last one says how many more there were.
 */
export const MAX_CAUSES = 50;
const MAX_MESSAGE = 8 * 1024;
const MAX_CAUSE_TEXT = 1024;

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

function clipDetails(details: StatusDetails | undefined): StatusDetails | undefined {
  if (!details) return details;
  // The name comes from the body as it was sent, which may be no string at all ({"name": {"$ne": 1}}).
  const { name, ...rest } = details;
  const out: StatusDetails = { ...rest, ...(typeof name === 'string' ? { name: clip(name, MAX_CAUSE_TEXT) } : {}) };
  if (details.causes) {
    out.causes = details.causes.slice(0, MAX_CAUSES).map((c) => ({
      ...c,
      ...(c.field !== undefined ? { field: clip(c.field, MAX_CAUSE_TEXT) } : {}),
      message: clip(c.message, MAX_CAUSE_TEXT),
    }));
    if (details.causes.length > MAX_CAUSES)
      out.causes.push({ message: `and ${details.causes.length - MAX_CAUSES} more problems like these` });
  }
  return out;
}

/** A 422 Invalid listing each bad field. */
export function invalid(
  target: { kind: string; name?: string | undefined; group?: string | undefined },
  causes: StatusCause[],
  fix?: string,
): ApiFailure {
  const what = `${target.kind}${target.name ? ` "${target.name}"` : ''}`;
  const listed = causes
    .slice(0, MAX_CAUSES)
    .map((c) => (c.field ? `${c.field}: ${c.message}` : c.message))
    .join('; ');
  const message = `${what} is invalid: ${listed}${causes.length > MAX_CAUSES ? `; and ${causes.length - MAX_CAUSES} more` : ''}`;
  return new ApiFailure('Invalid', message, {
    details: {
      kind: target.kind,
      ...(target.name ? { name: target.name } : {}),
      ...(target.group ? { group: target.group } : {}),
      causes,
    },
    ...(fix ? { fix } : {}),
  });
}

export function statusBody(failure: ApiFailure, requestId: string, docsBase: string): Status {
  const details =
    failure.retryAfterSeconds !== undefined
      ? { ...clipDetails(failure.details), retryAfterSeconds: failure.retryAfterSeconds }
      : clipDetails(failure.details);
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    code: failure.code,
    reason: failure.reason,
    message: clip(failure.message, MAX_MESSAGE),
    ...(details ? { details } : {}),
    fix: clip(failure.fix, MAX_MESSAGE),
    docs: failure.docs ?? `${docsBase}/docs/errors/${failure.reason}`,
    requestId,
  };
}
