/**
 * Maps authenticated requests to handlers: discovery, OpenAPI, projects, Nodus objects and the dev controls.
 */
import { API_VERSION, GROUP, VERSION } from '@/shared/protocol.ts';
import { IAM_GROUP, RBAC_GROUP } from '@/shared/iam.ts';
import { changeCheck } from '../auth/changes.ts';
import { teamOpenApi } from '../iam/openapi.ts';
import { mediaType, readBody, readRaw } from '../http/body.ts';
import { boolQuery, dryRunQuery, query, sendJson, type Ctx } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import { kindByPlural, type KindDef } from '../kinds/index.ts';
import { listObjects } from '../objects/list.ts';
import { APPLY_PATCH, MERGE_PATCH, patchObject, unsupportedPatch } from '../objects/patch.ts';
import { JSON_PATCH, jsonPatchObject, parseJsonPatch } from '../objects/json-patch.ts';
import { serveWatch } from '../objects/watch.ts';
import { awaitReadVersion } from '../objects/versions.ts';
import { createObject, deleteObject, notFound, updateObject, type WriteRequest } from '../objects/writes.ts';
import type { MockState } from '../state.ts';
import { serveLog } from '../logs/serve.ts';
import { serveExec } from '../exec/serve.ts';
import { serveFiles } from './files.ts';
import { routeDev } from './dev-routes.ts';
import { serveInvoke } from './invoke.ts';
import { routeUsage } from './usage.ts';
import { routeEventsGroup, serveEvents } from './events.ts';
import { EVENTS_API_VERSION, EVENTS_GROUP, EVENTS_PLURAL } from '@/shared/events.ts';
import { eventsOpenApi } from '../events/openapi.ts';
import { USAGE_GROUP } from '@/shared/usage.ts';
import { usageOpenApi } from '../usage/openapi.ts';
import { decodeSegment, methodNotAllowed, notFoundPath, reply } from './replies.ts';
import {
  aggregatedDiscovery,
  apiGroup,
  apiGroupList,
  apiVersions,
  authApiGroup,
  authResources,
  coreResources,
  groupResources,
} from './discovery.ts';
import { openApiGroup } from './openapi-group.ts';
import { openApiCore, openApiIndex } from './openapi-core.ts';
import { AUTH_GROUPS, decodeReview, routeReview } from './auth-reviews.ts';
import { sendDiscovery, sendList, sendObject, tableWatch } from './negotiate.ts';
import { requireProject } from './projects.ts';
import { routeProjects } from './project-routes.ts';
import { routeTeams } from './team-routes.ts';
import { BODY_TYPES, fieldValidation, idempotent, isWatch, objectBody, requestUser } from './request.ts';
import { decodeNamespace, PROTOBUF } from '../http/protobuf.ts';
import { deleteOptions, noDeleteAcrossProjects, serveDeleteCollection } from './deletes.ts';

const PATCH_BODY_TYPES = [MERGE_PATCH, JSON_PATCH, APPLY_PATCH] as const;

function writeRequest(ctx: Ctx, kind: KindDef, namespace: string, body: Record<string, unknown>): WriteRequest {
  return {
    kind,
    namespace,
    body,
    dryRun: dryRunQuery(ctx),
    mode: fieldValidation(ctx),
    ifMatch: ctx.req.headers['if-match'],
    hasIdempotencyKey: ctx.req.headers['idempotency-key'] !== undefined,
    userAgent: ctx.req.headers['user-agent'],
    clientHeader: ctx.req.headers['x-nodus-client'] as string | undefined,
    fieldManager: query(ctx, 'fieldManager'),
    user: requestUser(ctx),
    requestId: ctx.requestId,
    ...(ctx.method === 'PUT' || ctx.method === 'PATCH'
      ? { authorizeChange: changeCheck(ctx.access, ctx.method === 'PUT' ? 'update' : 'patch') }
      : {}),
  };
}

async function routeObjects(
  state: MockState,
  ctx: Ctx,
  namespace: string,
  kind: KindDef,
  name?: string,
  sub?: string,
  rest: string[] = [],
): Promise<void> {
  const write = !['GET', 'HEAD'].includes(ctx.method);
  // A create (POST to the collection, or an apply that creates) is checked against a project being deleted by
  // createObject itself.
  requireProject(state, namespace, write ? 'write' : 'read');
  if (write && kind.published) {
    throw new ApiFailure('Forbidden', `${kind.kind} objects are published by Nodus and cannot be written`, {
      fix: `Reference them from your objects as nodus/<name>:<tag>; list them with kubectl get ${kind.plural} -n nodus.`,
    });
  }
  if (name === undefined) {
    if (ctx.method === 'GET' && isWatch(ctx))
      return serveWatch(
        state,
        ctx,
        tableWatch(
          ctx,
          { resource: kind.plural, namespace, apiVersion: API_VERSION, kind: kind.kind },
          kind.columns,
          () => state.now(),
        ),
      );
    if (ctx.method === 'GET')
      return sendList(
        ctx,
        await listObjects(state, {
          resource: kind.plural,
          namespace,
          listKind: `${kind.kind}List`,
          apiVersion: API_VERSION,
          params: ctx.url.searchParams,
          visible: ctx.access?.visible,
        }),
        kind.columns,
        state.now(),
      );
    if (ctx.method === 'POST') {
      const body =
        mediaType(ctx.req) === PROTOBUF ? decodeNamespace(await readRaw(ctx.req)) : await objectBody(ctx, BODY_TYPES);
      const req = writeRequest(ctx, kind, namespace, body);
      return reply(
        state,
        ctx,
        idempotent(state, ctx, body, req.dryRun, () => createObject(state, req)),
      );
    }
    if (ctx.method === 'DELETE') return serveDeleteCollection(state, ctx, kind, namespace, requestUser(ctx));
    throw methodNotAllowed(ctx, ['GET', 'POST', 'DELETE']);
  }
  if (sub !== undefined) {
    if (sub === 'invoke') return serveInvoke(state, ctx, kind, namespace, name);
    if (sub === 'exec') return serveExec(state, ctx, kind, namespace, name);
    if (sub === 'files') return serveFiles(state, ctx, kind, namespace, name, rest);
    if (sub === 'log' && !kind.logs) {
      throw new ApiFailure('NotFound', `${kind.kind} objects have no log: they run nothing`, {
        details: { kind: kind.kind, name, group: 'nodus.dev' },
        fix: 'Read the object itself: its status and conditions say what happened to it.',
      });
    }
    if (sub !== 'status' && sub !== 'log') throw notFoundPath(ctx);
    if (ctx.method !== 'GET') {
      throw sub === 'log'
        ? new ApiFailure('MethodNotAllowed', 'logs are read-only: GET them, with follow=true to stream', {
            fix: 'Use GET.',
          })
        : new ApiFailure('MethodNotAllowed', 'status is read-only: it is written by Nodus only', {
            fix: 'Change spec instead; Nodus updates status as it acts on it.',
          });
    }
    const obj = state.store.get(kind.plural, namespace, name);
    if (!obj) throw notFound(kind, namespace, name);
    if (sub === 'status') return sendJson(ctx, 200, obj);
    return serveLog(state, ctx, kind, obj);
  }
  switch (ctx.method) {
    case 'GET': {
      await awaitReadVersion(state, query(ctx, 'resourceVersion'));
      const obj = state.store.get(kind.plural, namespace, name);
      if (!obj) throw notFound(kind, namespace, name);
      return sendObject(ctx, obj, kind.columns, state.now());
    }
    case 'PUT': {
      const body = await objectBody(ctx, BODY_TYPES);
      return reply(state, ctx, updateObject(state, { ...writeRequest(ctx, kind, namespace, body), name }));
    }
    case 'PATCH': {
      const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim();
      if (!(PATCH_BODY_TYPES as readonly string[]).includes(type)) {
        ctx.req.resume();
        throw unsupportedPatch(type);
      }
      if (type === JSON_PATCH) {
        const ops = parseJsonPatch((await readBody(ctx.req, [JSON_PATCH])).value);
        return reply(state, ctx, jsonPatchObject(state, { ...writeRequest(ctx, kind, namespace, {}), name, ops }));
      }
      const body = await objectBody(ctx, PATCH_BODY_TYPES);
      const req = {
        ...writeRequest(ctx, kind, namespace, body),
        name,
        patchType: type,
        fieldManager: query(ctx, 'fieldManager'),
        force: boolQuery(ctx, 'force'),
      };
      return reply(state, ctx, patchObject(state, req));
    }
    case 'DELETE': {
      const options = await deleteOptions(ctx);
      const by = { user: requestUser(ctx), requestId: ctx.requestId };
      return reply(state, ctx, deleteObject(state, { kind, namespace, name, ...options, ...by }));
    }
    default:
      throw methodNotAllowed(ctx, ['GET', 'PUT', 'PATCH', 'DELETE']);
  }
}

function readOnly(ctx: Ctx, body: () => unknown): void {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw methodNotAllowed(ctx, ['GET']);
  sendJson(ctx, 200, body());
}

/** `/api` and `/apis` answer in the aggregated form when the client asks for it (kubectl does). */
function readDiscovery(ctx: Ctx, legacy: () => unknown, root: 'api' | 'apis'): void {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw methodNotAllowed(ctx, ['GET']);
  sendDiscovery(ctx, legacy, (version) => aggregatedDiscovery(root, version));
}

export async function routeApi(state: MockState, ctx: Ctx): Promise<void> {
  const parts = ctx.url.pathname.split('/').filter(Boolean).map(decodeSegment);
  const [p0, p1, p2, p3, p4, p5, p6, p7, ...rest] = parts;
  if (p0 === 'api') {
    if (parts.length === 1) return readDiscovery(ctx, apiVersions, 'api');
    if (p1 === 'v1' && parts.length === 2) return readOnly(ctx, coreResources);
    if (p1 === 'v1' && p2 === 'namespaces' && parts.length <= 4) return routeProjects(state, ctx, p3);
    if (p1 === 'v1' && p2 === EVENTS_PLURAL && parts.length === 3) return serveEvents(state, ctx, 'core', undefined);
    if (p1 === 'v1' && p2 === 'namespaces' && p4 === EVENTS_PLURAL && parts.length <= 6)
      return serveEvents(state, ctx, 'core', p3, p5);
  }
  if (p0 === 'apis') {
    if (parts.length === 1) return readDiscovery(ctx, apiGroupList, 'apis');
    if (AUTH_GROUPS.some((g) => g.group === p1)) return routeAuth(state, ctx, p1!, parts);
    if (p1 === USAGE_GROUP) return routeUsage(state, ctx, parts);
    if (p1 === EVENTS_GROUP) return routeEventsGroup(state, ctx, parts);
    if (p1 === IAM_GROUP || p1 === RBAC_GROUP) return routeTeams(state, ctx, parts);
    if (p1 === GROUP && parts.length === 2) return readOnly(ctx, apiGroup);
    if (p1 === GROUP && p2 === VERSION) {
      if (parts.length === 3) return readOnly(ctx, groupResources);
      // A file's path follows `files` as any number of segments.
      if (p3 === 'namespaces' && p4 !== undefined && p5 !== undefined && (rest.length === 0 || p7 === 'files')) {
        const kind = kindByPlural(p5);
        if (!kind) throw unknownKind(p5);
        return routeObjects(state, ctx, p4, kind, p6, p7, rest);
      }
      if (p3 !== undefined && parts.length === 4 && p3 !== 'namespaces') {
        const kind = kindByPlural(p3);
        if (!kind) throw unknownKind(p3);
        if (ctx.method === 'DELETE') throw noDeleteAcrossProjects(kind);
        if (ctx.method !== 'GET') throw methodNotAllowed(ctx, ['GET']);
        if (isWatch(ctx))
          return serveWatch(
            state,
            ctx,
            tableWatch(
              ctx,
              { resource: kind.plural, namespace: undefined, apiVersion: API_VERSION, kind: kind.kind },
              kind.columns,
              () => state.now(),
            ),
          );
        return sendList(
          ctx,
          await listObjects(state, {
            resource: kind.plural,
            namespace: undefined,
            listKind: `${kind.kind}List`,
            apiVersion: API_VERSION,
            params: ctx.url.searchParams,
            visible: ctx.access?.visible,
          }),
          kind.columns,
          state.now(),
        );
      }
    }
  }
  if (p0 === 'openapi' && p1 === 'v3') {
    if (parts.length === 2) return readOnly(ctx, openApiIndex);
    if (p2 === 'apis' && p3 === GROUP && p4 === VERSION && parts.length === 5) return readOnly(ctx, openApiGroup);
    if (p2 === 'api' && p3 === 'v1' && parts.length === 4) return readOnly(ctx, openApiCore);
    if (p2 === 'apis' && p3 === USAGE_GROUP && p4 === 'v1' && parts.length === 5) return readOnly(ctx, usageOpenApi);
    if (p2 === 'apis' && `${p3}/${p4}` === EVENTS_API_VERSION && parts.length === 5)
      return readOnly(ctx, eventsOpenApi);
    if (p2 === 'apis' && (p3 === IAM_GROUP || p3 === RBAC_GROUP) && p4 === 'v1' && parts.length === 5)
      return readOnly(ctx, () => teamOpenApi(p3));
  }
  if (p0 === '_mock' && p1 !== undefined && parts.length === 2) return routeDev(state, ctx, p1);
  throw notFoundPath(ctx);
}

async function routeAuth(state: MockState, ctx: Ctx, group: string, parts: string[]): Promise<void> {
  const [, , version, resource] = parts;
  if (parts.length === 2) return readOnly(ctx, () => authApiGroup(group));
  if (version === 'v1' && parts.length === 3) return readOnly(ctx, () => authResources(group));
  if (version !== 'v1' || resource === undefined || parts.length !== 4) throw notFoundPath(ctx);
  if (ctx.method !== 'POST') throw methodNotAllowed(ctx, ['POST']);
  const body =
    mediaType(ctx.req) === PROTOBUF
      ? decodeReview(await readRaw(ctx.req), resource)
      : await objectBody(ctx, BODY_TYPES);
  const answer = routeReview(state, ctx, group, resource, body);
  if (!answer) throw notFoundPath(ctx);
  return reply(state, ctx, answer);
}

function unknownKind(plural: string): ApiFailure {
  return new ApiFailure('NotFound', `the server does not serve a resource "${plural}" in ${API_VERSION}`, {
    fix: `List the kinds with GET /apis/${API_VERSION} (kubectl api-resources --api-group=${GROUP}).`,
  });
}
