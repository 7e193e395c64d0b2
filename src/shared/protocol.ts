/**
 * The Nodus wire protocol: the shapes that cross HTTP between the API (or the bundled mock) and any client.
 * Both the mock server and the console import this module; it imports nothing and holds no behaviour beyond
 * constants, so that neither side drags the other's code along.
 */

export const GROUP = 'nodus.dev';
export const VERSION = 'v1';
export const API_VERSION = `${GROUP}/${VERSION}`;

/** The demo key the bundled mock accepts unless configured otherwise. */
export const DEMO_API_KEY = 'nodus-dev-key';
/** The read-only project that holds what Nodus publishes (base images). */
export const PUBLIC_PROJECT = 'nodus';
export const DEFAULT_PROJECT = 'default';

export const LABEL_CREATED_BY = 'nodus.dev/created-by';
export const LABEL_LAUNCHED_BY = 'nodus.dev/launched-by';
export const ANNOTATION_RESTART_REQUESTED_AT = 'nodus.dev/restart-requested-at';
export const FINALIZER_BILLING = 'nodus.dev/billing';
/** Kubernetes' own name: a Foreground delete holds the owner with it until its blocking dependents are gone. */
export const FINALIZER_FOREGROUND = 'foregroundDeletion';
/** On each Job a Pipeline starts: the Pipeline's name. */
export const LABEL_PIPELINE = 'nodus.dev/pipeline';

/** Response and request headers with a meaning in the protocol. */
export const HEADER_REQUEST_ID = 'X-Request-Id';
export const HEADER_IDEMPOTENCY_KEY = 'Idempotency-Key';
export const HEADER_IDEMPOTENT_REPLAYED = 'Idempotent-Replayed';
/** On an invocation's answer only: the Function answered (its own status and body), not the API. */
export const HEADER_INVOCATION_ID = 'Nodus-Invocation-Id';
/** How long the Function took, in milliseconds, on an invocation's answer. */
export const HEADER_INVOCATION_DURATION = 'Nodus-Duration-Ms';
/** What the invocation was charged, in USD, on an invocation's answer. */
export const HEADER_INVOCATION_CHARGE = 'Nodus-Charged-USD';

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  ownerReferences?: OwnerReference[];
  managedFields?: ManagedFieldsEntry[];
}

/** Fields of metadata only the server sets: on input it ignores them (or checks resourceVersion and uid). */
export const SERVER_METADATA_FIELDS: ReadonlySet<string> = new Set([
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
]);

/** Who set which fields, and how (server-side apply or any other write), as Kubernetes records it. */
export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Record<string, unknown>;
  /** Set when the write went through a subresource: `status` for what the controller writes. */
  subresource?: string;
}

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration?: number;
}

export interface Estimate {
  /** Expected total cost of the run, a decimal string in USD. */
  costUSD: string;
  /** What is held on the card when the object starts. */
  firstHoldUSD: string;
  rateUSDPerHour: string;
  /** When the object is expected to start running (RFC 3339). */
  startTime: string;
  priceBookVersion: string;
  /** How the launch would leave each Budget that covers it (present on reviews of billable kinds). */
  budgets?: BudgetImpact[];
}

export interface BudgetImpact {
  name: string;
  limitUSD: string;
  spentUSD: string;
  remainingUSD: string;
  /** What would be left after this launch's expected cost; negative when it would go over. */
  remainingAfterUSD: string;
  wouldExceed: boolean;
  /** Block refuses such a launch; Alert lets it go with a warning. */
  enforcement: 'Block' | 'Alert';
  /** The Budget's spec.alertThresholds: percentages of the limit, ascending (absent from older servers). */
  alertThresholds?: number[];
}

/** Every phase any kind can show; the same words mean the same thing on every kind. */
export type Phase =
  | 'Queued'
  | 'Provisioning'
  | 'Pending'
  | 'Starting'
  | 'Running'
  | 'Succeeded'
  | 'Failed'
  | 'Cancelled'
  | 'Stopped'
  | 'Suspended'
  | 'Cancelling'
  | 'Terminating'
  | 'Active'
  | 'Exceeded'
  | 'Available'
  | 'Deprecated';

export interface ObjectStatus {
  phase?: Phase | string;
  conditions?: Condition[];
  observedGeneration?: number;
  estimate?: Estimate;
  [field: string]: unknown;
}

export interface NodusObject<Spec = Record<string, unknown>> {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: Spec;
  status?: ObjectStatus;
}

export interface ListMeta {
  resourceVersion: string;
  continue?: string;
  remainingItemCount?: number;
}

export interface ObjectList<T = NodusObject> {
  apiVersion: string;
  kind: string;
  metadata: ListMeta;
  items: T[];
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/** On the bookmark that ends a streaming list's objects (sendInitialEvents): the changes follow it. */
export const ANNOTATION_INITIAL_EVENTS_END = 'k8s.io/initial-events-end';

export interface WatchEvent<T = NodusObject> {
  type: WatchEventType;
  /** For ERROR events this is a Status. */
  object: T | Status;
}

export interface StatusCause {
  /** Dotted path of the field, e.g. `spec.image` or `metadata.name`. */
  field?: string;
  reason?: string;
  message: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

/** The error reasons of the Nodus API and their HTTP codes. */
export const REASON_CODES = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  NotAcceptable: 406,
  AlreadyExists: 409,
  Conflict: 409,
  Expired: 410,
  PreconditionFailed: 412,
  RequestEntityTooLarge: 413,
  RangeNotSatisfiable: 416,
  UnsupportedMediaType: 415,
  Invalid: 422,
  FieldImmutable: 422,
  IdempotencyKeyReused: 422,
  TooManyRequests: 429,
  InternalError: 500,
  ServiceUnavailable: 503,
  Timeout: 504,
  InsufficientStorage: 507,
} as const;

export type Reason = keyof typeof REASON_CODES;

/** A Kubernetes Status, plus the Nodus fields `fix`, `docs` and `requestId`. */
export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure' | 'Success';
  code: number;
  reason: Reason | string;
  message: string;
  details?: StatusDetails;
  /** What to do next. */
  fix?: string;
  /** A page that explains this error code. */
  docs?: string;
  /** Quote this to support. */
  requestId?: string;
}

export function isStatus(value: unknown): value is Status {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Status';
}

/** Readiness as `/readyz` reports it. */
export interface Readiness {
  ready: boolean;
  /** The commit the server runs. */
  release: string;
  /** Checks that fail without making the server unready. */
  degraded: string[];
  /** The check that made the server unready, if any. */
  failing: string | null;
}

/** A Kubernetes namespace, which Nodus calls a project. */
export interface Project {
  apiVersion: 'v1';
  kind: 'Namespace';
  metadata: ObjectMeta;
  spec?: { finalizers?: string[] };
  status?: { phase: 'Active' | 'Terminating' };
}
