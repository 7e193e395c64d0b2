/**
 * Console configuration from the build environment. The API base URL defaults to the console's own origin,
 * where the Vite dev server proxies API paths to the mock.
 */
import { DEMO_API_KEY } from '../shared/protocol.ts';

/**
 * Against the bundled mock with its demo key and demo org, asking nothing: the dev server always, and a production
 * build made with VITE_NODUS_DEMO=1 (the end-to-end tests run the built console that way).
 */
const demo = import.meta.env.DEV || import.meta.env.VITE_NODUS_DEMO === '1';

export const config = {
  apiBaseUrl: (import.meta.env.VITE_NODUS_API_URL ?? '').replace(/\/+$/, ''),
  /** In development the mock's demo key, so `npm start` works with no step; in production no key at all. */
  initialApiKey: import.meta.env.VITE_NODUS_API_KEY || (demo ? DEMO_API_KEY : ''),
  demo,
} as const;
