/**
 * Events, read-only, in two shapes of the same stored objects: events.k8s.io/v1 (`/apis/events.k8s.io/v1/...`) and
 * core v1 (`/api/v1/.../events`, what kubectl get events, kubectl events and kubectl describe read). List (limit,
 * continue, selectors), get, watch (resourceVersion, bookmarks, 410 Expired), and Tables for kubectl. Nodus writes
 * events itself (events/); a client's write is refused with a Status that says so.
 */
import { EVENTS_API_VERSION, EVENTS_GROUP, EVENTS_PLURAL } from '@/shared/events.ts';
import { boolQuery, query, sendJson, type Ctx } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import { eventsApiGroup, eventsResources } from '../events/discovery.ts';
import { CORE_FIELDS, EVENTS_FIELDS } from '../events/fields.ts';
import { listObjects } from '../objects/list.ts';
import { awaitReadVersion } from '../objects/versions.ts';
import { serveWatch } from '../objects/watch.ts';
import type { MockState } from '../state.ts';
import { CORE_EVENT_PRINTER, EVENT_PRINTER } from './event-table.ts';
import { sendList, sendObject, tableWatch } from './negotiate.ts';
import { requireProject } from './projects.ts';
import { notFoundPath } from './replies.ts';

export type EventsApi = 'core' | 'events';

const APIS = {
  core: { apiVersion: 'v1', group: '', printer: CORE_EVENT_PRINTER, fields: CORE_FIELDS },
  events: { apiVersion: EVENTS_API_VERSION, group: EVENTS_GROUP, printer: EVENT_PRINTER, fields: EVENTS_FIELDS },
};

function writtenByNodus(ctx: Ctx): ApiFailure {
  ctx.req.resume();
  return new ApiFailure(
    'MethodNotAllowed',
    `${ctx.method} is not supported on ${ctx.url.pathname}: Events are written by Nodus only, as it records what happens to objects; they take GET`,
    {
      fix: 'Read them with GET, or kubectl get events / kubectl events --for <kind>/<name>; to note something of your own on an object, set an annotation on it.',
    },
  );
}

/** `namespace` undefined: across all projects. */
export async function serveEvents(
  state: MockState,
  ctx: Ctx,
  api: EventsApi,
  namespace: string | undefined,
  name?: string,
): Promise<void> {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw writtenByNodus(ctx);
  if (namespace !== undefined) requireProject(state, namespace, 'read');
  const { apiVersion, group, printer, fields } = APIS[api];
  if (name !== undefined) {
    await awaitReadVersion(state, query(ctx, 'resourceVersion'));
    const event = namespace === undefined ? undefined : state.store.get(EVENTS_PLURAL, namespace, name);
    if (!event) {
      throw new ApiFailure('NotFound', `Event "${name}" not found in project "${namespace}"`, {
        details: { kind: 'Event', name, group },
        fix: `Events expire ${Math.round(state.config.eventTtlSeconds / 3600) || '<1'} h after they last happened; list them with kubectl get events -n ${namespace}.`,
      });
    }
    return sendObject(ctx, event, printer, state.now());
  }
  if (boolQuery(ctx, 'watch')) {
    const target = { resource: EVENTS_PLURAL, namespace, apiVersion, kind: 'Event', fields };
    return serveWatch(
      state,
      ctx,
      tableWatch(ctx, target, printer, () => state.now()),
    );
  }
  const list = await listObjects(state, {
    resource: EVENTS_PLURAL,
    namespace,
    listKind: 'EventList',
    apiVersion,
    params: ctx.url.searchParams,
    fields,
    // Across projects, a key sees the events of the projects it may read.
    visible: ctx.access?.visible,
  });
  sendList(ctx, list, printer, state.now());
}

/** `/apis/events.k8s.io/...`; `parts` is the path split at "/". */
export function routeEventsGroup(state: MockState, ctx: Ctx, parts: string[]): Promise<void> | void {
  const [, , version, p3, p4, p5, p6, ...rest] = parts;
  const read = () => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw writtenByNodus(ctx);
  };
  if (parts.length === 2) return (read(), sendJson(ctx, 200, eventsApiGroup()));
  if (version !== 'v1') throw notFoundPath(ctx);
  if (parts.length === 3) return (read(), sendJson(ctx, 200, eventsResources()));
  if (p3 === EVENTS_PLURAL && parts.length === 4) return serveEvents(state, ctx, 'events', undefined);
  if (p3 === 'namespaces' && p4 !== undefined && p5 === EVENTS_PLURAL && rest.length === 0)
    return serveEvents(state, ctx, 'events', p4, p6);
  throw notFoundPath(ctx);
}
