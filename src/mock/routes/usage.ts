/**
 * The usage group (`usage.nodus.dev/v1`): its discovery documents and the report, per project or across all.
 * Read-only: any method but GET (and HEAD) is 405. Asked for a Table (`kubectl get usage`), the report answers one
 * row per series.
 */
import { sendJson, type Ctx } from '../http/context.ts';
import type { MockState } from '../state.ts';
import { usageApiGroup, usageResources } from '../usage/discovery.ts';
import { readUsageQuery } from '../usage/query.ts';
import type { SeriesKey } from '@/shared/usage.ts';
import { usageReport } from '../usage/report.ts';
import { negotiateAs } from './negotiate.ts';
import { requireProject } from './projects.ts';
import { methodNotAllowed, notFoundPath } from './replies.ts';

/** A series as one word for a table row: "Job", "team=nlp", "Job/train-a", "(all)". */
function seriesName(key: SeriesKey): string {
  if (key.kind !== undefined) return key.kind;
  if (key.label) return `${key.label.key}=${key.label.value}`;
  if (key.object) return `${key.object.kind}/${key.object.name}`;
  if (key.project !== undefined) return key.project;
  if (key.others !== undefined) return `(${key.others} more)`;
  return '(all)';
}

function sendReport(state: MockState, ctx: Ctx, project: string | undefined): void {
  const query = readUsageQuery(ctx.url.searchParams, project, state.now());
  // Across projects, a key that may read only some of them is shown the spend of those.
  const visible = ctx.access?.visible;
  if (visible)
    query.readable = (p) => visible.test({ apiVersion: 'v1', kind: 'Namespace', metadata: { namespace: p } });
  const report = usageReport(state, query);
  const version = negotiateAs(ctx.req.headers.accept, 'Table', 'meta.k8s.io', ['v1', 'v1beta1']);
  if (!version) return sendJson(ctx, 200, report);
  const column = (name: string, description: string) => ({
    name,
    type: 'string',
    format: '',
    description,
    priority: 0,
  });
  const table = {
    kind: 'Table',
    apiVersion: `meta.k8s.io/${version}`,
    metadata: {},
    columnDefinitions: [
      column('Name', 'The series: what its charges have in common (groupBy).'),
      column('Window', 'The window the report covers.'),
      column('Total', 'Spent in the window (USD).'),
      column('Rate', 'The burn rate: the hourly rates of what runs now, for the whole report (USD/h).'),
    ],
    rows: report.status.series.map((series) => {
      const name = seriesName(series.key);
      return {
        cells: [name, report.spec.window, series.totalUSD, report.status.burnRateUSDPerHour],
        object: {
          kind: 'PartialObjectMetadata',
          apiVersion: `meta.k8s.io/${version}`,
          metadata: { name, ...(project !== undefined ? { namespace: project } : {}) },
        },
      };
    }),
  };
  sendJson(ctx, 200, table, { 'Content-Type': `application/json;as=Table;v=${version};g=meta.k8s.io` });
}

/** `parts` is the path split at "/": apis, usage.nodus.dev, ... */
export function routeUsage(state: MockState, ctx: Ctx, parts: string[]): void {
  const [, , version, p3, p4, p5, ...rest] = parts;
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    // A path the group does not serve is 404 whatever the method; one it serves takes GET only.
    const inVersion =
      parts.length === 3 ||
      (p3 === 'usage' && parts.length === 4) ||
      (p3 === 'namespaces' && p4 !== undefined && p5 === 'usage' && rest.length === 0);
    throw parts.length === 2 || (version === 'v1' && inVersion) ? methodNotAllowed(ctx, ['GET']) : notFoundPath(ctx);
  }
  if (parts.length === 2) return sendJson(ctx, 200, usageApiGroup());
  if (version !== 'v1') throw notFoundPath(ctx);
  if (parts.length === 3) return sendJson(ctx, 200, usageResources());
  if (p3 === 'usage' && parts.length === 4) return sendReport(state, ctx, undefined);
  if (p3 === 'namespaces' && p4 !== undefined && p5 === 'usage' && rest.length === 0) {
    requireProject(state, p4, 'read');
    return sendReport(state, ctx, p4);
  }
  throw notFoundPath(ctx);
}
