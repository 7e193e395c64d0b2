/**
 * Mutations of a valid body's text: each takes the seeded generator and the text, and returns a hostile variant
 * with a label saying what was done. JSON and YAML get their own, plus the byte-level ones both share.
 */
import type { Rng } from './prng.ts';

export interface Mutant {
  label: string;
  body: Buffer;
}

export type Mutation = (rng: Rng, text: string) => Mutant;

const HUGE_NUMBERS = [
  '1e309',
  '-1e309',
  '1e400',
  '123456789012345678901234567890',
  '9007199254740993',
  '-0',
  '1e-400',
  '4.9e-324',
  '1e21',
  '18446744073709551616',
];
const NOT_NUMBERS = [
  'NaN',
  'Infinity',
  '-Infinity',
  'undefined',
  '0x10',
  '1_000',
  '.5',
  '01',
  '+1',
  '1.',
  '--1',
  '1e',
  'true1',
];
const WRONG_TYPES = [
  '[]',
  '{}',
  'null',
  'true',
  '""',
  '[[]]',
  '{"":""}',
  '[null]',
  '0',
  '-1',
  '1.5',
  `"${'x'.repeat(70)}"`,
  '"\\u0000"',
  '"\\ud800"',
];
const PROTO_KEYS = [
  '"__proto__":{"polluted":"yes"}',
  '"constructor":{"prototype":{"polluted":"yes"}}',
  '"prototype":{"polluted":"yes"}',
  '"toString":"x"',
  '"valueOf":1',
  '"hasOwnProperty":true',
  '"__defineGetter__":{}',
  '"__proto__":null',
];
/** Byte sequences that are not UTF-8: stray continuation bytes, overlong forms, surrogates, truncated sequences. */
const INVALID_UTF8 = [
  [0xff],
  [0xfe],
  [0x80],
  [0xc0, 0x80],
  [0xe0, 0x80, 0x80],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf5, 0x80, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xc3],
];

function positionsOf(text: string, pattern: RegExp): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(pattern)) out.push(m.index);
  return out;
}

function splice(text: string, at: number, remove: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at + remove);
}

/** A scalar value (string, number, literal) after a colon or in an array, as [start, length]. */
function randomScalar(rng: Rng, text: string): [number, number] | undefined {
  const spans = [...text.matchAll(/(?<=[:[,]\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)/g)].map(
    (m) => [m.index, m[0].length] as [number, number],
  );
  return spans.length ? rng.pick(spans) : undefined;
}

function insideString(rng: Rng, text: string): number {
  const starts = positionsOf(text, /"(?=[^"])/g);
  return starts.length ? rng.pick(starts) + 1 : 0;
}

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');

export const byteMutations: Mutation[] = [
  (rng, text) => {
    const at = rng.int(text.length);
    return {
      label: `truncated at ${at} of ${text.length}`,
      body: utf8(text).subarray(0, Buffer.byteLength(text.slice(0, at))),
    };
  },
  (rng, text) => {
    const body = Buffer.from(text, 'utf8');
    const flips = 1 + rng.int(3);
    for (let i = 0; i < flips; i++) {
      const at = rng.int(body.length);
      body[at] = body[at]! ^ (1 << rng.int(8));
    }
    return { label: `${flips} byte(s) flipped`, body };
  },
  (rng, text) => {
    const seq = rng.pick(INVALID_UTF8);
    const at = Buffer.byteLength(text.slice(0, insideString(rng, text)));
    const body = Buffer.from(text, 'utf8');
    return {
      label: `invalid UTF-8 ${seq.map((b) => b.toString(16)).join(' ')}`,
      body: Buffer.concat([body.subarray(0, at), Buffer.from(seq), body.subarray(at)]),
    };
  },
  (rng, text) => {
    const boms: [string, Buffer][] = [
      ['UTF-8 BOM', Buffer.from([0xef, 0xbb, 0xbf])],
      ['UTF-16 BOM', Buffer.from([0xff, 0xfe])],
      ['UTF-32 BOM', Buffer.from([0, 0, 0xfe, 0xff])],
    ];
    const [label, bom] = rng.pick(boms);
    return { label, body: Buffer.concat([bom, utf8(text)]) };
  },
  (_rng, text) => ({ label: 'UTF-16LE encoded', body: Buffer.from(`\ufeff${text}`, 'utf16le') }),
  (rng, text) => {
    const at = insideString(rng, text);
    const what = rng.pick(['\0', '\0\0\0', '\x01\x1b[31m', '\x7f', '\u2028', '\u202e', '\u200b']);
    return {
      label: `raw control characters ${JSON.stringify(what)} in a string`,
      body: utf8(splice(text, at, 0, what)),
    };
  },
  (rng, text) => ({
    label: 'NUL bytes sprinkled',
    body: utf8(text.replace(/ /g, () => (rng.chance(0.3) ? '\0' : ' '))),
  }),
];

export const jsonMutations: Mutation[] = [
  (rng, text) => {
    const brackets = positionsOf(text, /[{}[\]]/g);
    if (rng.chance(0.5) && brackets.length) {
      const at = rng.pick(brackets);
      return { label: `bracket at ${at} removed`, body: utf8(splice(text, at, 1, '')) };
    }
    const at = rng.int(text.length);
    const b = rng.pick(['{', '}', '[', ']', '{{', ']]]', ',', ':', '"']);
    return { label: `"${b}" inserted at ${at}`, body: utf8(splice(text, at, 0, b)) };
  },
  (rng, text) => {
    const span = randomScalar(rng, text);
    const n = rng.pick([...HUGE_NUMBERS, ...NOT_NUMBERS]);
    return { label: `a value replaced by ${n}`, body: utf8(span ? splice(text, span[0], span[1], n) : text) };
  },
  (rng, text) => {
    const span = randomScalar(rng, text);
    const v = rng.pick(WRONG_TYPES);
    return {
      label: `a value replaced by ${v.slice(0, 20)}`,
      body: utf8(span ? splice(text, span[0], span[1], v) : text),
    };
  },
  (rng, text) => {
    const keys = [...text.matchAll(/"([^"\\]+)":/g)];
    const key = keys.length ? rng.pick(keys) : undefined;
    if (!key) return { label: 'no key to duplicate', body: utf8(text) };
    const dup = `"${key[1]}":${rng.pick(['"duplicate"', '{"name":"dup"}', '1', 'null', '[]'])},`;
    return { label: `key "${key[1]}" duplicated`, body: utf8(splice(text, key.index, 0, dup)) };
  },
  (rng, text) => {
    const opens = positionsOf(text, /\{/g);
    const at = (opens.length ? rng.pick(opens) : 0) + 1;
    const key = rng.pick(PROTO_KEYS);
    return { label: `${key.split(':')[0]} inserted`, body: utf8(splice(text, at, 0, `${key},`)) };
  },
  (rng, text) => {
    const depth = rng.pick([101, 1000, 10_000, 100_000]);
    const [open, close] = rng.pick([
      ['[', ']'],
      ['{"a":', '}'],
    ] as const);
    const span = randomScalar(rng, text);
    const nested = `${open.repeat(depth)}1${close.repeat(depth)}`;
    return {
      label: `a value nested ${depth} deep in ${open}`,
      body: utf8(span ? splice(text, span[0], span[1], nested) : nested),
    };
  },
  (rng, text) => {
    const span = randomScalar(rng, text);
    const length = rng.pick([64, 300, 70_000, 600_000]);
    const fill = rng.pick(['a', 'é', '😀', '\\u0000', '<script>']);
    return {
      label: `a string of ${length} × ${fill}`,
      body: utf8(span ? splice(text, span[0], span[1], `"${fill.repeat(length)}"`) : text),
    };
  },
  (rng) => {
    const whole = rng.pick([
      '',
      ' ',
      'null',
      '[]',
      '1',
      '"text"',
      'true',
      '{}',
      '{"a":1}',
      '[{}]',
      '{"metadata":null}',
      '{"spec":[]}',
      `${' '.repeat(100_000)}{}`,
      '{"metadata":{"name":{"$ne":1}}}',
    ]);
    return { label: `the body ${JSON.stringify(whole.slice(0, 30))}`, body: utf8(whole) };
  },
  (rng, text) => {
    const keys = [...text.matchAll(/"([^"\\]+)":/g)];
    const key = keys.length ? rng.pick(keys) : undefined;
    const odd = rng.pick(['na\u200bme', 'NAME', 'name ', '\u202ename', 'näme', 'spec.image', '', ' ']);
    return {
      label: `key renamed to ${JSON.stringify(odd)}`,
      body: utf8(key ? splice(text, key.index, key[0].length, `"${odd}":`) : text),
    };
  },
];

/** Quotes and the rest of YAML's syntax, the ways it goes wrong; each replaces or extends the valid text. */
export const yamlMutations: Mutation[] = [
  (rng, text) => {
    const lines = text.split('\n');
    const i = rng.int(lines.length);
    lines[i] = lines[i]!.replace(/^ +/, '\t');
    return { label: `tab indentation on line ${i + 1}`, body: utf8(lines.join('\n')) };
  },
  (rng, text) => {
    const at = rng.int(text.length);
    const b = rng.pick(['[', '{', ']', '}', ': ', '- ', '"', "'", '&', '*', '!', '|', '>', '%', '@', '`', '? ', '#']);
    return { label: `"${b}" inserted at ${at}`, body: utf8(splice(text, at, 0, b)) };
  },
  (rng) => {
    const levels = rng.pick([5, 9, 12]);
    const lines = ['l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < levels; i++)
      lines.push(`l${i}: &l${i} [${Array.from({ length: 9 }, () => `*l${i - 1}`).join(',')}]`);
    return {
      label: `billion laughs, ${levels} levels`,
      body: utf8(`${lines.join('\n')}\nmetadata: {name: laughs}\nspec: *l${levels - 1}\n`),
    };
  },
  (rng, text) => {
    const trick = rng.pick([
      ['self-referencing alias', 'a: &a [*a]\n'],
      ['alias of a map inside itself', 'a: &a {b: *a}\n'],
      ['undefined alias', 'spec: *nowhere\n'],
      ['merge key', 'base: &b {image: x}\nspec: {<<: *b}\n'],
      ['alias as a key', 'k: &k name\nmetadata: {*k : x}\n'],
      ['anchor on the document', '&doc\n'],
    ] as const);
    return { label: trick[0], body: utf8(`${trick[1]}${text}`) };
  },
  (rng, text) => {
    const extra = rng.pick([
      '---\nmetadata: {name: second}\n',
      '---\n',
      '...\n---\n',
      '--- |\n  text\n',
      '---\n---\n---\n',
    ]);
    return { label: 'several documents', body: utf8(`${text}${extra}`) };
  },
  (rng) => {
    const depth = rng.pick([101, 1000, 10_000, 200_000]);
    const flow = rng.chance(0.5);
    const body = flow
      ? `spec: ${'['.repeat(depth)}${']'.repeat(depth)}\n`
      : `spec:\n${Array.from({ length: Math.min(depth, 1200) }, (_, i) => `${' '.repeat(i + 1)}a:`).join('\n')} 1\n`;
    return { label: `${flow ? 'flow' : 'block'} nesting ${depth} deep`, body: utf8(body.slice(0, 1_000_000)) };
  },
  (rng, text) => {
    const tag = rng.pick([
      '!!js/function "function(){}"',
      '!!binary aGVsbG8=',
      '!!set {a, b}',
      '!!omap [a: 1]',
      '!custom x',
      '!!int "x"',
      '!!float "nan"',
      '!!timestamp 2001-13-45',
      '!!python/object:os.system ["ls"]',
      '!<tag:yaml.org,2002:str> 1',
    ]);
    return { label: `tag ${tag.split(' ')[0]}`, body: utf8(`${text}extra: ${tag}\n`) };
  },
  (rng, text) => {
    const key = rng.pick([
      '? [a, b]\n: c\n',
      '? {a: 1}\n: b\n',
      '__proto__: {polluted: yes}\n',
      'constructor: {prototype: {polluted: yes}}\n',
      'metadata: {}\n',
      '<<: {spec: {}}\n',
      '"": x\n',
      'null: x\n',
      '1e309: x\n',
    ]);
    return { label: `key ${JSON.stringify(key.split('\n')[0])}`, body: utf8(`${key}${text}`) };
  },
  (rng, text) => {
    const value = rng.pick([
      '0x7fffffffffffffffffff',
      '1e309',
      '.inf',
      '-.inf',
      '.nan',
      '0o17',
      '1_000',
      '123456789012345678901234567890',
      '~',
      'yes',
      'No',
      '2001-12-14t21:59:43.10-05:00',
    ]);
    return {
      label: `spec.maxCostUSD: ${value}`,
      body: utf8(text.replace(/maxCostUSD: .*/, `maxCostUSD: ${value}`).replace(/sizeGiB: .*/, `sizeGiB: ${value}`)),
    };
  },
  (rng, text) => {
    const directive = rng.pick([
      '%YAML 1.1\n---\n',
      '%YAML 9.9\n---\n',
      '%TAG ! tag:evil.com,2000:\n---\n',
      '%FOO bar\n---\n',
      '%YAML 1.2\n%YAML 1.2\n---\n',
    ]);
    return { label: `directive ${directive.split('\n')[0]}`, body: utf8(`${directive}${text}`) };
  },
  (rng, text) => {
    const size = rng.pick([100_000, 900_000]);
    return {
      label: `a block scalar of ${size} bytes`,
      body: utf8(`${text}big: |\n${`  ${'y'.repeat(99)}\n`.repeat(Math.floor(size / 102))}`),
    };
  },
];

/** Bodies of 1 MiB or more: refused before they are parsed. */
export function oversized(rng: Rng, text: string): Mutant {
  const size = 1024 * 1024 + 1 + rng.int(64 * 1024);
  return { label: `${size} bytes`, body: utf8(`${text}${' '.repeat(Math.max(size - Buffer.byteLength(text), 1))}`) };
}
