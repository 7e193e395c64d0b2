/** The streamed read (`client.stream`) against the real mock's log endpoint, and line decoding across chunks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import { ApiError } from './api-error.ts';
import { decodeLines, LineSplitter } from './byte-stream.ts';
import { createApiClient } from './client.ts';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, controller: false });
});
afterAll(async () => {
  await mock.close();
});

const LOG = '/apis/nodus.dev/v1/namespaces/default/jobs/log-flood/log';

async function collect(chunks: AsyncIterable<string[]>): Promise<string[]> {
  const out: string[] = [];
  for await (const lines of chunks) out.push(...lines);
  return out;
}

async function* bytes(...parts: number[][]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield new Uint8Array(part);
}

describe('client.stream', () => {
  it('streams a log as bytes, with the requestId, and decodes it into whole lines', async () => {
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
    const stream = await client.stream(LOG, { params: { tailLines: 2500 } });
    expect(stream.requestId).toMatch(/\S/);
    const lines = await collect(decodeLines(stream));
    expect(lines).toHaveLength(2500);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
  });

  it('rejects with the API Status when the object has no log yet (400 waiting to start)', async () => {
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
    const err = await client
      .stream('/apis/nodus.dev/v1/namespaces/default/jobs/etl-nightly/log')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(400);
    expect((err as ApiError).message).toMatch(/waiting to start/);
    expect((err as ApiError).requestId).toMatch(/\S/);
  });

  it('stops the request when the caller leaves the loop early', async () => {
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
    const stream = await client.stream(LOG);
    let seen = 0;
    for await (const chunk of stream) {
      seen += chunk.length;
      break;
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('decodeLines', () => {
  it('joins lines and characters split across chunks, and yields a last line without a newline', async () => {
    // "é" is 0xC3 0xA9: split between two chunks.
    const lines = await collect(decodeLines(bytes([0x61, 0x0a, 0x62, 0xc3], [0xa9, 0x0a, 0x0a], [0x63])));
    expect(lines).toEqual(['a', 'bé', '', 'c']);
  });

  it('joins a line longer than many chunks once, and keeps "\\r" and empty lines as they are', async () => {
    const long = 'x'.repeat(10_000);
    const encoded = new TextEncoder().encode(`${long}\r\n\n日本語\n`);
    const parts: number[][] = [];
    for (let i = 0; i < encoded.length; i += 7) parts.push([...encoded.subarray(i, i + 7)]);
    expect(await collect(decodeLines(bytes(...parts)))).toEqual([`${long}\r`, '', '日本語']);
  });
});

describe('LineSplitter', () => {
  it('returns the lines each chunk completes, and the unfinished one only at the end', () => {
    const splitter = new LineSplitter();
    const encoder = new TextEncoder();
    expect(splitter.push(encoder.encode('one\ntw'))).toEqual(['one']);
    expect(splitter.push(encoder.encode('o'))).toEqual([]);
    expect(splitter.push(encoder.encode('\n'))).toEqual(['two']);
    expect(splitter.push(encoder.encode('three'))).toEqual([]);
    expect(splitter.end()).toEqual(['three']);
    expect(splitter.end()).toEqual([]);
  });
});
