/**
 * The Event's OpenAPI v3 schema in both shapes (what `kubectl explain events` and `kubectl explain
 * events.events.k8s.io` print), and their read-only paths: the events.k8s.io/v1 document whole, and the core
 * paths and schemas that the core v1 document (routes/openapi-core.ts) adds to its own.
 */
import { EVENTS_API_VERSION, EVENTS_GROUP } from '@/shared/events.ts';
import type { Schema } from '../schema/schema.ts';

const text = (description: string): Schema => ({ type: 'string', description });
const micro = (description: string): Schema => ({ type: 'string', format: 'date-time', description });
const count = (description: string): Schema => ({ type: 'integer', format: 'int32', description });

const reference = (description: string): Schema => ({
  type: 'object',
  description,
  properties: {
    kind: text('Its kind (Job, Sandbox, Budget, ...).'),
    apiVersion: text('Its API version, such as nodus.dev/v1.'),
    namespace: text('Its project.'),
    name: text('Its name.'),
    uid: text('Its uid: tells apart two objects of the same name, one deleted and one created since.'),
    resourceVersion: text('Its resourceVersion when the event was recorded.'),
  },
});

const metadata: Schema = {
  type: 'object',
  description: 'Standard object metadata. The annotations name who caused it and the request (see the API reference).',
  properties: {
    name: text("The object's name, a dot, and the time it was first recorded in nanoseconds, in hex."),
    namespace: text('The project of the object it is about.'),
    uid: text('A stable id such as evt_01j9...'),
    resourceVersion: text('Changes on every write (a repeat counted in series); opaque.'),
    creationTimestamp: { type: 'string', format: 'date-time', description: 'When it was first recorded.' },
    annotations: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description:
        'nodus.dev/actor: the user whose request caused it; nodus.dev/request-id: that request (its X-Request-Id). Absent for what Nodus did on its own.',
    },
    labels: { type: 'object', additionalProperties: { type: 'string' }, description: 'None are set.' },
  },
};

const series: Schema = {
  type: 'object',
  description: 'Present once it happened again within 10 minutes: repeats count here instead of making new events.',
  properties: {
    count: count('How many times it happened, the first included.'),
    lastObservedTime: micro('When it last happened.'),
  },
};

const both: Record<string, Schema> = {
  eventTime: micro('When it first happened (RFC 3339 with microseconds).'),
  series,
  action: text('What was done: Create, Update, Suspend, Delete, Transition, Alert, Invoke, ...'),
  reason: text(
    'Why, in one CamelCase word: Created, SpecUpdated, Failed, MaxCostReached, ... (the API reference lists them).',
  ),
  related: reference(
    'A second object it involved: the Job a Pipeline started, the object whose charge crossed a Budget.',
  ),
  reportingInstance: text('The process that reported it.'),
  type: { type: 'string', enum: ['Normal', 'Warning'], description: 'Warning for what needs attention.' },
};

const EVENTS_GVK = [{ group: EVENTS_GROUP, version: 'v1', kind: 'Event' }];
const CORE_GVK = [{ group: '', version: 'v1', kind: 'Event' }];

const eventsEvent: Schema = {
  type: 'object',
  description: 'Something that happened to an object, who did it and why; written by Nodus only, kept 24 hours.',
  properties: {
    apiVersion: text(`Always ${EVENTS_API_VERSION}.`),
    kind: text('Always Event.'),
    metadata,
    regarding: reference('The object it happened to.'),
    note: text('What happened, for a person (at most 1 kB).'),
    reportingController: text(
      'Who reported it: nodus.dev/api for what a request did, nodus.dev/controller for what Nodus did.',
    ),
    ...both,
    deprecatedSource: {
      type: 'object',
      description: "The core API's source: its component is the reporting controller.",
      properties: { component: text('The reporting controller.') },
    },
    deprecatedFirstTimestamp: { type: 'string', format: 'date-time', description: 'eventTime, in whole seconds.' },
    deprecatedLastTimestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When it last happened, in whole seconds.',
    },
    deprecatedCount: count('How many times it happened (1, or series.count).'),
  },
  'x-kubernetes-group-version-kind': EVENTS_GVK,
};

const coreEvent: Schema = {
  type: 'object',
  description:
    'The core v1 shape of an Event (the same event as events.k8s.io/v1 serves), for kubectl get events and kubectl events.',
  properties: {
    apiVersion: text('Always v1.'),
    kind: text('Always Event.'),
    metadata,
    involvedObject: reference('The object it happened to (regarding in events.k8s.io/v1).'),
    message: text('What happened (note in events.k8s.io/v1).'),
    reportingComponent: text('Who reported it (reportingController in events.k8s.io/v1).'),
    source: {
      type: 'object',
      description: 'Who reported it, the older way.',
      properties: { component: text('The reporting controller.') },
    },
    firstTimestamp: { type: 'string', format: 'date-time', description: 'When it first happened.' },
    lastTimestamp: { type: 'string', format: 'date-time', description: 'When it last happened.' },
    count: count('How many times it happened.'),
    ...both,
  },
  'x-kubernetes-group-version-kind': CORE_GVK,
};

function list(ref: string, gvk: { group: string; version: string; kind: string }[]): Schema {
  return {
    type: 'object',
    description: 'A page of Events.',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object', properties: { resourceVersion: { type: 'string' }, continue: { type: 'string' } } },
      items: { type: 'array', items: { $ref: `#/components/schemas/${ref}` } as unknown as Schema },
    },
    'x-kubernetes-group-version-kind': gvk.map((g) => ({ ...g, kind: 'EventList' })),
  };
}

const query = (name: string, description: string) => ({ name, in: 'query', description, schema: { type: 'string' } });
const LIST_PARAMETERS = [
  query(
    'fieldSelector',
    'regarding.name, regarding.kind, regarding.uid, reason, type, ... (involvedObject.* in core v1).',
  ),
  query('labelSelector', 'Labels to select on.'),
  query('limit', 'At most this many (default 500, up to 1,000); follow metadata.continue for more.'),
  query('continue', "The previous page's metadata.continue."),
  query('resourceVersion', "Watch from here (a list's metadata.resourceVersion)."),
  query('watch', 'true: stream ADDED, MODIFIED (a repeat) and DELETED (expired) events.'),
  query('allowWatchBookmarks', 'true: a BOOKMARK every 30 s to resume from.'),
];

/**
 * Writes are listed too, answering 405: kubectl decides from a write's operation whether the server checks fields
 * (fieldValidation), and without one it validates against OpenAPI v2, which is not served, and fails on that
 * instead of showing the server's reason.
 */
function refused(action: string, operationId: string, gvk: { group: string; version: string; kind: string }) {
  return {
    operationId,
    parameters: [query('fieldValidation', 'Accepted and of no use: every write of an Event is refused.')],
    responses: {
      405: {
        description: 'Events are written by Nodus only: a Status (reason MethodNotAllowed) says so, and what to do.',
      },
    },
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk,
  };
}

/** The paths of one API's Events: list and watch (a project, all projects) and get; writes answer 405. */
function paths(root: string, schema: string, gvk: { group: string; version: string; kind: string }, id: string) {
  const ok = (ref: string) => ({
    description: 'OK',
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
  });
  const op = (action: string, operationId: string, ref: string, parameters: unknown[] = []) => ({
    operationId,
    parameters,
    responses: { 200: ok(ref) },
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk,
  });
  const namespace = { name: 'namespace', in: 'path', required: true, schema: { type: 'string' } };
  const name = { name: 'name', in: 'path', required: true, schema: { type: 'string' } };
  return {
    [`${root}/namespaces/{namespace}/events`]: {
      parameters: [namespace],
      get: op('list', `listNamespaced${id}Event`, `${schema}List`, LIST_PARAMETERS),
      post: refused('post', `createNamespaced${id}Event`, gvk),
    },
    [`${root}/namespaces/{namespace}/events/{name}`]: {
      parameters: [namespace, name],
      get: op('get', `readNamespaced${id}Event`, schema),
      put: refused('put', `replaceNamespaced${id}Event`, gvk),
      patch: refused('patch', `patchNamespaced${id}Event`, gvk),
      delete: refused('delete', `deleteNamespaced${id}Event`, gvk),
    },
    [`${root}/events`]: { get: op('list', `list${id}EventForAllNamespaces`, `${schema}List`, LIST_PARAMETERS) },
  };
}

const EVENTS_SCHEMA = 'io.k8s.api.events.v1.Event';
const CORE_SCHEMA = 'io.k8s.api.core.v1.Event';

export function eventsOpenApi() {
  return {
    openapi: '3.0.0',
    info: { title: 'Events', version: 'v1', description: 'What happened to objects; written by Nodus, read-only.' },
    paths: paths(`/apis/${EVENTS_API_VERSION}`, EVENTS_SCHEMA, EVENTS_GVK[0]!, 'EventsV1'),
    components: {
      schemas: { [EVENTS_SCHEMA]: eventsEvent, [`${EVENTS_SCHEMA}List`]: list(EVENTS_SCHEMA, EVENTS_GVK) },
    },
  };
}

/** What the core v1 document adds for Events. */
export function coreEventsOpenApi() {
  return {
    paths: paths('/api/v1', CORE_SCHEMA, CORE_GVK[0]!, 'CoreV1'),
    schemas: { [CORE_SCHEMA]: coreEvent, [`${CORE_SCHEMA}List`]: list(CORE_SCHEMA, CORE_GVK) },
  };
}
