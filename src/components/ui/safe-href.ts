/**
 * Links that come from the API (Status.docs and the like) are followed only when they are http or https: a
 * `javascript:`, `data:` or `vbscript:` URL in an answer must not become something a click runs. Relative links
 * resolve against the page, as the browser would resolve them.
 */
export function safeHref(
  value: string | undefined,
  base: string = typeof window === 'undefined' ? 'http://localhost/' : window.location.href,
): string | undefined {
  if (!value) return undefined;
  try {
    // The URL parser drops tabs and newlines and trims what browsers trim, so "java\tscript:" is seen as it would run.
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
