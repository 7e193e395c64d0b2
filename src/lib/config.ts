/**
 * Console configuration from the build environment. The API base URL defaults to the console's own origin,
 * where the Vite dev server proxies API paths to the mock.
 */
import { DEMO_API_KEY } from '../shared/protocol.ts';

export const config = {
  apiBaseUrl: (import.meta.env.VITE_NODUS_API_URL ?? '').replace(/\/+$/, ''),
  /** In development the mock's demo key, so `npm start` works with no step; in production no key at all. */
  initialApiKey: import.meta.env.VITE_NODUS_API_KEY || (import.meta.env.DEV ? DEMO_API_KEY : ''),
} as const;

