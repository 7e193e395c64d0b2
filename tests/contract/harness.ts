/**
 * The contract suite's harness: a real mock server on a free port per test file, and small HTTP helpers.
 * Everything the tests check goes over HTTP, as any client would see it.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { DEMO_API_KEY, type NodusObject, type Status, type WatchEvent } from '@/shared/protocol.ts';
import type { MockConfig } from '@/mock/config.ts';
import { startMockServer, type MockServer } from '@/mock/server.ts';

export interface Res<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface Call {
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  contentType?: string;
  auth?: string | null;
}

export interface Api {
  server: () => MockServer;
  url: (path: string) => string;
  call: <T = Record<string, unknown>>(method: string, path: string, call?: Call) => Promise<Res<T>>;
  get: <T = Record<string, unknown>>(path: string, call?: Call) => Promise<Res<T>>;
  post: <T = Record<string, unknown>>(path: string, body: unknown, call?: Call) => Promise<Res<T>>;
  put: <T = Record<string, unknown>>(path: string, body: unknown, call?: Call) => Promise<Res<T>>;
  patch: <T = Record<string, unknown>>(path: string, body: unknown, call?: Call) => Promise<Res<T>>;
  del: <T = Record<string, unknown>>(path: string, call?: Call) => Promise<Res<T>>;
}

/** Starts one mock for the file; with `fresh`, the org is reset to demo data before each test. */
export function withMockApi(config: Partial<MockConfig> = {}, options: { fresh?: boolean } = { fresh: true }): Api {
  let server: MockServer | undefined;
  beforeAll(async () => {
    // A read for a version not reached yet waits briefly (3 s by default) before 504: short here, as the fuzz sends many.
    server = await startMockServer({ port: 0, finalizeSeconds: 0.2, versionWaitSeconds: 0.1, ...config });
  });
  afterAll(async () => {
    await server?.close();
  });
  if (options.fresh) {
    beforeEach(async () => {
      const res = await call('POST', '/_mock/reset');
      if (res.status !== 200) throw new Error(`reset failed: ${res.status}`);
    });
  }
  const url = (path: string) => `${server!.url}${path}`;
  async function call<T>(method: string, path: string, c: Call = {}): Promise<Res<T>> {
    const headers: Record<string, string> = { ...c.headers };
    if (c.auth !== null) headers.Authorization = `Bearer ${c.auth ?? DEMO_API_KEY}`;
    let body: string | undefined;
    if (c.raw !== undefined) body = c.raw;
    else if (c.body !== undefined) body = JSON.stringify(c.body);
    if (body !== undefined) headers['Content-Type'] = c.contentType ?? 'application/json';
    const res = await fetch(url(path), { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }
  return {
    server: () => server!,
    url,
    call,
    get: (path, c) => call('GET', path, c),
    post: (path, body, c) => call('POST', path, { ...c, body }),
    put: (path, body, c) => call('PUT', path, { ...c, body }),
    patch: (path, body, c) => call('PATCH', path, { contentType: 'application/merge-patch+json', ...c, body }),
    del: (path, c) => call('DELETE', path, c),
  };
}

export const JOBS = '/apis/nodus.dev/v1/namespaces/default/jobs';

export function job(
  name: string,
  spec: Record<string, unknown> = {},
  metadata: Record<string, unknown> = {},
): NodusObject {
  return {
    apiVersion: 'nodus.dev/v1',
    kind: 'Job',
    metadata: { name, ...metadata },
    spec: { image: 'nodus/pytorch:2.8-cuda12.8', command: ['python', 'train.py'], maxCostUSD: '40.00', ...spec },
  };
}

export function status(res: Res): Status {
  return res.body as unknown as Status;
}

/** An open watch: events arrive in `events`; `next(n)` waits until n events have arrived in all. */
export interface WatchStream {
  events: WatchEvent[];
  contentType: string | null;
  next: (count: number, timeoutMs?: number) => Promise<WatchEvent[]>;
  ended: Promise<void>;
  close: () => void;
}

export async function openWatch(api: Api, path: string, headers: Record<string, string> = {}): Promise<WatchStream> {
  const controller = new AbortController();
  const res = await fetch(api.url(path), {
    headers: { Authorization: `Bearer ${DEMO_API_KEY}`, ...headers },
    signal: controller.signal,
  });
  if (!res.body) throw new Error('watch has no body');
  const events: WatchEvent[] = [];
  const waiters: (() => void)[] = [];
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line.trim()) events.push(JSON.parse(line) as WatchEvent);
        }
        waiters.splice(0).forEach((w) => w());
      }
    } catch {
      // aborted
    } finally {
      waiters.splice(0).forEach((w) => w());
    }
  })();
  let finished = false;
  void ended.then(() => (finished = true));
  return {
    events,
    contentType: res.headers.get('content-type'),
    ended,
    close: () => controller.abort(),
    next: async (count, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (finished) throw new Error(`watch ended after ${events.length} of ${count} events`);
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `timed out waiting for ${count} events; got ${events.length}: ${events.map((e) => e.type).join(',')}`,
          );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events.slice(0, count);
    },
  };
}
