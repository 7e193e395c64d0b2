/** `/api/v1/namespaces[/{name}]`: the projects, listed and watched as far as the key may read them. */
import { mediaType, readRaw } from '../http/body.ts';
import { dryRunQuery, query, type Ctx } from '../http/context.ts';
import { decodeNamespace, PROTOBUF } from '../http/protobuf.ts';
import { listObjects } from '../objects/list.ts';
import { awaitReadVersion } from '../objects/versions.ts';
import { serveWatch } from '../objects/watch.ts';
import type { MockState } from '../state.ts';
import { deleteOptions } from './deletes.ts';
import { sendList, sendObject, tableWatch } from './negotiate.ts';
import { createProject, getProject, patchProject, removeProject } from './projects.ts';
import { methodNotAllowed, reply } from './replies.ts';
import {
  BODY_TYPES,
  fieldValidation,
  idempotent,
  isWatch,
  objectBody,
  requestUser,
  STRATEGIC_PATCH,
} from './request.ts';
import { NAMESPACE_COLUMNS } from './table.ts';
import { MERGE_PATCH } from '../objects/patch.ts';

// Labels and annotations are string maps, where a strategic merge patch is a merge patch.
const PROJECT_PATCH_TYPES = [MERGE_PATCH, STRATEGIC_PATCH] as const;

export async function routeProjects(state: MockState, ctx: Ctx, name?: string): Promise<void> {
  if (name === undefined) {
    if (ctx.method === 'GET' && isWatch(ctx))
      return serveWatch(
        state,
        ctx,
        tableWatch(
          ctx,
          { resource: 'namespaces', namespace: undefined, apiVersion: 'v1', kind: 'Namespace' },
          NAMESPACE_COLUMNS,
          () => state.now(),
        ),
      );
    if (ctx.method === 'GET')
      return sendList(
        ctx,
        await listObjects(state, {
          resource: 'namespaces',
          namespace: undefined,
          listKind: 'NamespaceList',
          apiVersion: 'v1',
          params: ctx.url.searchParams,
          visible: ctx.access?.visible,
        }),
        NAMESPACE_COLUMNS,
        state.now(),
      );
    if (ctx.method === 'POST') {
      const body =
        mediaType(ctx.req) === PROTOBUF ? decodeNamespace(await readRaw(ctx.req)) : await objectBody(ctx, BODY_TYPES);
      const dryRun = dryRunQuery(ctx);
      return reply(
        state,
        ctx,
        idempotent(state, ctx, body, dryRun, () => createProject(state, body, dryRun, fieldValidation(ctx))),
      );
    }
    throw methodNotAllowed(ctx, ['GET', 'POST']);
  }
  if (ctx.method === 'GET') {
    await awaitReadVersion(state, query(ctx, 'resourceVersion'));
    return sendObject(ctx, getProject(state, name), NAMESPACE_COLUMNS, state.now());
  }
  if (ctx.method === 'DELETE') {
    const options = await deleteOptions(ctx);
    const by = { actor: requestUser(ctx).username, requestId: ctx.requestId };
    return reply(state, ctx, removeProject(state, name, options.dryRun, by));
  }
  if (ctx.method === 'PATCH') {
    const body = await objectBody(ctx, PROJECT_PATCH_TYPES);
    return reply(state, ctx, patchProject(state, name, body, dryRunQuery(ctx)));
  }
  throw methodNotAllowed(ctx, ['GET', 'PATCH', 'DELETE']);
}
