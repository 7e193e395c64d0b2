/**
 * What a connection may hold of the server: how long its headers, its body and its idleness may take, and how
 * many connections there may be at once. Without these, connections that send half their headers, half a body or
 * nothing stay open forever, and once the process runs out of file descriptors every other client is refused.
 * A watch or a followed log is unaffected: its request is complete when the stream begins, and these clocks stop
 * once a request has been received.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Until a request's headers are complete, counted from its first byte (or from the connection, for the first). */
  headersTimeoutMs: number;
  /** Until a whole request, body included, has arrived. */
  requestTimeoutMs: number;
  /** A keep-alive connection with no request in flight is closed after this. */
  idleTimeoutMs: number;
  /** Connections at once, over both ports; undefined: what the process's open-file limit leaves room for. */
  maxConnections: number | undefined;
  /** How often Node checks the header and request clocks (it checks no more often than this). */
  checkIntervalMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  // As kube-apiserver's ReadHeaderTimeout: long enough for any real client on a slow link.
  headersTimeoutMs: 32_000,
  requestTimeoutMs: 60_000,
  idleTimeoutMs: 65_000,
  maxConnections: undefined,
  checkIntervalMs: 1_000,
};

/** File descriptors the server keeps for itself (the journal, the listening sockets, the certificate...). */
const RESERVED_DESCRIPTORS = 64;
const MOST_CONNECTIONS = 8_192;

/** The soft limit of open files, where the platform says (Linux); undefined elsewhere. */
export function openFileLimit(limitsText?: string): number | undefined {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return undefined;
    }
  }
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(text);
  if (!match || match[1] === 'unlimited') return undefined;
  return Number(match[1]);
}

/** The bound on connections: the configured one, else what the open-file limit leaves room for. */
export function connectionBound(limits: ConnectionLimits, fileLimit = openFileLimit()): number {
  if (limits.maxConnections !== undefined) return limits.maxConnections;
  if (fileLimit === undefined) return MOST_CONNECTIONS;
  return Math.max(16, Math.min(MOST_CONNECTIONS, fileLimit - RESERVED_DESCRIPTORS));
}

/** Options for http.createServer and https.createServer. */
export function serverOptions(limits: ConnectionLimits) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
    // Node would refuse a request without Host by itself, with a bare 400; the handler says why.
    requireHostHeader: false,
  };
}

/**
 * Shares one bound among the servers (HTTP and HTTPS) and says in the log when connections are refused, once per
 * `reportEveryMs` with how many, never once per connection.
 */
export class ConnectionGuard {
  private readonly open = new Set<unknown>();
  private refused = 0;
  private reportTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly bound: number,
    private readonly log: (line: string) => void = (line) => console.warn(line),
    private readonly reportEveryMs = 10_000,
  ) {}

  get count(): number {
    return this.open.size;
  }

  attach(server: Server): void {
    // Past 2,000 headers Node drops the rest silently (an Authorization header among them); the header size
    // limit (16 KiB) bounds them instead, and answers 431 when exceeded.
    server.maxHeadersCount = 0;
    server.on('connection', (socket: Socket) => {
      if (this.open.size >= this.bound) {
        this.refuse();
        socket.destroy();
        return;
      }
      this.open.add(socket);
      socket.once('close', () => this.open.delete(socket));
    });
  }

  private refuse(): void {
    this.refused++;
    if (this.reportTimer) return;
    this.report();
    this.reportTimer = setInterval(() => {
      if (this.refused === 0) {
        clearInterval(this.reportTimer);
        this.reportTimer = undefined;
      } else this.report();
    }, this.reportEveryMs);
    this.reportTimer.unref();
  }

  private report(): void {
    this.log(
      `refused ${this.refused} connection${this.refused === 1 ? '' : 's'}: ${this.bound} are open, the most this server ` +
        'accepts (NODUS_MOCK_MAX_CONNECTIONS, or the open-file limit)',
    );
    this.refused = 0;
  }

  close(): void {
    if (this.reportTimer) clearInterval(this.reportTimer);
    this.reportTimer = undefined;
  }
}
