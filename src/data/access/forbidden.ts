/**
 * A 403 from any call means the cached access answers may be wrong (roles changed under the person): they are
 * asked again. The call log (call-log/) sees every call, uploads and refused terminals included, so this
 * listens there rather than in each feature. The reviews' own answers do not count (they would ask forever),
 * nor do calls made with an earlier key; a burst of refusals (a bulk delete) asks once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useCallLog, WAITING, type ApiCall } from '../call-log/call-log-store.ts';
import { useConnectionStore } from '../connection-store.ts';
import { queryKeys } from '../query-keys.ts';
import { REVIEW_PATHS } from './reviews.ts';

const SETTLE_MS = 250;

export function isAccessRefusal(call: Pick<ApiCall, 'status' | 'path' | 'startedAt'>, keySince: number): boolean {
  return call.status === 403 && call.startedAt >= keySince && !REVIEW_PATHS.some((path) => call.path.includes(path));
}

/** Starts listening; returns the function that stops. */
export function invalidateAccessOnForbidden(queryClient: QueryClient): () => void {
  // New calls are prepended, with ids taken when they started (an upload's long before its answer), so what is
  // new is what stands before the first call already seen.
  let seen = new Set(useCallLog.getState().calls.map((c) => c.id));
  // Writes recorded while they wait for their answer, which comes later in the same entry.
  const waiting = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = useCallLog.subscribe((state) => {
    const since = useConnectionStore.getState().changedAt;
    let refused = false;
    for (const call of state.calls) {
      if (seen.has(call.id)) break;
      seen.add(call.id);
      if (call.status === WAITING) waiting.add(call.id);
      else if (isAccessRefusal(call, since)) refused = true;
    }
    for (const id of waiting) {
      const call = state.calls.find((c) => c.id === id);
      if (call?.status === WAITING) continue;
      waiting.delete(id);
      if (call && isAccessRefusal(call, since)) refused = true;
    }
    if (seen.size > 2 * state.calls.length + 64) seen = new Set(state.calls.map((c) => c.id));
    if (!refused || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void queryClient.invalidateQueries({ queryKey: queryKeys.access() });
    }, SETTLE_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}
