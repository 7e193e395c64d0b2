/**
 * How discovery lists Events: the group events.k8s.io (v1) with one resource, and `events` among the core v1
 * resources. Read-only: get, list and watch, so kubectl knows there is nothing to create.
 */
import { EVENTS_API_VERSION, EVENTS_GROUP, EVENTS_PLURAL } from '@/shared/events.ts';

const VERSION = 'v1';
export const EVENT_VERBS = ['get', 'list', 'watch'];

function groupVersion() {
  return { groupVersion: EVENTS_API_VERSION, version: VERSION };
}

/** An entry of an APIResourceList, the same in both groups. */
export function eventsResource() {
  return {
    name: EVENTS_PLURAL,
    singularName: 'event',
    namespaced: true,
    kind: 'Event',
    verbs: EVENT_VERBS,
    shortNames: ['ev'],
  };
}

/** The group's entry in `/apis`. */
export function eventsGroup() {
  return { name: EVENTS_GROUP, versions: [groupVersion()], preferredVersion: groupVersion() };
}

export function eventsApiGroup() {
  return { kind: 'APIGroup', apiVersion: 'v1', ...eventsGroup() };
}

export function eventsResources() {
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: EVENTS_API_VERSION, resources: [eventsResource()] };
}

/** A resource entry of aggregated discovery (apidiscovery.k8s.io); `group` is '' for the core one. */
export function eventsAggregatedResource(group: string) {
  return {
    resource: EVENTS_PLURAL,
    responseKind: { group, version: VERSION, kind: 'Event' },
    scope: 'Namespaced',
    singularResource: 'event',
    verbs: EVENT_VERBS,
    shortNames: ['ev'],
  };
}

/** The group's entry in aggregated discovery. */
export function eventsAggregated() {
  return {
    metadata: { name: EVENTS_GROUP, creationTimestamp: null },
    versions: [{ version: VERSION, resources: [eventsAggregatedResource(EVENTS_GROUP)], freshness: 'Current' }],
  };
}
