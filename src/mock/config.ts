/** How a mock server is set up; `configFromEnv` reads the NODUS_MOCK_* variables that `npm run mock` honours. */
import { DEMO_API_KEY } from '../shared/protocol.ts';

export interface MockConfig {
  port: number;
  /** HTTPS port for kubectl (which sends no token over plain HTTP); null for none, 0 for a free one. */
  tlsPort: number | null;
  tlsDir: string | undefined;
  host: string;
  apiKey: string;
  /** Who the demo key belongs to (the nodus.dev/created-by label). */
  principal: string;
  historySeconds: number;
  historyLimit: number;
  bookmarkSeconds: number;
  /** Seconds from a delete until the billing finalizer clears (until the lifecycle controller does it). */
  finalizeSeconds: number;
  /** Load the demo organisation at start and on reset. */
  demoData: boolean;
  /** Serve the /_mock/ development controls. */
  devControls: boolean;
  release: string;
}

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
    apiKey: DEMO_API_KEY,
    principal: 'demo-user',
    historySeconds: 24 * 3600,
    historyLimit: 1_000_000,
    bookmarkSeconds: 30,
    finalizeSeconds: 2,
    demoData: true,
    devControls: true,
    release: 'dev',
    ...overrides,
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): MockConfig {
  const base = defaultConfig();
  return defaultConfig({
    port: num(env.NODUS_MOCK_PORT, base.port),
    tlsPort: env.NODUS_MOCK_TLS_PORT === 'off' ? null : num(env.NODUS_MOCK_TLS_PORT, 8443),
    tlsDir: env.NODUS_MOCK_TLS_DIR || undefined,
    host: env.NODUS_MOCK_HOST || base.host,
    apiKey: env.NODUS_MOCK_API_KEY || base.apiKey,
    historySeconds: num(env.NODUS_MOCK_HISTORY_SECONDS, base.historySeconds),
    bookmarkSeconds: num(env.NODUS_MOCK_BOOKMARK_SECONDS, base.bookmarkSeconds),
    finalizeSeconds: num(env.NODUS_MOCK_FINALIZE_SECONDS, base.finalizeSeconds),
    demoData: env.NODUS_MOCK_DEMO !== '0',
    devControls: env.NODUS_MOCK_DEV_CONTROLS !== '0',
    release: env.NODUS_MOCK_RELEASE || base.release,
  });
}
