/** One line of a spec summary, and the small formatters the per-kind summaries share. Pure: unit-tested. */
import { formatRateUSD } from '../lib/format.ts';

export interface Fact {
  label: string;
  value: string;
  /** Code-like values (images, commands, paths) read best in a monospace font. */
  mono?: boolean;
  /** The value is an RFC 3339 time: shown as a time and how long ago. */
  time?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "timeoutSeconds" → "Timeout seconds". */
export function humanize(key: string): string {
  // Acronyms stay capitals: maxCostUSD reads "Max cost USD", gpuType "Gpu type".
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ')
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Any JSON value in a line: scalars as they are, lists and maps counted or listed when short. */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    if (value.every((v) => typeof v === 'string' || typeof v === 'number')) {
      const text = value.join(' ');
      return text.length <= 80 ? text : `${value.length} items`;
    }
    return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    const text = entries.map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? '…' : String(v)}`).join(', ');
    return text.length <= 80 ? text || 'none' : `${entries.length} fields`;
  }
  return String(value);
}

/** A fact for one spec field of a kind the console does not know. */
export function specFact(key: string, value: unknown): Fact {
  return { label: humanize(key), value: describeValue(value), mono: typeof value === 'string' && /[/:]/.test(value) };
}

/** 3600 → "1h", 5400 → "1h 30m", 45 → "45s". */
export function formatSeconds(value: unknown): string | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0) return undefined;
  if (n === 0) return '0s';
  const parts: string[] = [];
  let rest = Math.round(n);
  for (const [unit, size] of [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.slice(0, 2).join(' ');
}

/** spec.resources → "4 CPU · 16 GiB · 1× H100". */
export function describeResources(resources: unknown): string | undefined {
  if (!isRecord(resources)) return undefined;
  const parts: string[] = [];
  if (typeof resources.cpu === 'number') parts.push(`${resources.cpu} CPU`);
  if (typeof resources.memoryGiB === 'number') parts.push(`${resources.memoryGiB} GiB`);
  const gpu = isRecord(resources.gpu) ? resources.gpu : undefined;
  if (gpu && typeof gpu.count === 'number' && gpu.count > 0)
    parts.push(`${gpu.count}× ${typeof gpu.type === 'string' ? gpu.type : 'GPU'}`);
  return parts.length ? parts.join(' · ') : undefined;
}

/** spec.placement → "us-east, eu-west · spot · High priority · ≤ $2.00/h". */
export function describePlacement(placement: unknown): string | undefined {
  if (!isRecord(placement)) return undefined;
  const parts: string[] = [];
  const regions = Array.isArray(placement.regions)
    ? placement.regions.filter((r): r is string => typeof r === 'string')
    : [];
  parts.push(regions.length ? regions.join(', ') : 'any region');
  if (placement.spot === true) parts.push('spot');
  if (typeof placement.priority === 'string' && placement.priority !== 'Normal')
    parts.push(`${placement.priority} priority`);
  if (typeof placement.maxRateUSDPerHour === 'string') parts.push(`≤ ${formatRateUSD(placement.maxRateUSDPerHour)!}`);
  return parts.join(' · ');
}

/** ["python", "train.py", "--lr", "3e-4"] → "python train.py --lr 3e-4" (arguments with spaces quoted). */
export function describeCommand(command: unknown, args?: unknown): string | undefined {
  const words = [...(Array.isArray(command) ? command : []), ...(Array.isArray(args) ? args : [])].filter(
    (w): w is string => typeof w === 'string',
  );
  if (!words.length) return undefined;
  return words.map((w) => (/[\s"']/.test(w) || w === '' ? JSON.stringify(w) : w)).join(' ');
}

/** Leaves out facts without a value, so a summary lists only what the object says. */
export function facts(
  ...entries: (
    Fact | false | undefined | { label: string; value: string | undefined; mono?: boolean; time?: boolean }
  )[]
): Fact[] {
  return entries.filter((f): f is Fact => !!f && typeof f.value === 'string' && f.value !== '');
}
