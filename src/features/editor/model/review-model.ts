/**
 * What a review shows, computed from the draft and the server's dry-run answer: the fields the server filled in
 * (defaults and server-set metadata), the object as YAML for the read-only view, the Warning headers as
 * sentences, and how two estimates differ. Pure functions, unit-tested.
 */
import { stringify } from 'yaml';
import type { Estimate, NodusObject } from '@/shared/protocol.ts';

// Parsed where the answers are read (src/data/objects.ts); kept here for what a review shows.
export { parseWarnings } from '@/data/client/index.ts';

export interface ServerAddition {
  /** Field path in the cause style: spec.resources.gpu.count, metadata.labels[nodus.dev/created-by]. */
  path: string;
  value: unknown;
  /** `default`: the schema's default for a field the draft left out; `server`: metadata the server sets. */
  origin: 'default' | 'server';
  /** When the draft had the field with another value (the server normalized it). */
  draftValue?: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function childPath(parent: string, key: string, inMetadataMap: boolean): string {
  return inMetadataMap || /[.[\]/]/.test(key) ? `${parent}[${key}]` : `${parent}.${key}`;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function walk(
  server: unknown,
  draft: unknown,
  path: string,
  origin: ServerAddition['origin'],
  out: ServerAddition[],
  mapOfStrings: boolean,
): void {
  if (isPlainObject(server) && isPlainObject(draft)) {
    for (const [key, value] of Object.entries(server)) {
      walk(value, draft[key], childPath(path, key, mapOfStrings), origin, out, false);
    }
    return;
  }
  if (draft === undefined) out.push({ path, value: server, origin });
  else if (!same(server, draft)) out.push({ path, value: server, origin, draftValue: draft });
}

/** Server-owned metadata that says nothing about what the object will do (and is a placeholder in a dry-run). */
const QUIET_METADATA = new Set([
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'managedFields',
  'namespace',
  'name',
]);

/** What the server added to (or changed in) the draft, highest missing field first (a whole block counts once). */
export function serverAdditions(draft: Record<string, unknown>, server: NodusObject): ServerAddition[] {
  const out: ServerAddition[] = [];
  walk(server.spec ?? {}, isPlainObject(draft.spec) ? draft.spec : {}, 'spec', 'default', out, false);
  const draftMeta = isPlainObject(draft.metadata) ? draft.metadata : {};
  for (const [key, value] of Object.entries(server.metadata ?? {})) {
    if (QUIET_METADATA.has(key)) continue;
    const draftValue = draftMeta[key];
    if (key === 'labels' || key === 'annotations')
      walk(value, isPlainObject(draftValue) ? draftValue : {}, `metadata.${key}`, 'server', out, true);
    else if (!same(value, draftValue))
      out.push({
        path: `metadata.${key}`,
        value,
        origin: 'server',
        ...(draftValue === undefined ? {} : { draftValue }),
      });
  }
  return out;
}

/** The object as the server would create it, for reading: no status (the estimate is shown on its own), no placeholders. */
export function reviewedObjectYaml(server: NodusObject): string {
  const { status: _status, ...rest } = server;
  const metadata: Record<string, unknown> = { ...server.metadata };
  for (const key of ['uid', 'resourceVersion', 'generation', 'creationTimestamp', 'managedFields'])
    delete metadata[key];
  return stringify({ ...rest, metadata }, { lineWidth: 0 });
}

/** One short line for a value in a list: scalars as they are, small maps and lists inline. */
export function inlineValue(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (value === null || value === undefined) return 'null';
  if (typeof value !== 'object') return String(value);
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export type EstimateField = 'costUSD' | 'firstHoldUSD' | 'rateUSDPerHour' | 'startTime' | 'priceBookVersion';
export const ESTIMATE_FIELDS: readonly EstimateField[] = [
  'costUSD',
  'firstHoldUSD',
  'rateUSDPerHour',
  'startTime',
  'priceBookVersion',
];

/** The estimate fields that differ (start times are ignored: they move with the clock). */
export function estimateChanges(before: Estimate | undefined, after: Estimate | undefined): EstimateField[] {
  if (!before || !after) return before === after ? [] : ['costUSD'];
  return ESTIMATE_FIELDS.filter((f) => f !== 'startTime' && before[f] !== after[f]);
}

/** Only the hourly rate moved: the review's ETag still holds, and the launch is capped at the reviewed rate + 10 %. */
export function onlyRateMoved(before: Estimate | undefined, after: Estimate | undefined): boolean {
  const changes = estimateChanges(before, after);
  return (
    changes.length > 0 &&
    changes.every((f) => f === 'rateUSDPerHour' || f === 'costUSD' || f === 'firstHoldUSD') &&
    changes.includes('rateUSDPerHour')
  );
}
