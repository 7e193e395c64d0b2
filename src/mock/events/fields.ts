/**
 * The field selectors Events take, with the names each API serves, as Kubernetes converts them: events.k8s.io
 * says regarding.* and reportingController, the core API involvedObject.*, reportingComponent and source. Both
 * read the same stored event. A name of the other API is refused with the one to use instead.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import type { FieldSet } from '../store/selectors.ts';
import type { StoredEvent } from './shape.ts';

type Read = (e: StoredEvent) => string;

const REFERENCE = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'] as const;

const reference = (field: (typeof REFERENCE)[number]): Read =>
  field === 'fieldPath' ? () => '' : (e) => e.regarding[field] ?? '';

const COMMON: Record<string, Read> = {
  'metadata.name': (e) => e.metadata.name ?? '',
  'metadata.namespace': (e) => e.metadata.namespace ?? '',
  reason: (e) => e.reason,
  type: (e) => e.type,
};

/** Each events.k8s.io name with its core one. */
const RENAMED: [string, string][] = [
  ...REFERENCE.map((f): [string, string] => [`regarding.${f}`, `involvedObject.${f}`]),
  ['reportingController', 'reportingComponent'],
  ['deprecatedSource', 'source'],
];

function fieldSet(names: Record<string, Read>, other: Map<string, string>, api: string): FieldSet {
  const read: FieldSet['read'] = {};
  for (const [name, get] of Object.entries(names)) read[name] = (obj: NodusObject) => get(obj as StoredEvent);
  return {
    read,
    hint: (field) => {
      const instead = other.get(field);
      return instead
        ? `${api} names it ${instead}: select on ${instead} here.`
        : `Select on one of: ${Object.keys(read).join(', ')}.`;
    },
  };
}

const source: Read = (e) => e.deprecatedSource.component;
const controller: Read = (e) => e.reportingController;

export const EVENTS_FIELDS = fieldSet(
  {
    ...COMMON,
    ...Object.fromEntries(REFERENCE.map((f) => [`regarding.${f}`, reference(f)])),
    reportingController: controller,
    deprecatedSource: source,
  },
  new Map(RENAMED.map(([events, core]) => [core, events])),
  'events.k8s.io/v1',
);

export const CORE_FIELDS = fieldSet(
  {
    ...COMMON,
    ...Object.fromEntries(REFERENCE.map((f) => [`involvedObject.${f}`, reference(f)])),
    reportingComponent: controller,
    source,
  },
  new Map(RENAMED),
  'The core v1 API',
);
