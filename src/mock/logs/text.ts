/**
 * The ingredients that make a mock log look like real terminal output, shared by every kind's script: ANSI colours,
 * tqdm-style progress bars, Unicode that breaks naive rendering (emoji sequences, CJK, right-to-left scripts,
 * combining marks), text that looks like HTML (a console must show it as text, never render it), and lines of
 * 10 kB and more.
 */
import { hash, pick, unit } from './random.ts';

const ESC = '\u001b[';
export const reset = `${ESC}0m`;
export const bold = (s: string): string => `${ESC}1m${s}${reset}`;
export const dim = (s: string): string => `${ESC}2m${s}${reset}`;
export const red = (s: string): string => `${ESC}31m${s}${reset}`;
export const green = (s: string): string => `${ESC}32m${s}${reset}`;
export const yellow = (s: string): string => `${ESC}33m${s}${reset}`;
export const blue = (s: string): string => `${ESC}34m${s}${reset}`;
export const magenta = (s: string): string => `${ESC}1;35m${s}${reset}`;
export const cyan = (s: string): string => `${ESC}36m${s}${reset}`;

export const INFO = cyan('INFO');
export const WARN = yellow('WARNING');
export const ERROR = red('ERROR');

/** Text in many scripts; each one has tripped up some log viewer. */
export const UNICODE = [
  '你好，世界 🌍 (Chinese)',
  '今日は良い天気ですね ☀️ — 日本語のテキスト',
  '안녕하세요 세계 🇰🇷',
  'שלום עולם — Hebrew, right to left',
  'مرحبا بالعالم — Arabic, right to left',
  'order #123 ⇄ הזמנה 456 ⇄ طلب 789 (mixed direction)',
  'Привет, мир! Ελληνικά: Γειά σου Κόσμε',
  'family 👨‍👩‍👧‍👦, coder 👩🏽‍💻, flags 🇯🇵🇧🇷🇪🇺',
  'naïve café, Ångström, Straße, cafe\u0301 (combining accent)',
  'math: ∑ᵢ xᵢ² ≤ ∞, ≠, ≈, √2, π ≈ 3.14159',
  'नमस्ते दुनिया (Devanagari) · สวัสดีชาวโลก (Thai)',
] as const;

/** Text that a console must show as text: rendering any of it as HTML would be a bug (or worse). */
export const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(document.cookie)">',
  '<b>bold?</b> <i>no: plain text</i> &lt;already escaped&gt; &amp;amp;',
  '</pre></code></textarea><h1>escaped the log view</h1>',
  '<a href="javascript:alert(1)">click me</a>',
  '<style>body { display: none }</style><iframe src="https://example.com"></iframe>',
  '{{constructor.constructor("alert(1)")()}} ${7*7} <%= 7*7 %>',
] as const;

export function unicodeSample(r: number): string {
  return pick(UNICODE, r);
}

export function htmlSample(r: number): string {
  return pick(HTML, r);
}

/** A line of at least `minBytes`, such as a token dump or a flattened config: what breaks fixed-height rows. */
export function longLine(prefix: string, seed: number, index: number, minBytes = 12_000): string {
  const parts: string[] = [prefix];
  let size = prefix.length;
  for (let k = 0; size < minBytes; k++) {
    const token = String(hash(seed, index, 1000 + k) % 128_256);
    parts.push(token);
    size += token.length + 2;
  }
  return `${parts[0]} [${parts.slice(1).join(', ')}]`;
}

const PARTIAL = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A tqdm bar such as `████▍     `. */
export function bar(fraction: number, width = 10): string {
  const f = Math.max(0, Math.min(1, fraction));
  const eighths = Math.round(f * width * 8);
  const full = Math.floor(eighths / 8);
  const part = full < width ? PARTIAL[eighths % 8]! : '';
  return '█'.repeat(full) + part + ' '.repeat(width - full - (part ? 1 : 0));
}

export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** One tqdm update: `label:  41%|████▏     | 410/1000 [01:02<01:29,  6.59it/s]`. */
export function tqdm(label: string, done: number, total: number, perSecond: number, postfix = ''): string {
  const pct = String(Math.floor((done / total) * 100)).padStart(3);
  const spent = done / perSecond;
  const left = (total - done) / perSecond;
  return `${label}: ${pct}%|${bar(done / total)}| ${done}/${total} [${clock(spent)}<${clock(left)}, ${perSecond.toFixed(2).padStart(6)}it/s${postfix}]`;
}

/**
 * What a terminal progress bar leaves in a log: several updates on one line, separated by carriage returns
 * (the runtime splits lines on \n only). A viewer should show the last update.
 */
export function carriageReturnBar(
  label: string,
  total: number,
  perSecond: number,
  seed: number,
  index: number,
): string {
  const updates: string[] = [];
  const steps = 3 + (hash(seed, index, 31) % 4);
  for (let k = 1; k <= steps; k++)
    updates.push(
      tqdm(label, Math.round((total * k) / steps), total, perSecond * (0.9 + 0.2 * unit(seed, index, 40 + k))),
    );
  return updates.join('\r');
}

/** A hex id of `length` characters, fixed by (seed, index, salt). */
export function hexId(seed: number, index: number, salt: number, length = 12): string {
  let out = '';
  for (let k = 0; out.length < length; k++)
    out += hash(seed, index, salt + k)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, length);
}

export function ip(seed: number, index: number, salt: number): string {
  const h = hash(seed, index, salt);
  return `10.${(h >>> 16) & 0xff}.${(h >>> 8) & 0xff}.${(h & 0xfe) + 1}`;
}

/** 1234567 → "1,234,567" (toLocaleString is far too slow for a million lines). */
export function thousands(n: number): string {
  const s = String(Math.round(n));
  let out = '';
  for (let i = s.length; i > 0; i -= 3) out = s.slice(Math.max(0, i - 3), i) + (out ? `,${out}` : '');
  return out;
}
