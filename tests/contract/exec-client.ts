/**
 * A plain `ws` client for the exec subresource, as any WebSocket client would speak Kubernetes' remote command
 * protocol: messages are collected by channel; a refused upgrade comes back as its HTTP status and Status body.
 */
import WebSocket from 'ws';
import { DEMO_API_KEY, type Status } from '@/shared/protocol.ts';

export const V5 = 'v5.channel.k8s.io';

export function execPath(name: string, query: string, project = 'default'): string {
  return `/apis/nodus.dev/v1/namespaces/${project}/sandboxes/${name}/exec?${query}`;
}

/** The bearer subprotocol a browser offers: the key in base64url without padding. */
export function bearerProtocol(key: string): string {
  return `base64url.bearer.authorization.k8s.io.${Buffer.from(key).toString('base64url')}`;
}

export interface ExecOpen {
  protocols?: string[];
  headers?: Record<string, string>;
  /** Send no Authorization header (default: the demo key). */
  noAuth?: boolean;
  ca?: Buffer;
}

export interface Refused {
  refused: true;
  code: number;
  headers: Record<string, string | string[] | undefined>;
  body: Status;
}

export class ExecClient {
  readonly messages: { channel: number; data: Buffer }[] = [];
  readonly closed: Promise<number>;
  private waiters = new Set<() => void>();

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.messages.push({ channel: data[0]!, data: data.subarray(1) });
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('close', () => {
      for (const wake of this.waiters) wake();
    });
  }

  text(channel: number): string {
    return Buffer.concat(this.messages.filter((m) => m.channel === channel).map((m) => m.data)).toString('utf8');
  }

  /** Output without the prompt's colours. */
  plain(channel = 1): string {
    // eslint-disable-next-line no-control-regex
    return this.text(channel).replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
  }

  /** Waits until `check` holds for what has arrived (or fails once the socket closes without it). */
  async until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error(`closed before ${what}: ${this.plain()}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(this.plain())}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
      });
    }
  }

  async untilOutput(text: string, channel = 1): Promise<void> {
    await this.until(() => this.plain(channel).includes(text), JSON.stringify(text));
  }

  /** The Status on the error channel, once it has arrived. */
  async status(): Promise<Status & { details?: { causes?: { reason?: string; message: string }[] } }> {
    await this.until(() => this.messages.some((m) => m.channel === 3), 'the error channel');
    return JSON.parse(this.text(3)) as Status;
  }

  send(channel: number, data: string | Buffer): void {
    this.ws.send(Buffer.concat([Buffer.from([channel]), Buffer.from(data)]));
  }

  type(text: string): void {
    this.send(0, text);
  }

  closeStdin(): void {
    this.ws.send(Buffer.from([255, 0]));
  }
}

/** Opens an exec session at `base` (ws:// or wss://) + path; resolves with the client, or with the refusal. */
export function openExec(base: string, path: string, open: ExecOpen = {}): Promise<ExecClient | Refused> {
  const headers: Record<string, string> = { ...open.headers };
  if (!open.noAuth) headers.Authorization ??= `Bearer ${DEMO_API_KEY}`;
  const ws = new WebSocket(`${base}${path}`, open.protocols ?? [V5], {
    headers,
    ...(open.ca ? { ca: open.ca } : {}),
  });
  return new Promise((resolve, reject) => {
    const client = new ExecClient(ws);
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => {
        try {
          resolve({ refused: true, code: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) as Status });
        } catch {
          reject(new Error(`a refusal without a Status (${res.statusCode}): ${text}`));
        }
      });
    });
    ws.once('error', reject);
  });
}

export function opened(result: ExecClient | Refused): ExecClient {
  if (!(result instanceof ExecClient)) throw new Error(`refused with ${result.code}: ${JSON.stringify(result.body)}`);
  return result;
}

export function refused(result: ExecClient | Refused): Refused {
  if (result instanceof ExecClient) {
    result.ws.terminate();
    throw new Error('the upgrade was accepted');
  }
  return result;
}

/** The ws:// base of a mock's HTTP address. */
export function wsBase(httpUrl: string): string {
  return httpUrl.replace(/^http/, 'ws');
}
