/** The console's files gzipped for browsers that take it: once per file, never for a client that does not. */
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptsGzip, GzipCache } from './compress.ts';
import { createConsoleServer } from './server.ts';

/** The body as bytes, as it came over the wire (Node's fetch would decode it). */
function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const BIG = `export const words = [${Array.from({ length: 400 }, (_, i) => `"word-${i % 20}"`).join(', ')}];\n`;
let dist: string;
let server: Server;
let base: string;
const gzipped = new GzipCache();

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'nodus-serve-gzip-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><div id="root"></div>${'<!-- padding -->'.repeat(100)}`);
  writeFileSync(join(dist, 'assets', 'big-1.js'), BIG);
  writeFileSync(join(dist, 'assets', 'small-1.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'font-1.woff2'), Buffer.alloc(4096, 7));
  server = createConsoleServer({ dist, gzipped });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dist, { recursive: true, force: true });
});

describe('gzip', () => {
  it('sends a script gzipped to a browser that accepts it, the same bytes once unzipped', async () => {
    const answer = await get(base, '/assets/big-1.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(BIG.length / 4);
    expect(gunzipSync(answer.body).toString()).toBe(BIG);
  });

  it('compresses the files when the server starts, before anyone asks: index.html and the big script', async () => {
    await vi.waitFor(() => expect(gzipped.size).toBe(2));
  });

  it('gzips an app route (index.html) too, and a HEAD gets the gzipped length without a body', async () => {
    const head = await get(base, '/projects/nlp/jobs', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body.length).toBe(0);
    const page = await get(base, '/projects/nlp/jobs', { 'Accept-Encoding': 'gzip' });
    expect(Number(head.headers['content-length'])).toBe(page.body.length);
    expect(gunzipSync(page.body).toString()).toContain('<div id="root">');
  });

  it('sends the file as it is to a client that does not take gzip, or refuses it', async () => {
    for (const accept of [undefined, 'identity', 'gzip;q=0, identity', 'br']) {
      const answer = await get(base, '/assets/big-1.js', accept === undefined ? {} : { 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBeUndefined();
      expect(answer.headers.vary, accept).toBe('Accept-Encoding');
      expect(answer.body.toString(), accept).toBe(BIG);
    }
  });

  it('leaves alone what is small or compressed already', async () => {
    for (const path of ['/assets/small-1.js', '/assets/font-1.woff2']) {
      const answer = await get(base, path, { 'Accept-Encoding': 'gzip' });
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(answer.headers.vary, path).toBeUndefined();
    }
  });

  it('compresses every file at the start, nested ones too, past a broken link, so a first request reads nothing', async () => {
    const root = mkdtempSync(join(tmpdir(), 'nodus-serve-warm-'));
    try {
      // At the top, so read before the nested file: a link to nothing must not stop the others.
      symlinkSync(join(root, 'nowhere'), join(root, '0-broken.js'));
      mkdirSync(join(root, 'assets', 'deep'), { recursive: true });
      const file = join(root, 'assets', 'deep', 'late-1.js');
      writeFileSync(file, BIG);
      const stats = statSync(file);
      const cache = new GzipCache();
      await cache.warm(root);
      // Gone from the disk: only the copy made at the start can answer.
      rmSync(file);
      expect(gunzipSync(await cache.get(file, stats)).toString()).toBe(BIG);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('keeps one copy per file while it is unchanged, makes a new one when it changes, and keeps no failure', async () => {
    const root = mkdtempSync(join(tmpdir(), 'nodus-serve-cache-'));
    try {
      const file = join(root, 'app-1.js');
      const cache = new GzipCache();
      // Asked for before it exists, with the size and time it will have: the failure must not answer later.
      const when = new Date('2026-01-01T00:00:00Z');
      const first = { size: BIG.length, mtimeMs: when.getTime() };
      await expect(cache.get(file, first)).rejects.toThrow(/ENOENT/);
      writeFileSync(file, BIG);
      utimesSync(file, when, when);
      expect(statSync(file).mtimeMs).toBe(first.mtimeMs);
      const once = cache.get(file, first);
      expect(cache.get(file, first)).toBe(once);
      expect(gunzipSync(await once).toString()).toBe(BIG);
      writeFileSync(file, `${BIG}// rebuilt\n`);
      const changed = statSync(file);
      expect(gunzipSync(await cache.get(file, changed)).toString()).toBe(`${BIG}// rebuilt\n`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads Accept-Encoding as HTTP does: names, a wildcard and q-values', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('br, *')).toBe(true);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
  });
});
