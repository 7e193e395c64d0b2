/**
 * The share of watches between tabs (watch/share/) as the browser makes it: the Web Locks API, BroadcastChannel,
 * this tab's visibility, and which API and key the console uses now, so that tabs share what the same key reads
 * from the same API. Loaded with the share's code (watch-share.ts), not with the first view's.
 */
import { keyFingerprint, WatchShare } from './watch/share/share.ts';
import { activeApiKey, activeContext, useConnectionStore } from './connection-store.ts';

/** Streams the browser may hold to one host over HTTP/1.1: two of its six connections stay for what a person asks. */
export const HTTP1_STREAMS = 4;
/** Over HTTP/2 every request shares one connection; servers allow 100 streams at once or more. */
export const HTTP2_STREAMS = 32;

export function browserShare(): WatchShare {
  const apiUrl = () => activeContext(useConnectionStore.getState()).apiUrl || window.location.origin;
  const share = new WatchShare({
    env: {
      locks: navigator.locks,
      channel: (name) => new BroadcastChannel(name),
      tab: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
      visible: () => document.visibilityState === 'visible',
    },
    scope: () => `${apiUrl()}#${keyFingerprint(activeApiKey(useConnectionStore.getState()))}`,
    host: () => new URL(apiUrl(), window.location.href).host,
    budget: sameOriginHttp2() ? HTTP2_STREAMS : HTTP1_STREAMS,
  });
  document.addEventListener('visibilitychange', () => share.visibilityChanged());
  return share;
}

/**
 * Whether the page came over HTTP/2 or 3 and the API is on its origin: only then is the budget wider. Unknown
 * counts as HTTP/1.1.
 */
function sameOriginHttp2(): boolean {
  if (activeContext(useConnectionStore.getState()).apiUrl) return false;
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.nextHopProtocol === 'h2' || entry?.nextHopProtocol === 'h3';
}
