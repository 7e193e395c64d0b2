/** The console's production server: files with security headers, app routes, no way out of dist/, the API proxied. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.ts';
import { createConsoleServer, resolveInside } from './server.ts';

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** Raw http (not fetch): the path is sent exactly as written, `..` included. */
function send(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request(
      { host: url.hostname, port: url.port, path, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

let dist: string;
let upstream: Server;
let upstreamUrl: string;
let consoleUrl: string;
let server: Server;
const seen: { method: string; url: string; host: string; authorization: string; body: string }[] = [];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'nodus-serve-test-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(join(tmpdir(), 'nodus-serve-outside.txt'), 'secret outside dist');
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        host: req.headers.host ?? '',
        authorization: req.headers.authorization ?? '',
        body,
      });
      if (req.url?.startsWith('/api/broken')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"type":"ADDED"}\n');
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Request-Id': 'req-1' });
      res.end('{"kind":"Thing"}');
    });
  });
  upstreamUrl = await listen(upstream);
  server = createConsoleServer({ dist, apiUrl: upstreamUrl, connectOrigins: ['https://api.example.com/v1'] });
  consoleUrl = await listen(server);
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await new Promise((r) => upstream.close(r));
  rmSync(dist, { recursive: true, force: true });
});

describe('the security headers', () => {
  it('allow no inline script and no eval, no framing, no base tag, and connect only to this origin and the API', () => {
    const csp = contentSecurityPolicy({ connectOrigins: ['https://api.example.com/v1', 'javascript:alert(1)'] });
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['worker-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:']);
    expect(directives['connect-src']).toEqual(["'self'", 'https://api.example.com']);
  });

  it("come with the page, its assets and the server's own errors", async () => {
    for (const path of ['/', '/projects/nlp/jobs/train-a?tab=yaml', '/assets/app-1.js', '/assets/missing-2.js']) {
      const answer = await send(consoleUrl, path);
      expect(answer.headers['content-security-policy'], path).toContain("script-src 'self'; ");
      expect(answer.headers['content-security-policy'], path).toContain("connect-src 'self' https://api.example.com;");
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['referrer-policy'], path).toBe('no-referrer');
      expect(answer.headers['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(answer.headers['x-frame-options'], path).toBe('DENY');
    }
  });
});

describe('the files', () => {
  it('answers an app route with index.html (revalidated) and an asset by its type (cached for good)', async () => {
    const route = await send(consoleUrl, '/projects/nlp/jobs');
    expect(route.status).toBe(200);
    expect(route.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body).toContain('<div id="root">');
    const asset = await send(consoleUrl, '/assets/app-1.js');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log(1)');
    expect((await send(consoleUrl, '/favicon.svg')).headers['content-type']).toBe('image/svg+xml');
    expect((await send(consoleUrl, '/', { method: 'HEAD' })).body).toBe('');
  });

  it('answers a missing asset 404 rather than with the page, and only GET and HEAD', async () => {
    expect((await send(consoleUrl, '/assets/missing-2.js')).status).toBe(404);
    const post = await send(consoleUrl, '/projects', { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('never serves a file outside dist/, however the path is spelled', async () => {
    for (const path of [
      '/../nodus-serve-outside.txt',
      '/..%2fnodus-serve-outside.txt',
      '/assets/..%2f..%2fnodus-serve-outside.txt',
      '/%2e%2e/nodus-serve-outside.txt',
    ]) {
      const answer = await send(consoleUrl, path);
      expect(answer.body, path).not.toContain('secret outside dist');
    }
    expect((await send(consoleUrl, '/a%00b')).status).toBe(400);
    expect(resolveInside('/srv/dist', '/../etc/passwd')).toBe('/srv/dist/etc/passwd');
    expect(resolveInside('/srv/dist', '/assets/x.js')).toBe('/srv/dist/assets/x.js');
  });
});

describe('the API proxy', () => {
  it("forwards method, path, query, body and the Authorization header, with the upstream's Host", async () => {
    const answer = await send(consoleUrl, '/apis/nodus.dev/v1/namespaces/nlp/jobs?dryRun=All', {
      method: 'POST',
      headers: { Authorization: 'Bearer k-1', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['x-request-id']).toBe('req-1');
    expect(answer.body).toBe('{"kind":"Thing"}');
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/apis/nodus.dev/v1/namespaces/nlp/jobs?dryRun=All',
      host: new URL(upstreamUrl).host,
      authorization: 'Bearer k-1',
      body: '{"a":1}',
    });
    // Only the API's own prefixes: /apiary is a page of the app.
    expect((await send(consoleUrl, '/apiary')).body).toContain('<div id="root">');
  });

  it('breaks off for the browser when the API breaks off (a dropped watch must look dropped)', async () => {
    await expect(send(consoleUrl, '/api/broken?watch=true')).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
  });

  it('answers a Status the console can show when the API cannot be reached', async () => {
    const closed = createServer();
    const closedUrl = await listen(closed);
    await new Promise((r) => closed.close(r));
    const lonely = createConsoleServer({ dist, apiUrl: closedUrl });
    const url = await listen(lonely);
    try {
      const answer = await send(url, '/readyz');
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(JSON.parse(answer.body)).toMatchObject({ kind: 'Status', reason: 'ServiceUnavailable', code: 503 });
    } finally {
      await new Promise((r) => lonely.close(r));
    }
  });
});
