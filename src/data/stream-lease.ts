/**
 * A followed log is a long-lived request like a watch: it takes one of the browser's connections for as long as
 * it lives, so it is opened only with a slot of the share's budget (watch/share/budget.ts), taken from a watch
 * (which is then read every few seconds) if none is free, and waited for, saying so, if every slot holds another
 * followed log. Without a share (no Web Locks), nothing is counted and nothing waits.
 */
import { shareLoaded } from './watch-share.ts';

export interface StreamLease {
  release(): void;
}

export async function leaseStream(label: string, signal: AbortSignal, waiting: () => void): Promise<StreamLease> {
  const share = await shareLoaded();
  return share ? share.lease(label, signal, waiting) : { release: () => undefined };
}
