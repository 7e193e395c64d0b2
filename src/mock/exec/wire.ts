/**
 * Kubernetes' remote command protocol over WebSocket (v5.channel.k8s.io, and v4 without the close channel): each
 * binary message's first byte is its channel. The client writes stdin (0), resize (4) and, in v5, close (255,
 * then the channel it closes); the server writes stdout (1), stderr (2) and, once, the error channel (3): a
 * metav1.Status that says how the command ended.
 */

export const CHANNEL = { stdin: 0, stdout: 1, stderr: 2, error: 3, resize: 4, close: 255 } as const;

export const V5 = 'v5.channel.k8s.io';
export const V4 = 'v4.channel.k8s.io';
/** In the order the server prefers them. */
export const CHANNEL_PROTOCOLS: readonly string[] = [V5, V4];

/** Output is sent in messages of at most this many bytes (plus the channel byte), as a shell's writes come. */
export const CHUNK_BYTES = 32 * 1024;

/** The Status of a command that ended by itself, as the kubelet writes it (kubectl exits with the same code). */
export function exitStatus(code: number, command: readonly string[]) {
  if (code === 0) return { metadata: {}, status: 'Success' };
  return {
    metadata: {},
    status: 'Failure',
    message: `command terminated with non-zero exit code: error executing command [${command.join(' ')}], exit code ${code}`,
    reason: 'NonZeroExitCode',
    details: { causes: [{ reason: 'ExitCode', message: String(code) }] },
  };
}

/** A resize message's size; undefined when it is not `{"Width":w,"Height":h}` with sensible numbers. */
export function parseResize(data: Uint8Array): { width: number; height: number } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(data).toString('utf8'));
  } catch {
    return undefined;
  }
  const { Width: width, Height: height } = (value ?? {}) as { Width?: unknown; Height?: unknown };
  const ok = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 65535;
  return ok(width) && ok(height) ? { width, height } : undefined;
}

/** Messages of `data` on a channel, each at most CHUNK_BYTES of it. */
export function frames(channel: number, data: Uint8Array): Buffer[] {
  const out: Buffer[] = [];
  for (let start = 0; start < data.length; start += CHUNK_BYTES) {
    const part = data.subarray(start, Math.min(data.length, start + CHUNK_BYTES));
    const frame = Buffer.allocUnsafe(part.length + 1);
    frame[0] = channel;
    frame.set(part, 1);
    out.push(frame);
  }
  return out;
}

/** Output to a terminal: a bare LF becomes CR LF, as a pty's onlcr does (a CR LF already there stays as it is). */
export function onlcr(data: Uint8Array): Uint8Array {
  let bare = 0;
  for (let i = 0; i < data.length; i++) if (data[i] === 0x0a && data[i - 1] !== 0x0d) bare++;
  if (bare === 0) return data;
  const out = new Uint8Array(data.length + bare);
  let j = 0;
  for (let i = 0; i < data.length; i++) {
    if (data[i] === 0x0a && data[i - 1] !== 0x0d) out[j++] = 0x0d;
    out[j++] = data[i]!;
  }
  return out;
}
