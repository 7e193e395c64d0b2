/**
 * One exec session over WebSocket, to the API of the context in use: same origin through the dev server's or the
 * console server's proxy, or the configured API's origin with ws/wss. The key goes as a subprotocol, never in the
 * URL. A browser WebSocket cannot read an answer refused before the upgrade, so that case asks the same URL with a
 * plain GET, whose answer is the API's Status (reason, message, fix, requestId).
 */
import { apiClient } from '@/data/api-client.ts';
import { resourcePath, toApiError, type ApiError } from '@/data/client/index.ts';
import { activeApiKey, useConnectionStore } from '@/data/connection-store.ts';
import {
  CHANNEL,
  decodeFrame,
  encodeResize,
  encodeStdin,
  execPath,
  execSubprotocols,
  parseExecEnd,
  type ExecEnd,
} from '../model/channels.ts';
import type { TerminalTarget } from '../model/dock-store.ts';
import { refusalOf } from '../model/refusal.ts';

export interface ExecHandlers {
  onOpen: () => void;
  onOutput: (data: Uint8Array) => void;
  /** The command ended (exit code) or the API ended it (reason). */
  onEnd: (end: ExecEnd) => void;
  /** The connection closed with no Status: it broke off. */
  onDrop: (detail: string) => void;
  /** Refused before the session began: the API's Status. */
  onRefused: (error: ApiError) => void;
}

export interface ExecConnection {
  send: (data: string | Uint8Array) => void;
  resize: (size: { cols: number; rows: number }) => void;
  close: () => void;
}

export function targetPath(t: TerminalTarget): string {
  return execPath(resourcePath(t, t.plural, { namespace: t.project, name: t.name }));
}

/** ws(s):// for the API base (empty: this page's origin). */
export function socketUrl(base: string, path: string): string {
  const url = new URL(base ? `${base}${path}` : path, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function connectExec(target: TerminalTarget, handlers: ExecHandlers): ExecConnection {
  const path = targetPath(target);
  const key = activeApiKey(useConnectionStore.getState()) || undefined;
  const socket = new WebSocket(socketUrl(apiClient.baseUrl, path), execSubprotocols(key));
  socket.binaryType = 'arraybuffer';
  let opened = false;
  let ended = false;
  let closedByUs = false;

  socket.onopen = () => {
    opened = true;
    handlers.onOpen();
  };
  socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
    if (typeof event.data === 'string') return;
    const frame = decodeFrame(event.data);
    if (!frame) return;
    if (frame.channel === CHANNEL.stdout || frame.channel === CHANNEL.stderr) handlers.onOutput(frame.data);
    else if (frame.channel === CHANNEL.error && !ended) {
      ended = true;
      handlers.onEnd(parseExecEnd(frame.data));
    }
  };
  socket.onclose = (closed) => {
    if (closedByUs || ended) return;
    if (!opened) {
      void explainRefusal(path).then(handlers.onRefused);
      return;
    }
    const why = closed.reason ? `: ${closed.reason}` : '';
    handlers.onDrop(`The connection closed without an exit status (WebSocket code ${closed.code}${why}).`);
  };

  const send = (bytes: Uint8Array<ArrayBuffer>) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(bytes);
  };
  return {
    send: (data) => send(encodeStdin(data)),
    resize: (size) => send(encodeResize(size)),
    close: () => {
      closedByUs = true;
      socket.close();
    },
  };
}

/** The Status the API gives the same request without the upgrade. */
async function explainRefusal(path: string): Promise<ApiError> {
  try {
    await apiClient.get(path, { retry: false });
  } catch (error) {
    return refusalOf(toApiError(error));
  }
  return refusalOf(undefined);
}
