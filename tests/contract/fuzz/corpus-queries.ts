/**
 * The query half of the corpus: lists and watches with absurd limits, forged and truncated continue tokens,
 * resourceVersion garbage, and label and field selectors drawn from a grammar that goes wrong in every way.
 * All of it is reads, so it runs concurrently.
 */
import { API, PLURALS } from './bodies.ts';
import type { Rng } from './prng.ts';
import type { FuzzCase } from './send.ts';

export const LIST_PATHS = [
  ...PLURALS.map((p) => `${API}/${p}`),
  '/apis/nodus.dev/v1/jobs',
  '/api/v1/namespaces',
  '/apis/nodus.dev/v1/namespaces/nodus/images',
];

const GARBAGE = [
  '',
  '-1',
  '0',
  '1',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '1.5',
  '0x10',
  ' 1',
  '1 ',
  '01',
  '99999999999999999999',
  '1001',
  '999999999999999',
  'true',
  'null',
  '[]',
  '{}',
  '%',
  '%zz',
  '%00',
  '\u0000',
  'é',
  '😀',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'x'.repeat(8000),
];
const PARAMS = [
  'limit',
  'continue',
  'resourceVersion',
  'resourceVersionMatch',
  'labelSelector',
  'fieldSelector',
  'timeoutSeconds',
  'allowWatchBookmarks',
  'watch',
  'includeObject',
  'sendInitialEvents',
  'pretty',
  'dryRun',
  'fieldValidation',
  '__proto__',
];
const WATCH_PARAMS = [
  'resourceVersion',
  'timeoutSeconds',
  'allowWatchBookmarks',
  'labelSelector',
  'fieldSelector',
  'sendInitialEvents',
  'watch',
];

/** Percent-encoded, except the values whose point is a broken encoding ("%", "%zz"), which go as they are. */
function q(name: string, value: string): string {
  const raw = /^%/.test(value) && !/^%[0-9A-Fa-f]{2}$/.test(value);
  return `${encodeURIComponent(name)}=${raw ? value : encodeURIComponent(value)}`;
}

function read(category: string, label: string, path: string, headers?: Record<string, string>): FuzzCase {
  return { category, label, method: 'GET', path, ...(headers ? { headers } : {}) };
}

const LABEL_KEYS = [
  'app',
  'tier',
  'nodus.dev/created-by',
  'a/b/c',
  'example.com/x',
  '-bad',
  'bad-',
  '_x',
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(64),
  `${'p'.repeat(254)}/x`,
  'UPPER',
  'é',
  '😀',
  '',
  'a b',
  'a.'.repeat(40),
];
const LABEL_OPS = ['=', '==', '!=', ' in ', ' notin ', '!', '', '=!', '===', '<', '>', ' exists ', '!='];
const LABEL_VALUES = [
  'fuzz',
  'a',
  '',
  '(a,b)',
  '(a, b)',
  '()',
  '(',
  ')',
  '(a,(b))',
  'x'.repeat(64),
  '-bad',
  'a b',
  'é',
  '%',
  '\\',
  '"',
  "'",
  '(fuzz)',
];
const FIELDS = [
  'metadata.name',
  'metadata.namespace',
  'status.phase',
  'spec.image',
  'metadata.labels',
  'valueOf',
  'constructor',
  'toString',
  'hasOwnProperty',
  '__proto__',
  'metadata',
  '',
  '.',
  'metadata..name',
  'a'.repeat(1000),
  'METADATA.NAME',
  'isPrototypeOf',
];
const FIELD_OPS = ['=', '==', '!=', '', '=~', ' = ', '!', '<', '!=='];
const FIELD_VALUES = ['fz-jobs', '', 'Running', 'a,b', '\\,', 'x'.repeat(5000), '\u0000', 'é', '(', 'a=b'];

function labelSelector(rng: Rng): string {
  if (rng.chance(0.15)) return rng.text(1 + rng.int(40), 'a=!(),. -_/\\inotex');
  const terms = Array.from(
    { length: 1 + rng.int(4) },
    () => `${rng.chance(0.1) ? '!' : ''}${rng.pick(LABEL_KEYS)}${rng.pick(LABEL_OPS)}${rng.pick(LABEL_VALUES)}`,
  );
  return terms.join(rng.pick([',', ',', ', ', ',,', ' , ']));
}

function fieldSelector(rng: Rng): string {
  if (rng.chance(0.15)) return rng.text(1 + rng.int(40), 'metadn.a=!,status.ph\\');
  return Array.from(
    { length: 1 + rng.int(3) },
    () => `${rng.pick(FIELDS)}${rng.pick(FIELD_OPS)}${rng.pick(FIELD_VALUES)}`,
  ).join(rng.pick([',', ',,', ', ']));
}

/** Tokens that look like the server's (base64url JSON {s, o}) and tokens that do not. */
function forgedTokens(rng: Rng, real: string): [string, string][] {
  const json = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const decoded = JSON.parse(Buffer.from(real, 'base64url').toString('utf8')) as { s: string; o: number };
  const flipped = real.split('');
  for (let i = 0; i < 3; i++) flipped[rng.int(flipped.length)] = rng.pick(['A', '_', '-', '=', '+', '/', '.']);
  const tokens: [string, string][] = [
    ['the real token', real],
    ['truncated to half', real.slice(0, real.length >> 1)],
    ['one character short', real.slice(0, -1)],
    ['three characters changed', flipped.join('')],
    ['padded with =', `${real}==`],
    ['as standard base64', Buffer.from(real, 'base64url').toString('base64')],
    ['doubled', real + real],
    ['offset -1', json({ ...decoded, o: -1 })],
    ['offset 1e308', json({ ...decoded, o: 1e308 })],
    ['offset 2^53', json({ ...decoded, o: 2 ** 53 })],
    ['offset 1.5', json({ ...decoded, o: 1.5 })],
    ['offset "1"', json({ ...decoded, o: '1' })],
    ['offset null', json({ ...decoded, o: null })],
    ['offset past the end', json({ ...decoded, o: 100_000 })],
    ['no offset', json({ s: decoded.s })],
    ['snapshot __proto__', json({ s: '__proto__', o: 0 })],
    ['snapshot constructor', json({ s: 'constructor', o: 0 })],
    ['snapshot toString', json({ s: 'toString', o: 0 })],
    ['snapshot ""', json({ s: '', o: 0 })],
    ['snapshot as a number', json({ s: 1, o: 0 })],
    ['snapshot as an object', json({ s: { $gt: '' }, o: 0 })],
    ['JSON null', json(null)],
    ['JSON array', json([decoded.s, 0])],
    ['JSON string', json('continue')],
    ['prototype keys', Buffer.from('{"__proto__":{"s":"x","o":0}}').toString('base64url')],
    ['base64 of invalid UTF-8', Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')],
    ['not base64', '!!!@@@###'],
    ['a Kubernetes token', 'eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6MTAsInN0YXJ0IjoiYSJ9'],
    ['8 KB of A', 'A'.repeat(8000)],
    ['percent garbage', '%zz%'],
    ['empty', ''],
  ];
  for (let i = 0; i < 10; i++) tokens.push([`random bytes ${i}`, rng.bytes(1 + rng.int(64)).toString('base64url')]);
  return tokens;
}

export function queryCorpus(rng: Rng, realToken: string): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const path of LIST_PATHS) {
    for (const param of PARAMS) {
      for (const value of GARBAGE) {
        if (rng.chance(0.55)) continue; // a seeded half of the grid: every param and value still comes up
        cases.push(
          read('absurd query strings', `${path}?${param}=${value.slice(0, 20)}`, `${path}?${q(param, value)}`),
        );
      }
    }
    cases.push(read('absurd query strings', `${path} with limit twice`, `${path}?limit=1&limit=-1`));
    cases.push(
      read(
        'absurd query strings',
        `${path} with 2,000 parameters`,
        `${path}?${Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&')}`,
      ),
    );
    for (const param of WATCH_PARAMS) {
      for (let i = 0; i < 6; i++) {
        const value = rng.pick(GARBAGE);
        cases.push(
          read(
            'watch with garbage',
            `watch ${path}?${param}=${value.slice(0, 20)}`,
            `${path}?watch=true&${q(param, value)}`,
          ),
        );
      }
    }
    cases.push(
      read('watch with garbage', `watch ${path} as Table`, `${path}?watch=true&resourceVersion=1`, {
        Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io',
      }),
    );
  }
  for (let i = 0; i < 240; i++) {
    const path = rng.pick(LIST_PATHS);
    const watch = rng.chance(0.3) ? 'watch=true&' : '';
    const selector = labelSelector(rng);
    cases.push(
      read(
        'bad selectors',
        `labelSelector ${JSON.stringify(selector.slice(0, 40))}${watch ? ' (watch)' : ''}`,
        `${path}?${watch}labelSelector=${encodeURIComponent(selector)}`,
      ),
    );
  }
  for (let i = 0; i < 160; i++) {
    const path = rng.pick(LIST_PATHS);
    const watch = rng.chance(0.3) ? 'watch=true&' : '';
    const selector = fieldSelector(rng);
    cases.push(
      read(
        'bad selectors',
        `fieldSelector ${JSON.stringify(selector.slice(0, 40))}${watch ? ' (watch)' : ''}`,
        `${path}?${watch}fieldSelector=${encodeURIComponent(selector)}`,
      ),
    );
  }
  for (const [label, token] of forgedTokens(rng, realToken)) {
    for (const path of [`${API}/jobs`, '/api/v1/namespaces']) {
      cases.push(
        read('forged continue tokens', `continue: ${label}`, `${path}?limit=1&continue=${encodeURIComponent(token)}`),
      );
    }
    cases.push(
      read(
        'forged continue tokens',
        `continue: ${label}, with a selector`,
        `${API}/jobs?limit=2&labelSelector=app&continue=${encodeURIComponent(token)}`,
      ),
    );
  }
  for (const value of [
    '-1',
    'abc',
    '1e3',
    '0x10',
    ' 1',
    '01',
    '1.5',
    'NaN',
    '99999999999999999999',
    '999999999999999',
    '0',
    '1',
    '18446744073709551616',
    '%00',
    '',
  ]) {
    for (const path of [`${API}/jobs`, '/api/v1/namespaces', '/apis/nodus.dev/v1/pipelines']) {
      cases.push(
        read(
          'resourceVersion garbage',
          `list from resourceVersion ${value}`,
          `${path}?resourceVersion=${encodeURIComponent(value)}`,
        ),
      );
      cases.push(
        read(
          'resourceVersion garbage',
          `watch from resourceVersion ${value}`,
          `${path}?watch=1&resourceVersion=${encodeURIComponent(value)}`,
        ),
      );
      cases.push(
        read(
          'resourceVersion garbage',
          `watch from ${value}, resourceVersionMatch=Exact`,
          `${path}?watch=1&resourceVersionMatch=Exact&resourceVersion=${encodeURIComponent(value)}`,
        ),
      );
    }
  }
  return cases;
}
