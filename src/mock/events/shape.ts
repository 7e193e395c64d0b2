/**
 * The Event object as it is stored (events.k8s.io/v1, with the deprecated* fields filled so that the core v1 view
 * has its count and timestamps), and the core v1 view of it, mapped field for field as Kubernetes converts them.
 */
import { hostname } from 'node:os';
import {
  ANNOTATION_ACTOR,
  ANNOTATION_REQUEST_ID,
  EVENTS_API_VERSION,
  type CoreEvent,
  type EventObjectReference,
  type EventType,
  type NodusEvent,
} from '@/shared/events.ts';
import type { NodusObject } from '@/shared/protocol.ts';

/** An Event as the store holds it: a NodusObject with the events.k8s.io/v1 fields. */
export type StoredEvent = NodusObject & Omit<NodusEvent, 'metadata'>;

/** Kubernetes caps a note at 1 kB; a longer one is cut, saying so. */
export const MAX_NOTE = 1024;

/** Who a request came from, and the request, for the event's annotations. */
export interface Actor {
  username: string;
  requestId?: string | undefined;
}

/** RFC 3339 with microseconds (Kubernetes' MicroTime), which eventTime and series.lastObservedTime use. */
export function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/Z$/, '000Z');
}

/** RFC 3339 in whole seconds (Kubernetes' Time), which the deprecated* timestamps use. */
export function secondsTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function referenceTo(obj: NodusObject): EventObjectReference {
  return {
    kind: obj.kind,
    apiVersion: obj.apiVersion,
    ...(obj.metadata.namespace ? { namespace: obj.metadata.namespace } : {}),
    name: obj.metadata.name ?? '',
    ...(obj.metadata.uid ? { uid: obj.metadata.uid } : {}),
    ...(obj.metadata.resourceVersion ? { resourceVersion: obj.metadata.resourceVersion } : {}),
  };
}

export function clipNote(note: string): string {
  const flat = note.trim();
  return flat.length <= MAX_NOTE ? flat : `${flat.slice(0, MAX_NOTE - 1)}…`;
}

const HOST = hostname();

/** Which process reported it: the reporting controller's last word and this host, as a pod name would say. */
export function instanceOf(controller: string): string {
  return `${controller.split('/').pop()}-${HOST}`.slice(0, 128);
}

export interface EventInit {
  name: string;
  uid: string;
  regarding: EventObjectReference;
  related?: EventObjectReference | undefined;
  reason: string;
  note: string;
  type: EventType;
  action: string;
  controller: string;
  actor?: Actor | undefined;
  /** When it happened (ms since the epoch). */
  at: number;
}

function actorAnnotations(actor: Actor | undefined): Record<string, string> | undefined {
  if (!actor) return undefined;
  return {
    [ANNOTATION_ACTOR]: actor.username,
    ...(actor.requestId ? { [ANNOTATION_REQUEST_ID]: actor.requestId } : {}),
  };
}

export function newEvent(init: EventInit): StoredEvent {
  const annotations = actorAnnotations(init.actor);
  return {
    apiVersion: EVENTS_API_VERSION,
    kind: 'Event',
    metadata: {
      name: init.name,
      namespace: init.regarding.namespace ?? '',
      uid: init.uid,
      creationTimestamp: secondsTime(init.at),
      ...(annotations ? { annotations } : {}),
    },
    eventTime: microTime(init.at),
    reportingController: init.controller,
    reportingInstance: instanceOf(init.controller),
    action: init.action,
    reason: init.reason,
    regarding: init.regarding,
    ...(init.related ? { related: init.related } : {}),
    note: init.note,
    type: init.type,
    deprecatedSource: { component: init.controller },
    deprecatedFirstTimestamp: secondsTime(init.at),
    deprecatedLastTimestamp: secondsTime(init.at),
    deprecatedCount: 1,
  };
}

/** The event once more: series counts it, and the annotations name the latest request. */
export function repeated(event: StoredEvent, count: number, at: number, actor: Actor | undefined): StoredEvent {
  const { [ANNOTATION_ACTOR]: _actor, [ANNOTATION_REQUEST_ID]: _request, ...others } = event.metadata.annotations ?? {};
  const annotations = { ...others, ...actorAnnotations(actor) };
  const { annotations: _old, ...metadata } = event.metadata;
  return {
    ...event,
    metadata: Object.keys(annotations).length ? { ...metadata, annotations } : metadata,
    series: { count, lastObservedTime: microTime(at) },
    deprecatedLastTimestamp: secondsTime(at),
    deprecatedCount: count,
  };
}

/** When it last happened, in ms. */
export function lastObserved(event: StoredEvent): number {
  return Date.parse(event.series?.lastObservedTime ?? event.eventTime);
}

/** The core v1 view: regarding → involvedObject, note → message, reportingController → reportingComponent, and so on. */
export function toCore(event: NodusObject): CoreEvent {
  const e = event as StoredEvent;
  return {
    kind: 'Event',
    apiVersion: 'v1',
    metadata: e.metadata,
    involvedObject: e.regarding,
    reason: e.reason,
    message: e.note,
    source: e.deprecatedSource,
    firstTimestamp: e.deprecatedFirstTimestamp,
    lastTimestamp: e.deprecatedLastTimestamp,
    count: e.deprecatedCount,
    type: e.type,
    eventTime: e.eventTime,
    ...(e.series ? { series: e.series } : {}),
    action: e.action,
    ...(e.related ? { related: e.related } : {}),
    reportingComponent: e.reportingController,
    reportingInstance: e.reportingInstance,
  };
}
