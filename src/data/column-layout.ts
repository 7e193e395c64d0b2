/**
 * A table's column layout: which columns show, in which order, how wide, and which labels are columns of their
 * own (as `kubectl get -L team` adds TEAM). Remembered per kind (preferences.ts) and written to the URL as
 * `cols` (the resource table's view-params.ts), so a link or a saved view shows the same columns. Pure: no React, no storage.
 */

/** What the person changed from a kind's default columns; an empty layout is the default. */
export interface ColumnLayout {
  /** Column ids in the order shown; columns not listed follow, in their default order. */
  order: string[];
  /** Ids of columns not shown. */
  hidden: string[];
  /** Widths in CSS pixels, by column id (`name` too); a column not listed keeps its default track. */
  widths: Record<string, number>;
  /** Label keys shown as columns, each with the id `label:<key>`. */
  labels: string[];
}

export const EMPTY_LAYOUT: ColumnLayout = { order: [], hidden: [], widths: {}, labels: [] };

export const LABEL_PREFIX = 'label:';
export const MIN_WIDTH = 48;
export const MAX_WIDTH = 960;
/** Columns per layout and label columns per layout, beyond which a stored value is cut (it is someone's typo). */
const MAX_IDS = 64;

/** `label:<key>` for a label key; undefined when `id` names no label. */
export function labelKeyOf(id: string): string | undefined {
  return id.startsWith(LABEL_PREFIX) && id.length > LABEL_PREFIX.length ? id.slice(LABEL_PREFIX.length) : undefined;
}

export const labelColumnId = (key: string): string => `${LABEL_PREFIX}${key}`;

/**
 * A label key as Kubernetes allows it: an optional DNS-subdomain prefix and `/`, then a name of at most 63
 * alphanumerics, `-`, `_` and `.`, starting and ending alphanumeric. Only such keys become columns, which also
 * keeps `,` and `@` (the URL's separators) out of column ids.
 */
export function isLabelKey(key: string): boolean {
  const slash = key.indexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (
    prefix !== undefined &&
    (prefix.length === 0 || prefix.length > 253 || !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(prefix))
  )
    return false;
  return name.length > 0 && name.length <= 63 && /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/.test(name);
}

const isId = (v: unknown): v is string =>
  typeof v === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v) ? true : typeof v === 'string' && isLabelId(v);
const isLabelId = (v: string) => labelKeyOf(v) !== undefined && isLabelKey(labelKeyOf(v)!);

export const clampWidth = (px: number): number => Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, px)));

function ids(value: unknown, valid: (v: unknown) => boolean): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((v): v is string => valid(v)))].slice(0, MAX_IDS);
}

/** A stored layout, each part of it that does not read dropped to its default. */
export function parseLayout(value: unknown): ColumnLayout | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const widths: Record<string, number> = {};
  if (typeof v.widths === 'object' && v.widths !== null && !Array.isArray(v.widths))
    for (const [id, px] of Object.entries(v.widths).slice(0, MAX_IDS))
      if (isId(id) && typeof px === 'number' && Number.isFinite(px)) widths[id] = clampWidth(px);
  return {
    order: ids(v.order, isId),
    hidden: ids(v.hidden, isId),
    widths,
    labels: ids(v.labels, (k) => typeof k === 'string' && isLabelKey(k)),
  };
}

/** Every kind's layout: a map from kind to layout, malformed entries left out. */
export function parseLayouts(value: unknown): Record<string, ColumnLayout> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, ColumnLayout> = {};
  for (const [kind, layout] of Object.entries(value)) {
    const parsed = parseLayout(layout);
    if (parsed && /^[A-Za-z0-9]+$/.test(kind)) out[kind] = parsed;
  }
  return out;
}

export function isEmptyLayout(layout: ColumnLayout): boolean {
  return (
    layout.order.length === 0 &&
    layout.hidden.length === 0 &&
    layout.labels.length === 0 &&
    Object.keys(layout.widths).length === 0
  );
}

/** The ids shown, in order, given the kind's default ids (without `name`, which is always first). */
export function visibleIds(defaults: readonly string[], layout: ColumnLayout): string[] {
  const all = [...defaults, ...layout.labels.map(labelColumnId)];
  const listed = layout.order.filter((id) => all.includes(id));
  const rest = all.filter((id) => !listed.includes(id));
  const hidden = new Set(layout.hidden);
  return [...listed, ...rest].filter((id) => !hidden.has(id));
}

/**
 * The layout that shows exactly `visible`, in that order, with `widths`: what the URL's `cols` says. Label ids
 * in it become label columns; a default column missing from it is hidden.
 */
export function layoutShowing(
  defaults: readonly string[],
  visible: readonly string[],
  widths: Record<string, number>,
): ColumnLayout {
  const known = visible.filter((id) => defaults.includes(id) || isLabelId(id));
  const unique = [...new Set(known)];
  const labels = unique.flatMap((id) => (isLabelId(id) ? [labelKeyOf(id)!] : []));
  const hidden = defaults.filter((id) => !unique.includes(id));
  // The default order is left out, so a layout that only hides a column is the same layout however it came.
  const order = sameOrder(defaults, labels, unique) ? [] : unique;
  return normalise({ order, hidden, widths, labels });
}

function sameOrder(defaults: readonly string[], labels: readonly string[], visible: readonly string[]): boolean {
  const natural = [...defaults, ...labels.map(labelColumnId)].filter((id) => visible.includes(id));
  return natural.every((id, i) => visible[i] === id);
}

/** The same layout with nothing in it that says nothing: an empty layout when it is the default. */
export function normalise(layout: ColumnLayout): ColumnLayout {
  return {
    order: layout.order,
    hidden: layout.hidden,
    widths: Object.fromEntries(Object.entries(layout.widths).map(([id, px]) => [id, clampWidth(px)])),
    labels: layout.labels,
  };
}

/** `phase,label:team@160,cost`: the columns shown in order, a width in pixels after `@` where one was set. */
export function serializeCols(defaults: readonly string[], layout: ColumnLayout): string {
  if (isEmptyLayout(layout)) return '';
  const visible = visibleIds(defaults, layout);
  const name = layout.widths.name !== undefined ? [`name@${layout.widths.name}`] : [];
  const parts = [
    ...name,
    ...visible.map((id) => (layout.widths[id] !== undefined ? `${id}@${layout.widths[id]}` : id)),
  ];
  // Every column hidden is still a layout: `name` alone says so.
  return parts.length > 0 ? parts.join(',') : 'name';
}

/** The `cols` value read back: the ids in order and their widths; undefined when there is none. */
export function parseCols(value: string | null): { visible: string[]; widths: Record<string, number> } | undefined {
  if (value === null) return undefined;
  const visible: string[] = [];
  const widths: Record<string, number> = {};
  for (const part of value.split(',').slice(0, MAX_IDS)) {
    const at = part.lastIndexOf('@');
    const id = (at >= 0 ? part.slice(0, at) : part).trim();
    if (!isId(id)) continue;
    const px = at >= 0 ? Number(part.slice(at + 1)) : NaN;
    if (Number.isFinite(px)) widths[id] = clampWidth(px);
    if (id !== 'name' && !visible.includes(id)) visible.push(id);
  }
  return { visible, widths };
}

export function withWidth(layout: ColumnLayout, id: string, px: number): ColumnLayout {
  return { ...layout, widths: { ...layout.widths, [id]: clampWidth(px) } };
}
