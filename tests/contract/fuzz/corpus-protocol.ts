/**
 * The protocol half of the corpus: path traversal and overlong paths, every method on every endpoint, hostile
 * headers, and bytes that are barely (or not) HTTP, written to a bare socket.
 */
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import { API, deleteTargetName, object, PLURALS, targetName } from './bodies.ts';
import type { Rng } from './prng.ts';
import type { FuzzCase } from './send.ts';

const JOB = JSON.stringify(object('jobs', 'fz-path-job'));

const TRAVERSALS = [
  `${API}/jobs/..%2f..%2f..%2fetc%2fpasswd`,
  `${API}/jobs/%2e%2e`,
  `${API}/jobs/%2e%2e%2f%2e%2e%2fnamespaces`,
  '/apis/nodus.dev/v1/namespaces/..%2fnodus/jobs',
  '/apis/nodus.dev/v1/namespaces/default%2fjobs/x',
  `${API}/jobs/fz-jobs%2fstatus`,
  '/apis/../api/v1/namespaces',
  '/_mock/..%2freset',
  '/_mock/%2e%2e/reset',
  '/docs/errors/..%2f..%2fpackage.json',
  '/docs/errors/__proto__',
  '/docs/errors/constructor',
  '/healthz/..%2f..%2fapis',
  '/%2e%2e/%2e%2e/etc/passwd',
  `${API}/jobs/a%00b`,
  `${API}/jobs/%00`,
  `${API}/jobs/%E0%A4%A`,
  `${API}/jobs/%`,
  `${API}/jobs/%zz`,
  `${API}/jobs/%C3%A9`,
  `${API}/jobs/%E2%80%AEevil`,
  `${API}/jobs/%F0%9F%98%80`,
  `${API}/jobs/%FF%FE`,
  `${API}/jobs/fz-jobs;jsessionid=x`,
  `${API}/jobs/fz-jobs%3Fwatch%3Dtrue`,
  `${API}/jobs/fz-jobs%23frag`,
  '//apis//nodus.dev//v1',
  `${API}//jobs`,
  `${API}/jobs/`,
  `${API}/jobs/fz-jobs/`,
  `${API}/jobs/fz-jobs/status/extra`,
  `${API}/jobs/fz-jobs/log/extra`,
  `${API}/jobs/fz-jobs/exec`,
  `${API}/volumes/fz-volumes/log`,
  `${API}/images`,
  '/apis/nodus.dev/v2/namespaces/default/jobs',
  '/apis/apps/v1/deployments',
  '/api/v2',
  '/api/v1/pods',
  '/api/v1/namespaces/default/pods',
  '/api/v1/namespaces/default/jobs',
  `${API}/__proto__`,
  `${API}/constructor`,
  `${API}/toString`,
  '/apis/nodus.dev/v1/__proto__',
  '/apis/nodus.dev/v1/namespaces/__proto__/jobs',
  '/_mock/',
  '/_mock/__proto__',
  '/_mock/constructor',
  '/_mock/reset/extra',
  '/openapi/v3/apis/nodus.dev/v2',
  '/openapi/v3/..%2fv2',
  '/openapi/v2',
  '/version/extra',
  `/${'a/'.repeat(2000)}`,
  '/apis/nodus.dev/v1/namespaces/nodus/images/x/status',
];

const PATH_METHODS: [string, string | undefined][] = [
  ['GET', undefined],
  ['DELETE', undefined],
  ['POST', JOB],
  ['PUT', JOB],
  ['PATCH', '{"metadata":{"labels":{"a":"b"}}}'],
];

function pathCases(rng: Rng): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const lengths = [64, 254, 1000, 8000, 15_000, 17_000, 40_000];
  const paths = [
    ...TRAVERSALS,
    ...lengths.map((n) => `${API}/jobs/${'a'.repeat(n)}`),
    ...lengths.map((n) => `/apis/nodus.dev/v1/namespaces/${'p'.repeat(n)}/jobs`),
  ];
  for (const path of paths) {
    const [method, body] = rng.pick(PATH_METHODS);
    const headers: Record<string, string> =
      body === undefined
        ? {}
        : { 'Content-Type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' };
    cases.push({
      category: 'path traversal and overlong paths',
      label: `GET ${path.slice(0, 80)}`,
      method: 'GET',
      path,
    });
    cases.push({
      category: 'path traversal and overlong paths',
      label: `${method} ${path.slice(0, 80)}`,
      method,
      path,
      headers,
      ...(body === undefined ? {} : { body }),
    });
  }
  return cases;
}

/** Everything llhttp knows, and a few it does not (those reach the parser's refusal). */
const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'PURGE',
  'SEARCH',
  'REPORT',
  'LINK',
  'UNLINK',
  'SOURCE',
  'MKACTIVITY',
  'CHECKOUT',
  'MERGE',
  'M-SEARCH',
  'NOTIFY',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACL',
  'BIND',
  'REBIND',
  'UNBIND',
  'MKCALENDAR',
  'QUERY',
  'FOO',
  'BREW',
  'DELETEX',
];
const METHOD_PATHS = [
  `${API}/jobs`,
  `${API}/jobs/${deleteTargetName('jobs')}`,
  `${API}/jobs/${targetName('jobs')}/status`,
  `${API}/jobs/${targetName('jobs')}/log`,
  '/apis/nodus.dev/v1/jobs',
  '/api/v1/namespaces',
  '/api/v1/namespaces/fz-doomed',
  '/api',
  '/apis',
  '/apis/nodus.dev/v1',
  '/openapi/v3',
  '/version',
  '/healthz',
  '/readyz',
  '/docs/errors/NotFound',
  '/_mock/price-book',
  '/_mock/faults',
  '/_mock/seed',
  '/_mock/churn',
  '/_mock/nothing',
];

function methodCases(): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const path of METHOD_PATHS) {
    for (const method of METHODS) {
      // GET /log on a collection-sized log would be a read like any other; DELETE of the target is what it is for.
      // A DELETE of a collection deletes every object of the kind: a dry run keeps the targets for what follows.
      const sent = method === 'DELETE' && path === `${API}/jobs` ? `${path}?dryRun=All` : path;
      cases.push({ category: 'unknown methods', label: `${method} ${path}`, method, path: sent });
    }
  }
  for (const plural of PLURALS) {
    cases.push({
      category: 'unknown methods',
      label: `DELETE ${plural} collection (dry run)`,
      method: 'DELETE',
      path: `${API}/${plural}?dryRun=All`,
    });
    cases.push({
      category: 'unknown methods',
      label: `PUT ${plural} collection`,
      method: 'PUT',
      path: `${API}/${plural}`,
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
  }
  return cases;
}

function headerCases(rng: Rng): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const h = (label: string, c: Omit<FuzzCase, 'category' | 'label'>): void =>
    void cases.push({ category: 'hostile headers', label, ...c });
  const auths = [
    '',
    'Bearer',
    'Bearer ',
    `Bearer  ${DEMO_API_KEY} `,
    `bearer ${DEMO_API_KEY}`,
    'Basic bm9kdXM6ZGV2',
    `Bearer ${'x'.repeat(8000)}`,
    `Bearer ${DEMO_API_KEY}, Bearer other`,
    `Token ${DEMO_API_KEY}`,
    `Bearer ${DEMO_API_KEY.slice(0, -1)}`,
    `Bearer ${DEMO_API_KEY}x`,
    'Bearer \u00e9\u00e9',
  ];
  for (const auth of auths) {
    h(`Authorization ${JSON.stringify(auth.slice(0, 30))}`, {
      method: 'GET',
      path: `${API}/jobs`,
      headers: { Authorization: auth },
    });
    h(`Authorization ${JSON.stringify(auth.slice(0, 30))} on a create`, {
      method: 'POST',
      path: `${API}/jobs`,
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JOB,
    });
  }
  h('no Authorization', { method: 'GET', path: `${API}/jobs`, noAuth: true });
  h('no Authorization on /_mock/reset', { method: 'POST', path: '/_mock/reset', noAuth: true });
  const generate = (key: string): string =>
    JSON.stringify({ ...object('jobs', ''), metadata: { generateName: 'fz-gen-' } }) + (key === '' ? '' : ' ');
  for (const key of [
    '',
    ' ',
    '\t',
    'x'.repeat(255),
    'x'.repeat(256),
    'a b',
    'caf\u00e9',
    'k1',
    'k1',
    '__proto__',
    'constructor',
  ]) {
    h(`Idempotency-Key ${JSON.stringify(key.slice(0, 20))}`, {
      method: 'POST',
      path: `${API}/jobs`,
      headers: { 'Idempotency-Key': key, 'Content-Type': 'application/json' },
      body: rng.chance(0.5) ? generate(key) : JOB,
    });
  }
  for (const etag of ['', '*', '"x"', 'W/"x"', 'x'.repeat(5000), '"sha256:zz"', ', ,', '\u00ff']) {
    h(`If-Match ${JSON.stringify(etag.slice(0, 20))} on a create`, {
      method: 'POST',
      path: `${API}/jobs`,
      headers: { 'If-Match': etag, 'Content-Type': 'application/json' },
      body: JSON.stringify(object('jobs', 'fz-ifmatch')),
    });
    h(`If-Match ${JSON.stringify(etag.slice(0, 20))} on a patch`, {
      method: 'PATCH',
      path: `${API}/jobs/${targetName('jobs')}`,
      headers: { 'If-Match': etag, 'Content-Type': 'application/merge-patch+json' },
      body: '{"spec":{"maxCostUSD":"6.00"}}',
    });
  }
  const accepts = [
    'application/json;as=Table;v=v1;g=meta.k8s.io',
    'application/json;as=Table;v=v9;g=meta.k8s.io',
    'application/vnd.kubernetes.protobuf',
    'text/html',
    '*/*;q=abc',
    'application/json;as=APIGroupDiscoveryList;v=v2;g=apidiscovery.k8s.io',
    ',,,,',
    'x'.repeat(8000),
    ';;;',
    'application/json;as=;v=;g=',
    'application/json;as=Table;v=v1;g=meta.k8s.io;as=Table',
    'application/json;as=__proto__;v=v1;g=meta.k8s.io',
    'application/x-ndjson',
  ];
  for (const accept of accepts) {
    for (const path of [
      `${API}/jobs`,
      `${API}/jobs/${targetName('jobs')}`,
      '/apis',
      `${API}/jobs?watch=true&resourceVersion=1`,
      `${API}/jobs?includeObject=Garbage`,
    ]) {
      h(`Accept ${JSON.stringify(accept.slice(0, 30))} on ${path.slice(0, 60)}`, {
        method: 'GET',
        path,
        headers: { Accept: accept },
      });
    }
  }
  for (const client of ['console', 'CONSOLE', '', 'x'.repeat(5000), '__proto__', 'kubectl; rm -rf /']) {
    h(`X-Nodus-Client ${JSON.stringify(client.slice(0, 20))}`, {
      method: 'POST',
      path: `${API}/jobs?dryRun=All`,
      headers: { 'X-Nodus-Client': client, 'User-Agent': client, 'Content-Type': 'application/json' },
      body: JOB,
    });
  }
  for (const origin of ['null', 'http://evil.example', 'x'.repeat(5000), 'javascript:alert(1)']) {
    h(`preflight from Origin ${origin.slice(0, 30)}`, {
      method: 'OPTIONS',
      path: `${API}/jobs`,
      noAuth: true,
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'DELETE',
        'Access-Control-Request-Headers': 'x-evil',
      },
    });
    h(`GET from Origin ${origin.slice(0, 30)}`, { method: 'GET', path: `${API}/jobs`, headers: { Origin: origin } });
  }
  h('Content-Encoding gzip, plain body', {
    method: 'POST',
    path: `${API}/jobs?dryRun=All`,
    headers: { 'Content-Encoding': 'gzip', 'Content-Type': 'application/json' },
    body: JOB,
  });
  h('Content-Encoding gzip, gzip bytes', {
    method: 'POST',
    path: `${API}/jobs?dryRun=All`,
    headers: { 'Content-Encoding': 'gzip', 'Content-Type': 'application/json' },
    body: Buffer.from('1f8b08000000000000ff', 'hex'),
  });
  h('Expect 100-continue', {
    method: 'POST',
    path: `${API}/jobs?dryRun=All`,
    headers: { Expect: '100-continue', 'Content-Type': 'application/json' },
    body: JOB,
  });
  h('Expect something else', {
    method: 'POST',
    path: `${API}/jobs?dryRun=All`,
    headers: { Expect: 'the-unexpected', 'Content-Type': 'application/json' },
    body: JOB,
  });
  h('X-HTTP-Method-Override DELETE', {
    method: 'GET',
    path: `${API}/jobs/${targetName('jobs')}`,
    headers: { 'X-HTTP-Method-Override': 'DELETE' },
  });
  h('Range on a log', { method: 'GET', path: `${API}/jobs/${targetName('jobs')}/log`, headers: { Range: 'bytes=-1' } });
  h('300 headers', {
    method: 'GET',
    path: `${API}/jobs`,
    headers: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`x-h-${i}`, 'v'])),
  });
  return cases;
}

const AUTH = `Authorization: Bearer ${DEMO_API_KEY}\r\n`;
const latin1 = (s: string): Buffer => Buffer.from(s, 'latin1');

function rawCases(rng: Rng): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const r = (label: string, bytes: Buffer | string): void =>
    void cases.push({
      category: 'not quite HTTP',
      label,
      method: '(raw)',
      path: '',
      raw: typeof bytes === 'string' ? latin1(bytes) : bytes,
    });
  const get = (path: string, extra = ''): string => `GET ${path} HTTP/1.1\r\nHost: x\r\n${AUTH}${extra}\r\n`;
  const post = (body: string, extra: string): string =>
    `POST ${API}/jobs?dryRun=All HTTP/1.1\r\nHost: x\r\n${AUTH}Content-Type: application/json\r\n${extra}\r\n${body}`;
  for (const host of [
    '[',
    'a b',
    '',
    'a@b:c:d',
    'localhost:99999',
    '[::1',
    'evil.example',
    '%00',
    'x'.repeat(5000),
    ':::',
  ])
    r(`Host ${JSON.stringify(host.slice(0, 20))}`, `GET /apis HTTP/1.1\r\nHost: ${host}\r\n${AUTH}\r\n`);
  r('no Host, HTTP/1.0', `GET /healthz HTTP/1.0\r\n${AUTH}\r\n`);
  r('no Host, HTTP/1.1', `GET /apis HTTP/1.1\r\n${AUTH}\r\n`);
  r('two Hosts', `GET /apis HTTP/1.1\r\nHost: a\r\nHost: b\r\n${AUTH}\r\n`);
  r('CONNECT', `CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n`);
  r('Upgrade to websocket', get('/apis', 'Connection: Upgrade\r\nUpgrade: websocket\r\n'));
  r(
    'Upgrade to h2c',
    get('/apis', 'Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\n'),
  );
  for (const method of ['FOO', 'get', 'Get', 'G E T', 'GET\0', 'GÉT', 'X'.repeat(100)])
    r(`method ${JSON.stringify(method.slice(0, 12))}`, `${method} /apis HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n`);
  r('absolute-form target', get('http://evil.example/apis'));
  r('asterisk target', `OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n`);
  r('target without a slash', get('apis'));
  r('target //[', get('//['));
  r('target with a space', `GET /ap is HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n`);
  r('target with raw UTF-8', Buffer.from(`GET ${API}/jobs/dé HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n`));
  r('target with raw Latin-1', `GET ${API}/jobs/d\u00e9 HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n`);
  r('target with a fragment', get(`${API}/jobs#x`));
  r('HTTP/0.9', 'GET /apis\r\n\r\n');
  r('HTTP/2.0 in the request line', `GET /apis HTTP/2.0\r\nHost: x\r\n${AUTH}\r\n`);
  r('HTTP/1.7', `GET /apis HTTP/1.7\r\nHost: x\r\n${AUTH}\r\n`);
  r('HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
  r('a TLS ClientHello', Buffer.from('16030100a5010000a10303', 'hex'));
  r('bare LF line ends', `GET /apis HTTP/1.1\nHost: x\n${AUTH.replace('\r\n', '\n')}\n`);
  r('obsolete header folding', get('/apis', 'X-Folded: a\r\n b\r\n'));
  r('header name with a space', get('/apis', 'X Bad: 1\r\n'));
  r('header without a colon', get('/apis', 'NoColon\r\n'));
  r('NUL in a header', get('/apis', 'X-A: a\0b\r\n'));
  r('DEL in a header', get('/apis', 'X-A: \x7f\r\n'));
  r('3,000 headers', get('/apis', Array.from({ length: 3000 }, (_, i) => `X-${i}: v\r\n`).join('')));
  r('headers over 16 KiB', get('/apis', `X-Big: ${'a'.repeat(20_000)}\r\n`));
  r('a URL over 16 KiB', get(`/${'a'.repeat(20_000)}`));
  r('Content-Length abc', post('{}', 'Content-Length: abc\r\n'));
  r('Content-Length -1', post('{}', 'Content-Length: -1\r\n'));
  r('two Content-Lengths', post('{}', 'Content-Length: 2\r\nContent-Length: 3\r\n'));
  r('Content-Length and chunked', post('0\r\n\r\n', 'Content-Length: 3\r\nTransfer-Encoding: chunked\r\n'));
  r('Content-Length longer than the body', post('{}', 'Content-Length: 2\r\n').toString() + 'GARBAGE');
  r('chunked with a bad size', post('zz\r\nabc\r\n0\r\n\r\n', 'Transfer-Encoding: chunked\r\n'));
  r('chunked, never finished', post('5\r\n{"a":', 'Transfer-Encoding: chunked\r\n'));
  r('Transfer-Encoding gzip, chunked', post('2\r\n{}\r\n0\r\n\r\n', 'Transfer-Encoding: gzip, chunked\r\n'));
  r('Transfer-Encoding identity', post('{}', 'Transfer-Encoding: identity\r\n'));
  r('two Content-Types', post('{}', 'Content-Type: text/plain\r\nContent-Length: 2\r\n'));
  r('a valid request, then garbage', get('/apis') + '\x00\x01\x02garbage\r\n\r\n');
  r('two pipelined requests', get('/healthz') + get('/apis'));
  r('Authorization in Latin-1', `GET /apis HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \u00ff\u00fe\r\n\r\n`);
  for (let i = 0; i < 30; i++) r(`random bytes ${i}`, rng.bytes(1 + rng.int(2000)));
  const valid = post(JOB, `Content-Length: ${Buffer.byteLength(JOB)}\r\n`);
  for (let i = 0; i < 40; i++) {
    const bytes = latin1(valid);
    const at = rng.int(Math.min(bytes.length, 300));
    bytes[at] = rng.int(256);
    r(`a request with byte ${at} changed`, bytes);
  }
  return cases;
}

export function protocolCorpus(rng: Rng): FuzzCase[] {
  return [...pathCases(rng), ...methodCases(), ...headerCases(rng), ...rawCases(rng)];
}
