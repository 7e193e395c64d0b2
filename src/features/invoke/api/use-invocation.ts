/**
 * Sending one invocation at a time: Send while one is in flight does nothing (a double click sends once, the
 * guard is a ref, not state, so it holds within the same event loop turn), Cancel aborts it. Each outcome is an
 * Invocation for the history: the Function's answer, the API's refusal, a cancel or an unreachable API.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient } from '@/data/api-client.ts';
import { isApiError, resourcePath, type KindInfo } from '@/data/client/index.ts';
import type { HeaderRow } from '../model/request.ts';
import type { Invocation, InvocationResult } from '../model/history.ts';

export interface SendInput {
  body: string;
  rows: HeaderRow[];
  headers: Record<string, string>;
  contentType: string;
}

function newId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

async function outcome(path: string, input: SendInput, signal: AbortSignal): Promise<InvocationResult> {
  try {
    const answer = await apiClient.invoke(path, {
      body: input.body,
      contentType: input.contentType,
      headers: input.headers,
      signal,
    });
    return {
      kind: 'answer',
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
      bodyText: answer.bodyText,
      ...(answer.contentType ? { contentType: answer.contentType } : {}),
      invocationId: answer.invocationId,
      ...(answer.requestId ? { requestId: answer.requestId } : {}),
      ...(answer.durationMs !== undefined ? { durationMs: answer.durationMs } : {}),
      ...(answer.chargedUSD ? { chargedUSD: answer.chargedUSD } : {}),
    };
  } catch (error) {
    if (signal.aborted) return { kind: 'cancelled' };
    if (isApiError(error) && error.code !== 0) {
      return {
        kind: 'refused',
        status: {
          code: error.code,
          reason: error.reason,
          message: error.message,
          ...(error.fix ? { fix: error.fix } : {}),
          ...(error.docs ? { docs: error.docs } : {}),
          ...(error.requestId ? { requestId: error.requestId } : {}),
          causes: error.causes,
        },
      };
    }
    return { kind: 'unreachable', message: error instanceof Error ? error.message : String(error) };
  }
}

export function useInvocation(kind: KindInfo, project: string, name: string, onDone: (entry: Invocation) => void) {
  const [sending, setSending] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  // Leaving the page cancels what is in flight: nobody is left to read the answer.
  useEffect(() => () => inFlight.current?.abort(), []);

  const send = useCallback(
    async (input: SendInput) => {
      if (inFlight.current) return;
      const controller = new AbortController();
      inFlight.current = controller;
      setSending(true);
      const sentAt = new Date();
      const started = performance.now();
      const path = resourcePath(kind, kind.plural, { namespace: project, name, subresource: 'invoke' });
      const result = await outcome(path, input, controller.signal);
      inFlight.current = null;
      setSending(false);
      done.current({
        id: newId(),
        sentAt: sentAt.toISOString(),
        latencyMs: Math.round(performance.now() - started),
        body: input.body,
        headers: input.rows,
        result,
      });
    },
    [kind, project, name],
  );

  const cancel = useCallback(() => inFlight.current?.abort(), []);
  return { sending, send, cancel };
}
