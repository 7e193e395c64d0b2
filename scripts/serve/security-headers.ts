/**
 * The security headers a production console is served with: a strict Content-Security-Policy and the usual
 * companions. Kept apart from the server so the README's nginx example, the preview server and the tests read one
 * definition. Imports nothing.
 *
 * Why each directive is what it is:
 * - script-src 'self': the build has no inline script and nothing calls eval; Monaco and its YAML worker are bundled
 *   files on this origin (no CDN).
 * - style-src 'self' 'unsafe-inline': Monaco writes <style> elements at run time (its themes, decorations, the
 *   cursor and the minimap) and renders lines through innerHTML with style="" attributes; it has no nonce hook, so
 *   inline styles cannot be avoided with it. Styles cannot run code; scripts stay strict.
 * - worker-src 'self': Monaco's editor worker, monaco-yaml's, the log decoder and the list pager are emitted as files
 *   by the build and started from their URLs, never from blob: or data: URLs.
 * - connect-src 'self' plus the API's origin when the console calls an API elsewhere (VITE_NODUS_API_URL).
 * - img-src 'self' data:: the favicon and small inline SVG data URLs in CSS.
 * - font-src 'self' data:: Monaco's codicon font is a bundled file (data: for builds that inline small assets).
 * - frame-ancestors 'none', base-uri 'none', form-action 'self', object-src 'none'.
 */

export interface SecurityOptions {
  /** Origins (scheme://host[:port]) the console may call besides its own: the API's when it is not proxied. */
  connectOrigins?: readonly string[];
}

/** The origin of a URL (`https://api.example.com/v1` → `https://api.example.com`), or undefined when it is not http(s). */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

export function contentSecurityPolicy(options: SecurityOptions = {}): string {
  const connect = [
    "'self'",
    ...new Set((options.connectOrigins ?? []).map(originOf).filter((o): o is string => o !== undefined)),
  ];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['worker-src', ["'self'"]],
    ['connect-src', connect],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'", 'data:']],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Headers for every response the console's server sends: HTML, assets, its own errors and the API's answers. */
export function securityHeaders(options: SecurityOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}
