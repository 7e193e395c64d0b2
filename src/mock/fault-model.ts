/**
 * The faults a mock server injects (set with POST /_mock/faults) and the counts of what it injected.
 * Kept apart from the code that applies them so that MockState can hold them without an import cycle;
 * this file imports nothing.
 */

/** Kubernetes verbs, as a fault's `verbs` filter names them (so a test can break only watches, or only lists). */
export const VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'] as const;
export type Verb = (typeof VERBS)[number];

export interface ReadyzFault {
  /** Checks that fail without making the server unready: /readyz answers 200 and lists them. */
  degraded: string[];
  /** The check that makes the server unready: /readyz answers 503 and names it. */
  failing: string | null;
}

export interface FaultSettings {
  /** Added before every faulted response is started (for a watch, before its first byte). */
  latencyMs: number;
  /** A uniform extra delay from 0 to this, drawn per request. */
  latencyJitterMs: number;
  /** The share (0 to 1) of faulted requests answered with `errorCode` instead of being served. */
  errorRate: number;
  errorCode: 429 | 503;
  retryAfterSeconds: number;
  /** Every faulted watch is cut after this many events, bookmarks and initial ADDED events included. */
  dropWatchAfterEvents: number | null;
  readyz: ReadyzFault;
  /** Path prefixes that are faulted; empty for all. */
  paths: string[];
  /** Verbs that are faulted; empty for all. */
  verbs: Verb[];
  /** Seeds the draws for errorRate and jitter: the same settings give the same sequence of answers. */
  seed: number;
  /**
   * For this many seconds from the POST, the API is unreachable: every request (and every watch or followed log
   * already open) has its connection broken off without an answer, as when the API's host goes away. Only
   * /_mock/ still answers, so a test can watch the outage and end it early. Applies to every path and verb,
   * whatever `paths` and `verbs` say.
   */
  unreachableSeconds: number;
  /**
   * false: a streaming list (a watch with sendInitialEvents) on a faulted path is refused with 422, as a server
   * without streaming lists refuses it, so that a client's page-by-page fallback can be tried in one project.
   */
  streamingLists: boolean;
}

export interface FaultCounts {
  delayed: number;
  failed: number;
  droppedWatches: number;
  /** Connections broken off by `unreachableSeconds`: requests refused and watches cut. */
  refused: number;
}

export interface Faults {
  settings: FaultSettings;
  /** Two seeded streams, so that turning on jitter does not change which requests fail. */
  errorDraw: () => number;
  jitterDraw: () => number;
  injected: FaultCounts;
  /** When the outage set by `unreachableSeconds` ends (ms since the epoch); 0 for none. */
  unreachableUntil: number;
}

export const DEFAULT_SEED = 1;
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

export function defaultSettings(): FaultSettings {
  return {
    latencyMs: 0,
    latencyJitterMs: 0,
    errorRate: 0,
    errorCode: 503,
    retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS,
    dropWatchAfterEvents: null,
    readyz: { degraded: [], failing: null },
    paths: [],
    verbs: [],
    seed: DEFAULT_SEED,
    unreachableSeconds: 0,
    streamingLists: true,
  };
}

/** mulberry32: a small, well-mixed 32-bit PRNG; enough to spread failures evenly and reproducibly. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `now`: when the settings were posted, from which an outage (`unreachableSeconds`) is counted. */
export function faultsFrom(settings: FaultSettings, now = 0): Faults {
  return {
    settings,
    errorDraw: seeded(settings.seed),
    jitterDraw: seeded(settings.seed ^ 0x9e3779b9),
    injected: { delayed: 0, failed: 0, droppedWatches: 0, refused: 0 },
    unreachableUntil: settings.unreachableSeconds > 0 ? now + settings.unreachableSeconds * 1000 : 0,
  };
}

export function noFaults(): Faults {
  return faultsFrom(defaultSettings());
}
