/** How a mock server is set up; `configFromEnv` reads the NODUS_MOCK_* variables that `npm run mock` honours. */
import { DEMO_API_KEY } from '../shared/protocol.ts';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './http/connections.ts';
import { parseOriginList } from './http/cors.ts';

export interface MockConfig {
  port: number;
  /** HTTPS port for kubectl (which sends no token over plain HTTP); null for none, 0 for a free one. */
  tlsPort: number | null;
  tlsDir: string | undefined;
  host: string;
  /**
   * The URL clients reach this server at (NODUS_MOCK_PUBLIC_URL), for absolute links such as a Status's `docs`;
   * unset, the address it listens on. Never taken from a request's Host header, which any client may set.
   */
  publicUrl: string | undefined;
  /**
   * Web page origins (scheme://host[:port]) that may call this server from a browser besides the console's own
   * (NODUS_MOCK_ALLOWED_ORIGINS, comma-separated; see http/cors.ts). Read at each request.
   */
  allowedOrigins: string[];
  apiKey: string;
  /** Who the demo key belongs to (the nodus.dev/created-by label). */
  principal: string;
  historySeconds: number;
  historyLimit: number;
  bookmarkSeconds: number;
  /** Seconds from a delete until the billing finalizer clears (until the lifecycle controller does it). */
  finalizeSeconds: number;
  /**
   * How fast simulated time runs for the lifecycle controller, logs and billing: 1 looks real in a demo,
   * tests use 20 or more so that objects move through their phases in a second or two.
   */
  speed: number;
  /** Let hourly rates drift (without a new price book version). */
  priceDrift: boolean;
  /** Run the lifecycle controller (phases, charges, finalizers). */
  controller: boolean;
  /** Load the demo organisation at start (into an empty data directory only) and on reset. */
  demoData: boolean;
  /**
   * Where the state is kept (NODUS_MOCK_DATA): every acknowledged write survives a crash and a restart. Unset,
   * the state is in memory and each start begins from the demo data.
   */
  dataDir: string | undefined;
  /** Serve the /_mock/ development controls. */
  devControls: boolean;
  /**
   * A watch whose unsent output grows past this many bytes (its client reads too slowly) is cut off, so one slow
   * reader cannot hold the server's memory; the client resumes from the last version it received.
   */
  watchBufferBytes: number;
  /** Timeouts for headers, bodies and idle connections, and how many connections at once. */
  connections: ConnectionLimits;
  /**
   * How long a read for a resourceVersion newer than the store's waits for it before 504 Timeout (kube-apiserver
   * waits 3 s for its watch cache); tests make it short.
   */
  versionWaitSeconds: number;
  /**
   * Whether watches stream lists (sendInitialEvents); false refuses them as kube-apiserver does with its WatchList
   * feature gate off, so that a client's page-by-page fallback can be tried.
   */
  streamingLists: boolean;
  /** All watches' unsent output together: past it, the watches holding the most are cut off first. */
  watchBufferTotalBytes: number;
  /** A watch whose client takes none of its waiting output for this long is cut off (0: never). */
  watchStallSeconds: number;
  release: string;
  /** Bounds on shells opened with the exec subresource of Sandboxes. */
  exec: ExecLimits;
  /** The largest file the files subresource (and the shell) keeps, in bytes. */
  fileMaxBytes: number;
  /** How long an Event is kept after it was last observed (NODUS_MOCK_EVENT_TTL_SECONDS); then it is deleted. */
  eventTtlSeconds: number;
  /** The most Events a project keeps (NODUS_MOCK_EVENTS_PER_PROJECT): past it, the least recent go first. */
  eventsPerProject: number;
  /** All files of all Volumes and Sandboxes together, in bytes: the mock holds them in memory. */
  filesTotalBytes: number;
}

export interface ExecLimits {
  /** Sessions open at once in one object; more are refused with 429. */
  perObject: number;
  /** Sessions open at once in the whole server. */
  total: number;
  /** A session that receives nothing (no keystroke, no resize) for this long is ended. */
  idleSeconds: number;
  /** The largest message a client may send on the stdin channel. */
  stdinMessageBytes: number;
}

export const DEFAULT_EXEC_LIMITS: ExecLimits = {
  perObject: 8,
  total: 64,
  idleSeconds: 30 * 60,
  stdinMessageBytes: 64 * 1024,
};

function num(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`expected a non-negative number, got "${value}"`);
  return n;
}

export function defaultConfig(overrides: Partial<MockConfig> = {}): MockConfig {
  return {
    port: 8001,
    tlsPort: null,
    tlsDir: undefined,
    host: '127.0.0.1',
    publicUrl: undefined,
    allowedOrigins: [],
    apiKey: DEMO_API_KEY,
    principal: 'demo-user',
    historySeconds: 24 * 3600,
    historyLimit: 1_000_000,
    bookmarkSeconds: 30,
    finalizeSeconds: 2,
    speed: 1,
    priceDrift: false,
    controller: true,
    demoData: true,
    dataDir: undefined,
    devControls: true,
    watchBufferBytes: 32 * 1024 * 1024,
    versionWaitSeconds: 3,
    streamingLists: true,
    watchBufferTotalBytes: 256 * 1024 * 1024,
    watchStallSeconds: 15,
    release: 'dev',
    fileMaxBytes: 64 * 2 ** 20,
    filesTotalBytes: 512 * 2 ** 20,
    eventTtlSeconds: 24 * 3600,
    eventsPerProject: 5000,
    ...overrides,
    connections: { ...DEFAULT_CONNECTION_LIMITS, ...overrides.connections },
    exec: { ...DEFAULT_EXEC_LIMITS, ...overrides.exec },
  };
}

/**
 * The /_mock/ controls (reset, faults, seed, churn, price book) are for development and tests: on by default,
 * off with NODUS_MOCK_DEV_CONTROLS=0, and always off with NODUS_MOCK_MODE=production, which nothing overrides.
 */
/** An http(s) URL without query or fragment, with no trailing slash: links are written as `${publicUrl}/docs/...`. */
function publicUrlFrom(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username)
    throw new Error(`NODUS_MOCK_PUBLIC_URL must be an http(s) URL such as https://nodus-mock.example, not "${value}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function devControlsFrom(env: NodeJS.ProcessEnv): boolean {
  const mode = env.NODUS_MOCK_MODE || 'development';
  if (mode !== 'development' && mode !== 'production')
    throw new Error(`NODUS_MOCK_MODE must be "development" or "production", not "${mode}"`);
  return mode === 'development' && env.NODUS_MOCK_DEV_CONTROLS !== '0';
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): MockConfig {
  const base = defaultConfig();
  return defaultConfig({
    port: num(env.NODUS_MOCK_PORT, base.port),
    tlsPort: env.NODUS_MOCK_TLS_PORT === 'off' ? null : num(env.NODUS_MOCK_TLS_PORT, 8443),
    tlsDir: env.NODUS_MOCK_TLS_DIR || undefined,
    host: env.NODUS_MOCK_HOST || base.host,
    publicUrl: publicUrlFrom(env.NODUS_MOCK_PUBLIC_URL),
    allowedOrigins: parseOriginList(env.NODUS_MOCK_ALLOWED_ORIGINS ?? ''),
    apiKey: env.NODUS_MOCK_API_KEY || base.apiKey,
    historySeconds: num(env.NODUS_MOCK_HISTORY_SECONDS, base.historySeconds),
    bookmarkSeconds: num(env.NODUS_MOCK_BOOKMARK_SECONDS, base.bookmarkSeconds),
    versionWaitSeconds: num(env.NODUS_MOCK_VERSION_WAIT_SECONDS, base.versionWaitSeconds),
    streamingLists: env.NODUS_MOCK_STREAMING_LISTS !== '0',
    fileMaxBytes: num(env.NODUS_MOCK_FILE_MAX_BYTES, base.fileMaxBytes),
    filesTotalBytes: num(env.NODUS_MOCK_FILES_TOTAL_BYTES, base.filesTotalBytes),
    finalizeSeconds: num(env.NODUS_MOCK_FINALIZE_SECONDS, base.finalizeSeconds),
    eventTtlSeconds: num(env.NODUS_MOCK_EVENT_TTL_SECONDS, base.eventTtlSeconds) || base.eventTtlSeconds,
    eventsPerProject:
      Math.floor(num(env.NODUS_MOCK_EVENTS_PER_PROJECT, base.eventsPerProject)) || base.eventsPerProject,
    speed: num(env.NODUS_MOCK_SPEED, base.speed) || base.speed,
    priceDrift: env.NODUS_MOCK_PRICE_DRIFT !== '0',
    demoData: env.NODUS_MOCK_DEMO !== '0',
    dataDir: env.NODUS_MOCK_DATA || undefined,
    devControls: devControlsFrom(env),
    watchBufferBytes: num(env.NODUS_MOCK_WATCH_BUFFER_BYTES, base.watchBufferBytes),
    watchBufferTotalBytes: num(env.NODUS_MOCK_WATCH_BUFFER_TOTAL_BYTES, base.watchBufferTotalBytes),
    watchStallSeconds: num(env.NODUS_MOCK_WATCH_STALL_SECONDS, base.watchStallSeconds),
    release: env.NODUS_MOCK_RELEASE || base.release,
    connections: {
      ...base.connections,
      ...(env.NODUS_MOCK_MAX_CONNECTIONS ? { maxConnections: num(env.NODUS_MOCK_MAX_CONNECTIONS, 0) } : {}),
    },
  });
}
