/**
 * Events as the console shows them: one row per Event, newest first, with who caused it and the request that did,
 * and the filters of the Activity view (kind, reason, person, warnings only), all read from the events.k8s.io/v1
 * shape the API serves.
 */
import {
  ANNOTATION_ACTOR,
  ANNOTATION_REQUEST_ID,
  type EventObjectReference,
  type NodusEvent,
} from '@/shared/events.ts';

export interface EventRow {
  /** The Event's uid (its name when it has none). */
  id: string;
  /** When it last happened, in ms: a repeated Event moves with each repeat. */
  at: number;
  /** The same, as the API wrote it (for a <time> element). */
  time: string;
  warning: boolean;
  reason: string;
  note: string;
  /** How many times it happened (1 unless repeated within ten minutes). */
  count: number;
  /** The user whose request caused it; undefined for what Nodus did on its own. */
  actor: string | undefined;
  /** The X-Request-Id of that request. */
  requestId: string | undefined;
  regarding: EventObjectReference;
  /** Who reported it (the API for a request, the controller for what Nodus did). */
  reporter: string;
}

export function eventRow(event: NodusEvent): EventRow {
  const time = event.series?.lastObservedTime ?? event.eventTime ?? event.metadata.creationTimestamp ?? '';
  const at = Date.parse(time);
  const annotations = event.metadata.annotations ?? {};
  return {
    id: event.metadata.uid ?? event.metadata.name ?? '',
    at: Number.isNaN(at) ? 0 : at,
    time,
    warning: event.type === 'Warning',
    reason: event.reason ?? '',
    note: event.note ?? '',
    count: event.series?.count ?? 1,
    actor: annotations[ANNOTATION_ACTOR] || undefined,
    requestId: annotations[ANNOTATION_REQUEST_ID] || undefined,
    regarding: event.regarding ?? { kind: '', apiVersion: '', name: '' },
    reporter: event.reportingController ?? '',
  };
}

/**
 * Rows by the Event they were made from. A watch replaces an object when it changes and keeps it otherwise, so an
 * unchanged Event keeps its row: a busy project's view builds only the new rows each time, and a row that did not
 * change is the same object, which its memoized item skips.
 */
const rowCache = new WeakMap<NodusEvent, { row: EventRow; rv: number }>();

function cachedRow(event: NodusEvent): { row: EventRow; rv: number } {
  let entry = rowCache.get(event);
  if (!entry) {
    entry = { row: eventRow(event), rv: Number(event.metadata.resourceVersion ?? 0) };
    rowCache.set(event, entry);
  }
  return entry;
}

/** Newest first; at the same moment, the later-created Event first (by resourceVersion, which only grows). */
export function eventRows(events: readonly NodusEvent[]): EventRow[] {
  const rows = events.map(cachedRow);
  rows.sort((a, b) => b.row.at - a.row.at || b.rv - a.rv);
  return rows.map((r) => r.row);
}

export interface EventFilter {
  kind?: string | undefined;
  reason?: string | undefined;
  /** A user's name; NODUS_ITSELF for what Nodus did on its own. */
  actor?: string | undefined;
  warnings?: boolean | undefined;
  /** One request's events (a requestId from the Support panel). */
  request?: string | undefined;
}

/** The person filter's value for events no request caused. */
export const NODUS_ITSELF = '-';

export function matches(row: EventRow, filter: EventFilter): boolean {
  if (filter.kind && row.regarding.kind !== filter.kind) return false;
  if (filter.reason && row.reason !== filter.reason) return false;
  if (filter.actor && (row.actor ?? NODUS_ITSELF) !== filter.actor) return false;
  if (filter.warnings && !row.warning) return false;
  if (filter.request && row.requestId !== filter.request) return false;
  return true;
}

export interface Facets {
  kinds: string[];
  reasons: string[];
  actors: string[];
  /** Whether some events were caused by no request (Nodus on its own). */
  nodus: boolean;
}

/** The values each filter can take, from the events at hand, sorted; a value in use stays offered. */
export function facetsOf(rows: readonly EventRow[], inUse: EventFilter = {}): Facets {
  const kinds = new Set<string>();
  const reasons = new Set<string>();
  const actors = new Set<string>();
  let nodus = false;
  for (const row of rows) {
    if (row.regarding.kind) kinds.add(row.regarding.kind);
    if (row.reason) reasons.add(row.reason);
    if (row.actor) actors.add(row.actor);
    else nodus = true;
  }
  if (inUse.kind) kinds.add(inUse.kind);
  if (inUse.reason) reasons.add(inUse.reason);
  if (inUse.actor && inUse.actor !== NODUS_ITSELF) actors.add(inUse.actor);
  const sorted = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b));
  return { kinds: sorted(kinds), reasons: sorted(reasons), actors: sorted(actors), nodus };
}

/** "SpecUpdated" → "Spec updated": reasons are CamelCase words. */
export function reasonLabel(reason: string): string {
  const words = reason.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  return words.charAt(0) + words.slice(1).toLowerCase();
}
