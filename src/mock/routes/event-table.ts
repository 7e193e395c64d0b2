/**
 * How Events print as a Table, with the columns and cells Kubernetes' own event printer has, so `kubectl get
 * events` reads like a cluster's: LAST SEEN, TYPE, REASON, OBJECT, MESSAGE, and with -o wide SUBOBJECT, SOURCE,
 * FIRST SEEN, COUNT and NAME. Both APIs print the same; each serves its own shape of the event in a row.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import { lastObserved, toCore, type StoredEvent } from '../events/shape.ts';
import { humanDuration, type ColumnDefinition, type Printer } from './table.ts';

function column(name: string, description: string, priority = 0, format = ''): ColumnDefinition {
  return { name, type: 'string', format, description, priority };
}

const COLUMNS: ColumnDefinition[] = [
  column('Last Seen', 'How long ago it last happened (series.lastObservedTime, else eventTime).'),
  column('Type', 'Normal, or Warning for what needs attention.'),
  column('Reason', 'Why, in one CamelCase word.'),
  column('Object', 'The object it happened to (regarding), as kind/name.'),
  column('Subobject', 'A part of the object (regarding.fieldPath); Nodus sets none.', 1),
  column('Source', 'Who reported it (reportingController) and where (reportingInstance).', 1),
  column('Message', 'What happened (note).'),
  column('First Seen', 'How long ago it first happened (eventTime).', 1),
  column('Count', 'How many times it happened (series.count, or 1).', 1),
  column('Name', "The Event's own name: the object's, then the time in hex.", 1, 'name'),
];

function since(now: number, ms: number): string {
  return Number.isNaN(ms) ? '<unknown>' : humanDuration(now - ms);
}

function cells(obj: NodusObject, now: number): unknown[] {
  const e = obj as StoredEvent;
  const kind = e.regarding.kind.toLowerCase();
  return [
    since(now, lastObserved(e)),
    e.type,
    e.reason,
    e.regarding.name ? `${kind}/${e.regarding.name}` : kind,
    '',
    e.reportingInstance ? `${e.reportingController}, ${e.reportingInstance}` : e.reportingController,
    e.note.trim(),
    since(now, Date.parse(e.eventTime)),
    e.series?.count ?? e.deprecatedCount ?? 1,
    e.metadata.name ?? '',
  ];
}

/** events.k8s.io/v1: rows carry the event as it is stored. */
export const EVENT_PRINTER: Printer = { columns: COLUMNS, cells };

/** The core v1 API: rows, lists, single reads and watch events carry the core shape. */
export const CORE_EVENT_PRINTER: Printer = { columns: COLUMNS, cells, shape: toCore };
