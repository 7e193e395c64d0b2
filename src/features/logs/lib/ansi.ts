/**
 * ANSI SGR → styled segments, with `anser` parsing and a fixed palette of our own (tuned for the dark log pane):
 * the result is text plus a class name or an inline colour that we computed, never HTML, so whatever a line holds
 * (a <script>, an <img onerror>) is rendered by React as text. Cursor movement and other escapes are dropped.
 * Results are memoised by line text (a small LRU): only visible rows are parsed, and a row that scrolls back is free.
 */
import Anser from 'anser';
import { visibleText } from './log-line.ts';

export interface Segment {
  text: string;
  /** Tailwind classes for palette colours and decorations. */
  className?: string;
  /** Only for 256-colour and true-colour codes: an rgb() we built from numbers. */
  color?: string;
  background?: string;
}

/** The 16 base colours: foreground and background classes (anser's class names → ours). */
const FG: Record<string, string> = {
  'ansi-black': 'text-slate-500',
  'ansi-red': 'text-red-400',
  'ansi-green': 'text-emerald-400',
  'ansi-yellow': 'text-amber-300',
  'ansi-blue': 'text-sky-400',
  'ansi-magenta': 'text-fuchsia-400',
  'ansi-cyan': 'text-cyan-300',
  'ansi-white': 'text-slate-200',
  'ansi-bright-black': 'text-slate-400',
  'ansi-bright-red': 'text-red-300',
  'ansi-bright-green': 'text-emerald-300',
  'ansi-bright-yellow': 'text-yellow-200',
  'ansi-bright-blue': 'text-sky-300',
  'ansi-bright-magenta': 'text-fuchsia-300',
  'ansi-bright-cyan': 'text-cyan-200',
  'ansi-bright-white': 'text-white',
};
const BG: Record<string, string> = {
  'ansi-black': 'bg-slate-950',
  'ansi-red': 'bg-red-900/70',
  'ansi-green': 'bg-emerald-900/70',
  'ansi-yellow': 'bg-amber-800/70',
  'ansi-blue': 'bg-sky-900/70',
  'ansi-magenta': 'bg-fuchsia-900/70',
  'ansi-cyan': 'bg-cyan-900/70',
  'ansi-white': 'bg-slate-300 text-slate-900',
  'ansi-bright-black': 'bg-slate-700',
  'ansi-bright-red': 'bg-red-700/70',
  'ansi-bright-green': 'bg-emerald-700/70',
  'ansi-bright-yellow': 'bg-amber-600/70',
  'ansi-bright-blue': 'bg-sky-700/70',
  'ansi-bright-magenta': 'bg-fuchsia-700/70',
  'ansi-bright-cyan': 'bg-cyan-700/70',
  'ansi-bright-white': 'bg-slate-100 text-slate-900',
};
const DECORATION: Record<string, string> = {
  bold: 'font-semibold',
  dim: 'opacity-60',
  italic: 'italic',
  underline: 'underline',
  strikethrough: 'line-through',
  blink: '',
  reverse: '',
  hidden: 'invisible',
};

/** xterm's 256-colour cube and grey ramp (index ≥ 16), as rgb(). */
export function paletteColor(index: number): string | undefined {
  if (!Number.isInteger(index) || index < 16 || index > 255) return undefined;
  if (index >= 232) {
    const v = 8 + (index - 232) * 10;
    return `rgb(${v}, ${v}, ${v})`;
  }
  const n = index - 16;
  const level = (k: number): number => (k === 0 ? 0 : 55 + k * 40);
  return `rgb(${level(Math.floor(n / 36))}, ${level(Math.floor(n / 6) % 6)}, ${level(n % 6)})`;
}

/** "r, g, b" from anser's true colour, only when it is three numbers 0–255. */
function trueColor(value: string | null | undefined): string | undefined {
  const m = /^(\d{1,3}), ?(\d{1,3}), ?(\d{1,3})$/.exec(value ?? '');
  if (!m) return undefined;
  const [r, g, b] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return r <= 255 && g <= 255 && b <= 255 ? `rgb(${r}, ${g}, ${b})` : undefined;
}

function colorOf(
  klass: string | null | undefined,
  truecolor: string | null | undefined,
  table: Record<string, string>,
): { className?: string; color?: string } {
  if (!klass) return {};
  if (klass === 'ansi-truecolor') {
    const color = trueColor(truecolor);
    return color ? { color } : {};
  }
  if (klass.startsWith('ansi-palette-')) {
    const color = paletteColor(Number(klass.slice('ansi-palette-'.length)));
    return color ? { color } : {};
  }
  const className = table[klass];
  return className ? { className } : {};
}

/** The segments of one line (its last "\r" state), without any escape code. */
export function toSegments(text: string): Segment[] {
  const visible = visibleText(text);
  if (!visible.includes('\u001b')) return visible === '' ? [] : [{ text: visible }];
  const entries = Anser.ansiToJson(visible, { json: true, use_classes: true, remove_empty: true });
  const out: Segment[] = [];
  for (const entry of entries) {
    if (entry.content === '') continue;
    const fg = colorOf(entry.fg, entry.fg_truecolor, FG);
    const bg = colorOf(entry.bg, entry.bg_truecolor, BG);
    const classes = [fg.className, bg.className, ...entry.decorations.map((d) => DECORATION[d] ?? '')].filter(Boolean);
    const segment: Segment = { text: entry.content };
    if (classes.length > 0) segment.className = classes.join(' ');
    if (fg.color) segment.color = fg.color;
    if (bg.color) segment.background = bg.color;
    out.push(segment);
  }
  return out;
}

const CACHE_SIZE = 4000;
const cache = new Map<string, Segment[]>();

/** toSegments, memoised: a Map in insertion order doubles as an LRU. */
export function segmentsOf(text: string): Segment[] {
  const hit = cache.get(text);
  if (hit) {
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const segments = toSegments(text);
  cache.set(text, segments);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return segments;
}

export interface Piece extends Segment {
  /** Part of a search match. */
  match?: boolean;
}

/** Cuts segments where a case-insensitive `query` matches the line's plain text, marking the matching pieces. */
export function highlight(segments: readonly Segment[], query: string): Piece[] {
  if (query === '') return segments as Piece[];
  const plain = segments.map((s) => s.text).join('');
  const lower = plain.toLowerCase();
  const needle = query.toLowerCase();
  const ranges: [number, number][] = [];
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length))
    ranges.push([at, at + needle.length]);
  if (ranges.length === 0) return segments as Piece[];
  const out: Piece[] = [];
  let offset = 0;
  let r = 0;
  for (const segment of segments) {
    const end = offset + segment.text.length;
    let cursor = offset;
    while (cursor < end) {
      while (r < ranges.length && ranges[r]![1] <= cursor) r++;
      const range = ranges[r];
      if (!range || range[0] >= end) {
        out.push({ ...segment, text: plain.slice(cursor, end) });
        cursor = end;
      } else if (range[0] > cursor) {
        out.push({ ...segment, text: plain.slice(cursor, range[0]) });
        cursor = range[0];
      } else {
        const stop = Math.min(range[1], end);
        out.push({ ...segment, text: plain.slice(cursor, stop), match: true });
        cursor = stop;
      }
    }
    offset = end;
  }
  return out;
}
