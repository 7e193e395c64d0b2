/**
 * sendJsonList: a list's head is written before its items, the items in batches, each in a task of its own;
 * together they are the list's JSON. A client that went away is not written to.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { LIST_ITEMS_PER_WRITE, sendJsonList, type Ctx } from './context.ts';

/** A ServerResponse that keeps what is written to it. */
function fakeResponse(method = 'GET') {
  const writes: string[] = [];
  let ended = false;
  let status = 0;
  let headers: Record<string, unknown> = {};
  const res = {
    destroyed: false,
    writeHead: (code: number, h: Record<string, unknown>) => {
      status = code;
      headers = h;
      return res;
    },
    write: (chunk: string) => {
      writes.push(chunk);
      return true;
    },
    end: (chunk?: string) => {
      if (chunk !== undefined) writes.push(chunk);
      ended = true;
      return res;
    },
    once: () => res,
  };
  const ctx = {
    req: { headers: {} } as IncomingMessage,
    res: res as unknown as ServerResponse,
    url: new URL('http://x/'),
    method,
    requestId: 'req-1',
    origin: 'http://x',
  } satisfies Ctx;
  return { ctx, res, writes, state: () => ({ ended, status, headers }) };
}

const list = (count: number) => ({
  apiVersion: 'nodus.dev/v1',
  kind: 'JobList',
  metadata: { resourceVersion: '42', continue: 'next-page', remainingItemCount: 7 },
  items: Array.from({ length: count }, (_, i) => ({ metadata: { name: `job-${i}`, note: 'ü "quoted"' } })),
});

describe('sendJsonList', () => {
  it('writes the head at once, then the items a batch to a task, and the whole is the list', async () => {
    const { ctx, writes, state } = fakeResponse();
    const body = list(LIST_ITEMS_PER_WRITE * 2 + 5);
    sendJsonList(ctx, body);
    // Only the head so far: the continue token is out before any item is serialised.
    expect(writes).toEqual([
      '{"apiVersion":"nodus.dev/v1","kind":"JobList","metadata":{"resourceVersion":"42","continue":"next-page","remainingItemCount":7},"items":[',
    ]);
    expect(state().headers['Content-Length']).toBeUndefined();
    await vi.waitFor(() => expect(state().ended).toBe(true));
    // Head, three batches (100, 100, 5).
    expect(writes).toHaveLength(4);
    expect(JSON.parse(writes.join(''))).toEqual(body);
    expect(state().status).toBe(200);
  });

  it('writes an empty list whole', async () => {
    const { ctx, writes, state } = fakeResponse();
    sendJsonList(ctx, list(0));
    await vi.waitFor(() => expect(state().ended).toBe(true));
    expect(JSON.parse(writes.join(''))).toEqual(list(0));
  });

  it('stops writing when the client has gone', async () => {
    const { ctx, res, writes } = fakeResponse();
    sendJsonList(ctx, list(LIST_ITEMS_PER_WRITE * 3));
    res.destroyed = true;
    // Give the next batch's task its turn: it finds the response gone and writes nothing.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
  });

  it('answers HEAD with the headers alone', () => {
    const { ctx, writes, state } = fakeResponse('HEAD');
    sendJsonList(ctx, list(3));
    expect(writes).toEqual([]);
    expect(state().ended).toBe(true);
  });
});
