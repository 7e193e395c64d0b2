/** The console's production server: files with security headers, app routes, no way out of dist/, the API proxied. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.ts';
import { apiTarget } from './api-path.ts';
import { createConsoleServer, resolveInside } from './server.ts';
import { ensureCertificate } from '../../src/mock/tls.ts';

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
      if (req.url?.startsWith('/docs/')) {
        // An HTML page of the API's, with a policy of its own.
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': "script-src 'none'" });
        res.end('<!doctype html><p>NotFound</p>');
        return;
      }
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

function expectSecurityHeaders(answer: Answer, path: string): void {
  expect(answer.headers['content-security-policy'], path).toContain("script-src 'self'; ");
  expect(answer.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
  expect(answer.headers['content-security-policy'], path).toContain("connect-src 'self' https://api.example.com;");
  expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
  expect(answer.headers['referrer-policy'], path).toBe('no-referrer');
  expect(answer.headers['cross-origin-opener-policy'], path).toBe('same-origin');
  expect(answer.headers['x-frame-options'], path).toBe('DENY');
}

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
    for (const path of ['/', '/projects/nlp/jobs/train-a?tab=yaml', '/assets/app-1.js', '/assets/missing-2.js'])
      expectSecurityHeaders(await send(consoleUrl, path), path);
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

  it("sends the security headers with what it forwards, beside a policy of the API's own", async () => {
    for (const path of ['/docs/errors/NotFound', '/apis/nodus.dev/v1']) {
      const answer = await send(consoleUrl, path);
      expectSecurityHeaders(answer, path);
    }
    const page = await send(consoleUrl, '/docs/errors/NotFound');
    expect(page.body).toContain('<p>NotFound</p>');
    expect(page.headers['content-security-policy']).toMatch(/^script-src 'none', default-src 'self'; /);
  });

  it('answers a Status the console can show when the API cannot be reached', async () => {
    const closed = createServer();
    const closedUrl = await listen(closed);
    await new Promise((r) => closed.close(r));
    const lonely = createConsoleServer({ dist, apiUrl: closedUrl, connectOrigins: ['https://api.example.com'] });
    const url = await listen(lonely);
    try {
      const answer = await send(url, '/readyz');
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expectSecurityHeaders(answer, '/readyz');
      expect(JSON.parse(answer.body)).toMatchObject({ kind: 'Status', reason: 'ServiceUnavailable', code: 503 });
    } finally {
      await new Promise((r) => lonely.close(r));
    }
  });
});

describe('paths forwarded to the API', () => {
  let based: Server;
  let basedUrl: string;

  beforeAll(async () => {
    based = createConsoleServer({
      dist,
      apiUrl: `${upstreamUrl}/base/`,
      connectOrigins: ['https://api.example.com'],
    });
    basedUrl = await listen(based);
  });
  afterAll(async () => {
    await new Promise((r) => based.close(r));
  });

  it('refuses a path that climbs out of the API, however the dots and slashes are written', async () => {
    const before = seen.length;
    for (const path of [
      '/api/../../readyz',
      '/api/%2e%2e/%2E%2E/readyz',
      '/api/.%2e/..%2E/readyz',
      '/api\\..\\..\\readyz',
      '/api/..%2f..%2freadyz',
      '/api/..%5C..%5Creadyz',
      '/docs/errors/..%2f..%2fpackage.json',
      '/readyz/..',
      '/api/../index.html',
      '/api/v1/../../../../etc/passwd?watch=true',
    ]) {
      const answer = await send(basedUrl, path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body), path).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400 });
      expectSecurityHeaders(answer, path);
    }
    expect(seen.length).toBe(before);
  });

  it('forwards a path with dot segments that stays inside, resolved, below the base path', async () => {
    await send(basedUrl, '/api/v1/./x/../namespaces?labelSelector=a%3D..');
    expect(seen.at(-1)?.url).toBe('/base/api/v1/namespaces?labelSelector=a%3D..');
    await send(basedUrl, '/api/../readyz');
    expect(seen.at(-1)?.url).toBe('/base/readyz');
    expect(apiTarget('/apiary/..', { mockControls: false })).toEqual({ kind: 'not-api' });
    expect(apiTarget('/api/a..b/%2e.x', { mockControls: false })).toEqual({ kind: 'forward', path: '/api/a..b/%2e.x' });
  });

  it("refuses the mock's development controls unless told to forward them", async () => {
    const before = seen.length;
    for (const path of ['/_mock/reset', '/_mock', '/_mock?x', '/api/../_mock/faults']) {
      const answer = await send(basedUrl, path, { method: 'POST', body: '{}' });
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body), path).toMatchObject({ kind: 'Status', reason: 'NotFound' });
      expectSecurityHeaders(answer, path);
    }
    expect(seen.length).toBe(before);
    const testing = createConsoleServer({ dist, apiUrl: upstreamUrl, mockControls: true });
    const url = await listen(testing);
    try {
      expect((await send(url, '/_mock/reset', { method: 'POST', body: '{}' })).status).toBe(201);
      expect(seen.at(-1)?.url).toBe('/_mock/reset');
    } finally {
      await new Promise((r) => testing.close(r));
    }
  });
});

describe('over HTTPS', () => {
  it('serves the page and the API over HTTP/2 (a stream included), and HTTP/1.1 to a client without it', async () => {
    const tls = ensureCertificate(mkdtempSync(join(tmpdir(), 'nodus-serve-tls-')));
    const secure = createConsoleServer({ dist, apiUrl: upstreamUrl, tls: { key: tls.key, cert: tls.cert } });
    await new Promise<void>((r) => secure.listen(0, '127.0.0.1', r));
    const origin = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
    const session = connect(origin, { ca: tls.cert });
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': path, ...headers });
        let body = '';
        let answer: Record<string, unknown> = {};
        stream.setEncoding('utf8');
        stream.on('response', (h) => (answer = h));
        stream.on('data', (chunk: string) => (body += chunk));
        stream.on('end', () => resolve({ status: Number(answer[':status']), headers: answer, body }));
        stream.on('error', reject);
        stream.end();
      });
    try {
      const page = await get('/projects/nlp/jobs');
      expect(page.status).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'; ");
      // The API's answer comes through without HTTP/1.1's connection headers, which HTTP/2 forbids.
      const api = await get('/apis/nodus.dev/v1/namespaces/nlp/jobs', { authorization: 'Bearer k-2' });
      expect(api).toMatchObject({ status: 201, body: '{"kind":"Thing"}' });
      expect(api.headers['x-request-id']).toBe('req-1');
      expect(seen.at(-1)).toMatchObject({ authorization: 'Bearer k-2', host: new URL(upstreamUrl).host });
      // A stream the API breaks off is broken off for the browser too.
      await expect(get('/api/broken?watch=true')).rejects.toThrow();
      // A client that speaks only HTTP/1.1 (a terminal's WebSocket does) is served too.
      const old = await new Promise<number>((resolve, reject) =>
        httpsRequest(`${origin}/projects/nlp/jobs`, { ca: tls.cert }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end(),
      );
      expect(old).toBe(200);
    } finally {
      session.close();
      secure.close();
    }
  });
});
