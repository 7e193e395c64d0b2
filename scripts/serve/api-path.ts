/**
 * Which requests the console's server forwards to the API, and with what path. A browser resolves `.` and `..`
 * before it sends a URL, but any other client can send them raw, percent-encoded (%2e%2e) or with backslashes,
 * which some servers take for slashes: forwarded as they are, they would reach the API's host outside the path
 * NODUS_API_URL names (`/base/api/../../admin`). The path is resolved here, and refused when it climbs out.
 * Imports nothing.
 */

/** The API's top-level paths, as vite.config.ts proxies them in development; the console's routes never start so. */
export const API_PREFIXES = ['api', 'apis', 'openapi', 'version', 'healthz', 'readyz', 'livez', 'docs', '_mock'];
const API_PATH = new RegExp(`^/(?:${API_PREFIXES.join('|')})(?:[/?]|$)`);

/** The development controls of the bundled mock: never part of a real API, so not forwarded in production. */
const MOCK_CONTROLS = /^\/_mock(?:[/?]|$)/;

/** `.` or `..`, each dot written as it is or percent-encoded. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

export type ApiTarget =
  { kind: 'not-api' } | { kind: 'forward'; path: string } | { kind: 'escapes' } | { kind: 'mock-controls' };

/**
 * Whether a request target is an API call and, if so, the path and query to forward (relative to the API's base):
 * dot segments resolved; refused when one would climb above the root, when the resolved path is no API path, or
 * when a dot segment hides behind an encoded slash or backslash (%2f, %5c) that the API might decode.
 */
export function apiTarget(target: string, options: { mockControls: boolean }): ApiTarget {
  if (!API_PATH.test(target.replace(/\\/g, '/'))) return { kind: 'not-api' };
  const queryAt = target.indexOf('?');
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt);
  const resolved: string[] = [];
  for (const segment of rawPath.replace(/\\/g, '/').split('/').slice(1)) {
    if (DOT_SEGMENT.test(segment)) {
      if (segment.replace(/%2e/gi, '.') === '..' && resolved.pop() === undefined) return { kind: 'escapes' };
      continue;
    }
    if (segment.split(/%2f|%5c/i).some((part) => DOT_SEGMENT.test(part))) return { kind: 'escapes' };
    resolved.push(segment);
  }
  const path = `/${resolved.join('/')}`;
  if (!API_PATH.test(path)) return { kind: 'escapes' };
  if (MOCK_CONTROLS.test(path) && !options.mockControls) return { kind: 'mock-controls' };
  return { kind: 'forward', path: `${path}${query}` };
}
