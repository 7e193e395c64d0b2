/**
 * The exec sessions open in one mock server, counted per object and in all, so that a limit refuses the next one
 * with 429 before it is upgraded. A session leaves when its connection closes, however it closes (a dropped socket
 * included), so the count never fills with sessions nobody holds.
 */
import { ApiFailure } from '../http/errors.ts';
import type { MockState } from '../state.ts';

/** How long a client refused for too many sessions is told to wait. */
const RETRY_AFTER_SECONDS = 5;

export class ExecSessions {
  private readonly byObject = new Map<string, number>();
  private open = 0;

  /** Counts a session in; throws 429 when the object or the server holds as many as allowed. */
  admit(key: string, what: string, limits: { perObject: number; total: number }): () => void {
    const here = this.byObject.get(key) ?? 0;
    if (here >= limits.perObject)
      throw new ApiFailure('TooManyRequests', `${what} already has ${here} open shells, the most it may have at once`, {
        fix: 'Close a terminal open on it (exit, or close its tab), then try again.',
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
    if (this.open >= limits.total)
      throw new ApiFailure('TooManyRequests', `this server already has ${this.open} open shells, the most it allows`, {
        fix: 'Close terminals you no longer use, then try again.',
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
    this.byObject.set(key, here + 1);
    this.open++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open--;
      const left = (this.byObject.get(key) ?? 1) - 1;
      if (left === 0) this.byObject.delete(key);
      else this.byObject.set(key, left);
    };
  }

  get count(): number {
    return this.open;
  }
}

const SESSIONS = new WeakMap<MockState, ExecSessions>();

export function execSessions(state: MockState): ExecSessions {
  let sessions = SESSIONS.get(state);
  if (!sessions) SESSIONS.set(state, (sessions = new ExecSessions()));
  return sessions;
}
