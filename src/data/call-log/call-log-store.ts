/**
 * The recent API calls, for the Support panel and its report: the last MAX_CALLS requests the console made,
 * newest first. It holds what a support engineer needs to find a call in the server's logs (method, path,
 * status, reason, requestId, time taken) and nothing that authenticates: request headers are never kept.
 */
import { create } from 'zustand';

export const MAX_CALLS = 200;
/** The status of a write sent and not answered yet (only writes are kept while they wait: see record-fetch.ts). */
export const WAITING = -1;
/** How long a write may wait for its answer before the control that sent it, and the health pill, say so. */
export const SLOW_MS = 2_000;

export interface ApiCall {
  id: number;
  /** When the request was sent (ms since the epoch). */
  startedAt: number;
  method: string;
  /** Path and query as sent, without the origin. */
  path: string;
  /** HTTP status; 0 when no answer arrived (network error, CORS); WAITING while a write waits for one. */
  status: number;
  /** The Status reason of a failure (read from the body), or the client's for a call with no answer. */
  reason?: string | undefined;
  requestId?: string | undefined;
  /** Until the response headers arrived: a watch is recorded then, and its stream goes on. */
  durationMs: number;
  watch: boolean;
}

interface CallLogState {
  calls: ApiCall[];
  add: (call: ApiCall) => void;
  /** Fills in what arrives after the headers (the reason, read from the body). */
  update: (id: number, patch: Partial<ApiCall>) => void;
  /** A call the console cancelled while it waited: not something to report. */
  remove: (id: number) => void;
  clear: () => void;
}

export const useCallLog = create<CallLogState>()((set) => ({
  calls: [],
  add: (call) => set((s) => ({ calls: [call, ...s.calls].slice(0, MAX_CALLS) })),
  update: (id, patch) =>
    set((s) => {
      const index = s.calls.findIndex((c) => c.id === id);
      if (index < 0) return s;
      const calls = [...s.calls];
      calls[index] = { ...calls[index]!, ...patch };
      return { calls };
    }),
  remove: (id) => set((s) => ({ calls: s.calls.filter((c) => c.id !== id) })),
  clear: () => set({ calls: [] }),
}));

export function isFailure(call: Pick<ApiCall, 'status'>): boolean {
  return call.status === 0 || call.status >= 400;
}
