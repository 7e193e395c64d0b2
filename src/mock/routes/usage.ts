/**
 * The usage group (`usage.nodus.dev/v1`): its discovery documents and the report, per project or across all.
 * Read-only: any method but GET (and HEAD) is 405.
 */
import { sendJson, type Ctx } from '../http/context.ts';
import type { MockState } from '../state.ts';
import { usageApiGroup, usageResources } from '../usage/discovery.ts';
import { readUsageQuery } from '../usage/query.ts';
import { usageReport } from '../usage/report.ts';
import { requireProject } from './projects.ts';
import { methodNotAllowed, notFoundPath } from './replies.ts';

/** `parts` is the path split at "/": apis, usage.nodus.dev, ... */
export function routeUsage(state: MockState, ctx: Ctx, parts: string[]): void {
  const [, , version, p3, p4, p5, ...rest] = parts;
  const answer = (body: () => unknown): void => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw methodNotAllowed(ctx, ['GET']);
    sendJson(ctx, 200, body());
  };
  if (parts.length === 2) return answer(usageApiGroup);
  if (version !== 'v1') throw notFoundPath(ctx);
  if (parts.length === 3) return answer(usageResources);
  if (p3 === 'usage' && parts.length === 4)
    return answer(() => usageReport(state, readUsageQuery(ctx.url.searchParams, undefined, state.now())));
  if (p3 === 'namespaces' && p4 !== undefined && p5 === 'usage' && rest.length === 0) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw methodNotAllowed(ctx, ['GET']);
    requireProject(state, p4, false);
    return answer(() => usageReport(state, readUsageQuery(ctx.url.searchParams, p4, state.now())));
  }
  throw notFoundPath(ctx);
}
