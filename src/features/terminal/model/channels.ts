/**
 * Kubernetes' remote command protocol as the exec WebSocket speaks it (`v5.channel.k8s.io`): each binary message
 * starts with its channel; the key rides in a subprotocol because a browser cannot set headers on a WebSocket.
 * Pure: no socket, no DOM.
 */

export const EXEC_PROTOCOL = 'v5.channel.k8s.io';
const BEARER_PREFIX = 'base64url.bearer.authorization.k8s.io.';

export const CHANNEL = { stdin: 0, stdout: 1, stderr: 2, error: 3, resize: 4, close: 255 } as const;

const encoder = new TextEncoder();

/** base64url without padding, of the key's UTF-8 bytes (as kube-apiserver reads it). */
export function base64url(text: string): string {
  let binary = '';
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The subprotocols to offer: the channel protocol, and the key when there is one. */
export function execSubprotocols(apiKey: string | undefined): string[] {
  return apiKey ? [EXEC_PROTOCOL, BEARER_PREFIX + base64url(apiKey)] : [EXEC_PROTOCOL];
}

/** The exec subresource's path and query for an interactive shell: stdin and stdout on a tty (no stderr with a tty). */
export function execPath(objectPath: string, command: readonly string[] = ['sh']): string {
  const query = new URLSearchParams();
  for (const arg of command) query.append('command', arg);
  query.set('stdin', 'true');
  query.set('stdout', 'true');
  query.set('tty', 'true');
  return `${objectPath}/exec?${query.toString()}`;
}

function frame(channel: number, payload: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(payload.length + 1);
  out[0] = channel;
  out.set(payload, 1);
  return out;
}

export function encodeStdin(data: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return frame(CHANNEL.stdin, typeof data === 'string' ? encoder.encode(data) : data);
}

export function encodeResize(size: { cols: number; rows: number }): Uint8Array<ArrayBuffer> {
  return frame(CHANNEL.resize, encoder.encode(JSON.stringify({ Width: size.cols, Height: size.rows })));
}

/** v5: the client closes its stdin (the shell reads end of input). */
export function encodeCloseStdin(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([CHANNEL.close, CHANNEL.stdin]);
}

export interface Frame {
  channel: number;
  data: Uint8Array;
}

/** A message as received; undefined for an empty one (no channel byte). */
export function decodeFrame(message: ArrayBuffer | Uint8Array): Frame | undefined {
  const bytes = message instanceof Uint8Array ? message : new Uint8Array(message);
  if (bytes.length === 0) return undefined;
  return { channel: bytes[0]!, data: bytes.subarray(1) };
}

/** How a session ended, from the Status on the error channel. */
export type ExecEnd =
  | { kind: 'exited'; code: number }
  /** The API ended the command for a reason other than its exit (the Sandbox stopped, ...). */
  | { kind: 'ended'; reason: string; message: string; fix?: string };

interface ChannelStatus {
  status?: string;
  reason?: string;
  message?: string;
  fix?: string;
  details?: { causes?: { reason?: string; message?: string }[] };
}

export function parseExecEnd(data: Uint8Array): ExecEnd {
  let status: ChannelStatus;
  try {
    status = JSON.parse(new TextDecoder().decode(data)) as ChannelStatus;
  } catch {
    return {
      kind: 'ended',
      reason: 'InvalidResponse',
      message: 'The API ended the session with an unreadable status.',
    };
  }
  if (status.status === 'Success') return { kind: 'exited', code: 0 };
  const exit = status.details?.causes?.find((c) => c.reason === 'ExitCode');
  const code = exit ? Number(exit.message) : NaN;
  if (status.reason === 'NonZeroExitCode' && Number.isInteger(code)) return { kind: 'exited', code };
  return {
    kind: 'ended',
    reason: status.reason ?? 'Unknown',
    message: status.message ?? 'The API ended the session without saying why.',
    ...(status.fix ? { fix: status.fix } : {}),
  };
}

/** The sentence the tab and the terminal show for an exit. */
export function exitSentence(code: number): string {
  return code === 0 ? 'Process exited with code 0 (success)' : `Process exited with code ${code}`;
}
