/**
 * The teams' groups: `/apis/iam.nodus.dev/v1/{users,apikeys}[/{name}]` and
 * `/apis/rbac.authorization.k8s.io/v1/[namespaces/{project}/]{plural}[/{name}]`. List, watch, get, create,
 * update, patch (merge, strategic merge as merge, JSON patch) and delete; ClusterRoles are read-only. Besides
 * what the authorizer decided before routing: a user's own keys, and RBAC's guard against escalation.
 */
import { RBAC_GROUP, type APIKey } from '@/shared/iam.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { accessOf, type Access } from '../auth/access.ts';
import { checkEscalation } from '../auth/escalation.ts';
import { mediaType, readBody, readRaw } from '../http/body.ts';
import { dryRunQuery, query, sendJson, type Ctx } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import { decodeRbac, PROTOBUF } from '../http/protobuf.ts';
import { APIKEYS, CLUSTER_ROLES, ROLES, iamResource, type IamResource } from '../iam/resources.ts';
import { createIam, deleteIam, iamNotFound, updateIam, type IamRequest } from '../iam/writes.ts';
import { applyJsonPatch, JSON_PATCH, parseJsonPatch } from '../objects/json-patch.ts';
import { listObjects } from '../objects/list.ts';
import { MERGE_PATCH, mergePatch, unsupportedPatch } from '../objects/patch.ts';
import { awaitReadVersion } from '../objects/versions.ts';
import { serveWatch } from '../objects/watch.ts';
import type { MockState } from '../state.ts';
import { deleteOptions } from './deletes.ts';
import { teamApiGroup, teamResources } from './discovery-teams.ts';
import { sendList, sendObject, tableWatch } from './negotiate.ts';
import { requireProject } from './projects.ts';
import { methodNotAllowed, notFoundPath, reply } from './replies.ts';
import { BODY_TYPES, fieldValidation, idempotent, isWatch, objectBody, STRATEGIC_PATCH } from './request.ts';

const PATCH_TYPES = [MERGE_PATCH, STRATEGIC_PATCH, JSON_PATCH] as const;

interface Target {
  resource: IamResource;
  /** '' for a cluster-scoped resource, or a list across projects. */
  namespace: string;
  name: string | undefined;
}

/** A key may be handled by its own user without any role; anyone else needs the role. */
function ownKey(access: Access, verb: string, obj: NodusObject): void {
  if (!access.ownKeysOnly) return;
  const owner = (obj as APIKey).spec?.user;
  if (owner === access.username) return;
  throw new ApiFailure(
    'Forbidden',
    `user "${access.username}" cannot ${verb} API keys of user "${owner}": without a role, a user handles their own keys only`,
    {
      details: { group: APIKEYS.group, kind: APIKEYS.kind, ...(obj.metadata.name ? { name: obj.metadata.name } : {}) },
      fix: `Make keys for yourself (spec.user "${access.username}", or leave spec.user out); an org admin handles other users' keys.`,
    },
  );
}

/** What a write must pass besides its verb, on the object as it would be stored. */
function checks(state: MockState, ctx: Ctx, t: Target, verb: string) {
  const access = accessOf(ctx);
  return (_before: NodusObject | undefined, after: NodusObject): void => {
    if (t.resource === APIKEYS) ownKey(access, verb, after);
    if (t.resource.group === RBAC_GROUP) checkEscalation(state, access, t.resource, after);
  };
}

async function body(ctx: Ctx, t: Target): Promise<Record<string, unknown>> {
  if (mediaType(ctx.req) === PROTOBUF && t.resource.group === RBAC_GROUP)
    return decodeRbac(await readRaw(ctx.req), t.resource !== ROLES && t.resource !== CLUSTER_ROLES);
  return objectBody(ctx, BODY_TYPES);
}

function request(state: MockState, ctx: Ctx, t: Target, verb: string, content: Record<string, unknown>): IamRequest {
  return {
    resource: t.resource,
    namespace: t.namespace,
    body: content,
    dryRun: dryRunQuery(ctx),
    mode: fieldValidation(ctx),
    username: accessOf(ctx).username,
    check: checks(state, ctx, t, verb),
  };
}

/** The body a merge (or strategic merge) patch or a JSON patch makes of the stored object. */
async function patched(ctx: Ctx, t: Target, existing: NodusObject): Promise<Record<string, unknown>> {
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim();
  if (!(PATCH_TYPES as readonly string[]).includes(type)) {
    ctx.req.resume();
    throw unsupportedPatch(type);
  }
  if (type === JSON_PATCH) {
    const result = applyJsonPatch(existing, parseJsonPatch((await readBody(ctx.req, [JSON_PATCH])).value));
    if (typeof result !== 'object' || result === null || Array.isArray(result))
      throw new ApiFailure('Invalid', `the patched ${t.resource.kind} is not a JSON object`);
    return result as Record<string, unknown>;
  }
  const patch = await objectBody(ctx, [type]);
  if (type === STRATEGIC_PATCH && JSON.stringify(patch).includes('"$'))
    throw new ApiFailure(
      'BadRequest',
      'strategic merge patch directives ($patch, $retainKeys, ...) are not supported here',
      {
        fix: "Send the fields to change as a merge patch: these objects' lists are replaced whole.",
      },
    );
  return mergePatch(existing, patch) as Record<string, unknown>;
}

async function item(state: MockState, ctx: Ctx, t: Target, name: string): Promise<void> {
  const { resource, namespace } = t;
  const writes = resource.verbs.includes('update');
  if (ctx.method === 'GET' || ctx.method === 'HEAD') {
    await awaitReadVersion(state, query(ctx, 'resourceVersion'));
    const obj = state.store.get(resource.storeKey, namespace, name);
    if (!obj) throw iamNotFound(resource, namespace, name);
    if (resource === APIKEYS) ownKey(accessOf(ctx), 'get', obj);
    return sendObject(ctx, obj, resource.columns, state.now());
  }
  if (!writes || !['PUT', 'PATCH', 'DELETE'].includes(ctx.method))
    throw methodNotAllowed(ctx, writes ? ['GET', 'PUT', 'PATCH', 'DELETE'] : ['GET']);
  if (resource.namespaced) requireProject(state, namespace, 'write');
  if (ctx.method === 'DELETE') {
    const options = await deleteOptions(ctx);
    const check = (before: NodusObject) => {
      if (resource === APIKEYS) ownKey(accessOf(ctx), 'delete', before);
    };
    return reply(state, ctx, deleteIam(state, { resource, namespace, name, ...options, check }));
  }
  if (ctx.method === 'PUT') {
    const content = await body(ctx, t);
    return reply(state, ctx, updateIam(state, { ...request(state, ctx, t, 'update', content), name }));
  }
  const existing = state.store.get(resource.storeKey, namespace, name);
  if (!existing) {
    ctx.req.resume();
    throw iamNotFound(resource, namespace, name);
  }
  if (resource === APIKEYS) ownKey(accessOf(ctx), 'patch', existing);
  const content = await patched(ctx, t, existing);
  const meta = (content.metadata ?? {}) as Record<string, unknown>;
  if (meta.resourceVersion != null && String(meta.resourceVersion) !== existing.metadata.resourceVersion)
    throw new ApiFailure(
      'Conflict',
      `${resource.kind} "${name}" has changed since resourceVersion ${String(meta.resourceVersion)}`,
      {
        details: { kind: resource.kind, name, group: resource.group },
        fix: 'Read it again and patch the version you read.',
      },
    );
  const { status: _status, ...rest } = content;
  const req = { ...request(state, ctx, t, 'patch', rest), name, preconditionChecked: true };
  return reply(state, ctx, updateIam(state, req));
}

async function collection(state: MockState, ctx: Ctx, t: Target): Promise<void> {
  const { resource, namespace } = t;
  const across = resource.namespaced && namespace === '';
  if (ctx.method === 'GET' || ctx.method === 'HEAD') {
    const apiVersion = `${resource.group}/v1`;
    const ns = namespace || undefined;
    if (isWatch(ctx))
      return serveWatch(
        state,
        ctx,
        tableWatch(
          ctx,
          { resource: resource.storeKey, namespace: ns, apiVersion, kind: resource.kind },
          resource.columns,
          () => state.now(),
        ),
      );
    const list = await listObjects(state, {
      resource: resource.storeKey,
      namespace: ns,
      listKind: `${resource.kind}List`,
      apiVersion,
      params: ctx.url.searchParams,
      visible: ctx.access?.visible,
    });
    return sendList(ctx, list, resource.columns, state.now());
  }
  if (ctx.method !== 'POST' || across || !resource.verbs.includes('create'))
    throw methodNotAllowed(ctx, across || !resource.verbs.includes('create') ? ['GET'] : ['GET', 'POST']);
  if (resource.namespaced) requireProject(state, namespace, 'create');
  const content = await body(ctx, t);
  const req = request(state, ctx, t, 'create', content);
  // A key's answer holds its secret, which must not be kept for a replay: a retry finds the key by its name.
  if (resource === APIKEYS) return reply(state, ctx, createIam(state, req));
  return reply(
    state,
    ctx,
    idempotent(state, ctx, content, req.dryRun, () => createIam(state, req)),
  );
}

/** `parts` is the path split at "/": apis, the group, ... */
export async function routeTeams(state: MockState, ctx: Ctx, parts: string[]): Promise<void> {
  const [, group = '', version, p3, p4, p5, p6, ...rest] = parts;
  const read = () => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw methodNotAllowed(ctx, ['GET']);
  };
  if (parts.length === 2) return (read(), sendJson(ctx, 200, teamApiGroup(group)));
  if (version !== 'v1') throw notFoundPath(ctx);
  if (parts.length === 3) return (read(), sendJson(ctx, 200, teamResources(group)));
  const namespaced = p3 === 'namespaces' && p4 !== undefined && p5 !== undefined;
  const [plural, name, extra] = namespaced ? [p5, p6, rest.length > 0] : [p3, p4, parts.length > 5];
  const resource = iamResource(group, plural);
  if (!resource || extra || (resource.namespaced !== namespaced && (namespaced || name !== undefined)))
    throw notFoundPath(ctx);
  const t: Target = { resource, namespace: namespaced ? p4! : '', name };
  if (namespaced && (ctx.method === 'GET' || ctx.method === 'HEAD')) requireProject(state, t.namespace, 'read');
  return name === undefined ? collection(state, ctx, t) : item(state, ctx, t, name);
}
