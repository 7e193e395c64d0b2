/**
 * Content negotiation the way client-go does it: the Accept header names a media type with parameters
 * (`application/json;as=Table;v=v1;g=meta.k8s.io`, `...;as=APIGroupDiscoveryList`), in order of preference, and
 * the server answers with the first it can produce, saying which in Content-Type. Plain JSON is always possible,
 * so a client that asks for nothing special (the console, curl) gets what it always got.
 */
import type { NodusObject, ObjectList } from '@/shared/protocol.ts';
import { query, sendJson, sendJsonList, type Ctx } from '../http/context.ts';
import type { WatchTarget } from '../objects/watch.ts';
import {
  parseIncludeObject,
  printerOf,
  tableRow,
  toTable,
  type Printable,
  type Table,
  type TableOptions,
} from './table.ts';

export interface MediaRange {
  type: string;
  params: Record<string, string>;
}

export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [type = '', ...rest] = part.split(';').map((s) => s.trim());
      const params: Record<string, string> = {};
      for (const p of rest) {
        const eq = p.indexOf('=');
        if (eq > 0) params[p.slice(0, eq).trim().toLowerCase()] = p.slice(eq + 1).trim();
      }
      return { type: type.toLowerCase(), params };
    })
    .filter((m) => m.type !== '');
}

function isJson(m: MediaRange): boolean {
  return m.type === 'application/json' || m.type === '*/*' || m.type === 'application/*';
}

/**
 * The first entry that is either plain JSON or a JSON rendering of `as` (in group g) wins; its version is
 * returned when it is one of `versions`. Entries this server cannot produce (protobuf, unknown versions) are
 * passed over, as an API server does.
 */
export function negotiateAs(
  header: string | undefined,
  as: string,
  group: string,
  versions: readonly string[],
): string | undefined {
  for (const m of parseAccept(header)) {
    if (!isJson(m)) continue;
    if (m.params.as === undefined) return undefined;
    if (m.params.as === as && m.params.g === group && versions.includes(m.params.v ?? '')) return m.params.v;
  }
  return undefined;
}

const TABLE_VERSIONS = ['v1', 'v1beta1'];

function tableOptions(ctx: Ctx, now: number): TableOptions | undefined {
  const version = negotiateAs(ctx.req.headers.accept, 'Table', 'meta.k8s.io', TABLE_VERSIONS);
  if (!version) return undefined;
  return { apiVersion: `meta.k8s.io/${version}`, includeObject: parseIncludeObject(query(ctx, 'includeObject')), now };
}

function sendTable(ctx: Ctx, table: Table): void {
  const version = table.apiVersion.split('/')[1] ?? 'v1';
  sendJson(ctx, 200, table, { 'Content-Type': `application/json;as=Table;v=${version};g=meta.k8s.io` });
}

/** A list, as a Table when the client asked for one; its items in the shape the printer's API serves. */
export function sendList(ctx: Ctx, list: ObjectList, columns: Printable, now: number): void {
  const options = tableOptions(ctx, now);
  const shape = printerOf(columns).shape;
  if (!options) return sendJsonList(ctx, shape ? { ...list, items: list.items.map(shape) } : list);
  sendTable(ctx, toTable(list.items, columns, { ...list.metadata }, options));
}

/** One object, as a one-row Table when the client asked for one (`kubectl get job train-a`). */
export function sendObject(ctx: Ctx, obj: NodusObject, columns: Printable, now: number): void {
  const options = tableOptions(ctx, now);
  const shape = printerOf(columns).shape;
  if (!options) return sendJson(ctx, 200, shape ? shape(obj) : obj);
  sendTable(ctx, toTable([obj], columns, { resourceVersion: obj.metadata.resourceVersion ?? '' }, options));
}

/**
 * A watch whose events carry one-row Tables when the client asked for them (`kubectl get -w`), else the objects in
 * the shape the printer's API serves. Only the first
 * carries the column definitions, as a Kubernetes API server sends them to save bandwidth: kubectl lays out the
 * later rows with the columns it has.
 */
export function tableWatch(ctx: Ctx, target: WatchTarget, columns: Printable, now: () => number): WatchTarget {
  const options = tableOptions(ctx, now());
  const shape = printerOf(columns).shape;
  if (!options) return shape ? { ...target, render: shape } : target;
  let first = true;
  const render = (obj: NodusObject): Table => {
    const table: Table = {
      kind: 'Table',
      apiVersion: options.apiVersion,
      metadata: { resourceVersion: obj.metadata.resourceVersion ?? '' },
      rows: [],
    };
    if (first) table.columnDefinitions = printerOf(columns).columns;
    first = false;
    table.rows.push(tableRow(obj, columns, { ...options, now: now() }));
    return table;
  };
  return { ...target, render };
}

const DISCOVERY_VERSIONS = ['v2', 'v2beta1'];

/**
 * `/api` and `/apis`: the aggregated document when the client asks for it (kubectl does, and then needs no request
 * per group version), the legacy one otherwise. client-go tells them apart by the Content-Type alone.
 */
export function sendDiscovery(ctx: Ctx, legacy: () => unknown, aggregated: (version: string) => unknown): void {
  const version = negotiateAs(
    ctx.req.headers.accept,
    'APIGroupDiscoveryList',
    'apidiscovery.k8s.io',
    DISCOVERY_VERSIONS,
  );
  if (!version) return sendJson(ctx, 200, legacy());
  sendJson(ctx, 200, aggregated(version), {
    'Content-Type': `application/json;g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList`,
  });
}
