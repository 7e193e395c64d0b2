/**
 * Events on the wire: what happened to an object, who did it and why, in the two shapes Kubernetes serves them
 * (events.k8s.io/v1 and the core v1 one). Nodus writes them; clients only read and watch them. Constants and
 * shapes only, like protocol.ts, so both the mock and the console can import it.
 */
import type { ObjectMeta } from './protocol.ts';

export const EVENTS_GROUP = 'events.k8s.io';
export const EVENTS_API_VERSION = `${EVENTS_GROUP}/v1`;
export const EVENTS_PLURAL = 'events';

/** The user whose request caused the event (absent for what Nodus did on its own). */
export const ANNOTATION_ACTOR = 'nodus.dev/actor';
/** The X-Request-Id of that request: quote it to support, or find the call in the console's call log. */
export const ANNOTATION_REQUEST_ID = 'nodus.dev/request-id';

/** Who reports: the API for what a request did, the controller for what Nodus did on its own. */
export const CONTROLLER_API = 'nodus.dev/api';
export const CONTROLLER_LIFECYCLE = 'nodus.dev/controller';

export type EventType = 'Normal' | 'Warning';

export interface EventObjectReference {
  kind: string;
  apiVersion: string;
  namespace?: string;
  name: string;
  uid?: string;
  resourceVersion?: string;
}

export interface EventSeries {
  /** How many times it happened, the first included. */
  count: number;
  /** When it last happened (RFC 3339 with microseconds). */
  lastObservedTime: string;
}

/** What an events.k8s.io/v1 Event and a core v1 Event share, field for field. */
interface EventCommon {
  kind: 'Event';
  metadata: ObjectMeta;
  /** When it first happened (RFC 3339 with microseconds). */
  eventTime: string;
  /** Present once it happened more than once within 10 minutes. */
  series?: EventSeries;
  action: string;
  /** Why, in one CamelCase word (docs/API.md lists them). */
  reason: string;
  related?: EventObjectReference;
  reportingInstance: string;
  type: EventType;
}

/** The events.k8s.io/v1 shape. */
export interface NodusEvent extends EventCommon {
  apiVersion: typeof EVENTS_API_VERSION;
  regarding: EventObjectReference;
  note: string;
  reportingController: string;
  deprecatedSource: { component: string };
  deprecatedFirstTimestamp: string;
  deprecatedLastTimestamp: string;
  deprecatedCount: number;
}

/** The core v1 shape of the same Event (`/api/v1/.../events`, what kubectl get events and kubectl events read). */
export interface CoreEvent extends EventCommon {
  apiVersion: 'v1';
  involvedObject: EventObjectReference;
  message: string;
  reportingComponent: string;
  source: { component: string };
  firstTimestamp: string;
  lastTimestamp: string;
  count: number;
}
