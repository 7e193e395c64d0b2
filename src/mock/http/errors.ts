/**
 * Every failure of the mock API is an `ApiFailure` thrown from a handler and turned into a Kubernetes Status
 * with `fix`, `docs` and `requestId` at the edge (see respond.ts). Handlers never write error bodies themselves.
 */
import { REASON_CODES, type Reason, type Status, type StatusCause, type StatusDetails } from '../../shared/protocol.ts';

/** What to do next for each reason, when the thrower has nothing more specific to say. */
export const DEFAULT_FIX: Record<Reason, string> = {
  BadRequest: 'Correct the request as the message says and send it again.',
  Unauthorized: 'Send the header "Authorization: Bearer <your API key>".',
  Forbidden: 'Use a project you can write to; the project "nodus" is read-only.',
  NotFound: 'Check the project, kind and name; list the kind to see what exists.',
  MethodNotAllowed: 'Use a method this path supports (see the API reference).',
  NotAcceptable: 'Ask for application/json.',
  AlreadyExists: 'Pick another name, or send the same spec to get the existing object back.',
  Conflict: 'Read the object again, reapply your change to the new version, and retry with its resourceVersion.',
  Expired: 'List again and watch from the list\'s resourceVersion.',
  PreconditionFailed: 'Review again (dry-run) and launch with the new ETag.',
  RequestEntityTooLarge: 'Send a body of at most 1 MiB.',
  UnsupportedMediaType: 'Send a Content-Type this operation accepts (see the message).',
  Invalid: 'Correct the fields listed in details.causes and send the request again.',
  FieldImmutable: 'Delete and recreate the object to change these fields, or change only mutable fields.',
  IdempotencyKeyReused: 'Use a new Idempotency-Key for a different request.',
  TooManyRequests: 'Wait for Retry-After seconds, then retry.',
  InternalError: 'Retry; if it persists, quote the requestId to support.',
  ServiceUnavailable: 'Wait for Retry-After seconds, then retry.',
};

export interface FailureOptions {
  details?: StatusDetails;
  fix?: string;
  retryAfterSeconds?: number;
}

export class ApiFailure extends Error {
  readonly reason: Reason;
  readonly code: number;
  readonly details: StatusDetails | undefined;
  readonly fix: string;
  readonly retryAfterSeconds: number | undefined;

  constructor(reason: Reason, message: string, options: FailureOptions = {}) {
    super(message);
    this.reason = reason;
    this.code = REASON_CODES[reason];
    this.details = options.details;
    this.fix = options.fix ?? DEFAULT_FIX[reason];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A 422 Invalid listing each bad field. */
export function invalid(
  target: { kind: string; name?: string | undefined; group?: string | undefined },
  causes: StatusCause[],
  fix?: string,
): ApiFailure {
  const what = `${target.kind}${target.name ? ` "${target.name}"` : ''}`;
  const message = `${what} is invalid: ${causes.map((c) => (c.field ? `${c.field}: ${c.message}` : c.message)).join('; ')}`;
  return new ApiFailure('Invalid', message, {
    details: { kind: target.kind, ...(target.name ? { name: target.name } : {}), ...(target.group ? { group: target.group } : {}), causes },
    ...(fix ? { fix } : {}),
  });
}

export function statusBody(failure: ApiFailure, requestId: string, docsBase: string): Status {
  const details = failure.retryAfterSeconds !== undefined
    ? { ...failure.details, retryAfterSeconds: failure.retryAfterSeconds }
    : failure.details;
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    code: failure.code,
    reason: failure.reason,
    message: failure.message,
    ...(details ? { details } : {}),
    fix: failure.fix,
    docs: `${docsBase}/docs/errors/${failure.reason}`,
    requestId,
  };
}
