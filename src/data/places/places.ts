/**
 * Saved views, pins and the last project visited: what they look like in storage, and how a stored value is
 * read back. Each is kept per API server (the connection's URL and org), since a view of one server's objects
 * means nothing on another. Reading drops each malformed entry on its own and keeps the rest, and caps how many
 * are kept, so a hand-edited or huge record never breaks the console.
 */

/** A table's view, by name: its path and whole query string (sort, filters, columns). */
export interface SavedView {
  id: string;
  name: string;
  /** `/projects/<p>/<plural>` or `/all/<plural>`. */
  path: string;
  /** '' or `?…`: everything the table keeps in the URL. */
  search: string;
  createdAt: number;
}

/** A pinned project, or object (with what is needed to name it while it cannot be read). */
export type Pin =
  | { type: 'project'; project: string; pinnedAt: number }
  | { type: 'object'; project: string; plural: string; kind: string; name: string; pinnedAt: number };

/** By connection (see connectionId). */
export type ByConnection<T> = Record<string, T>;

export const MAX_VIEWS = 100;
export const MAX_PINS = 100;
export const MAX_NAME = 80;
/** A view's URL is a table's: a path and a query string of bounded size. */
const MAX_URL = 4_000;

/** Which API server a connection talks to: its URL ('' is the console's own origin) and org. */
export function connectionId(context: { apiUrl: string; org: string }): string {
  return `${context.apiUrl.replace(/\/+$/, '')}#${context.org}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max = 253): v is string => typeof v === 'string' && v !== '' && v.length <= max;
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** A table's path only: a stored path can never lead off the console (`//host`) or to a page that is no table. */
export function isTablePath(path: string): boolean {
  return /^\/(projects\/[^/?#]+|all)\/[^/?#]+$/.test(path) && path.length <= MAX_URL;
}

export function parseView(v: unknown): SavedView | undefined {
  if (!isRecord(v)) return undefined;
  const { id, name, path, search, createdAt } = v;
  if (!isText(id, 64) || typeof name !== 'string' || !isText(name.trim(), MAX_NAME)) return undefined;
  if (typeof path !== 'string' || !isTablePath(path)) return undefined;
  if (typeof search !== 'string' || search.length > MAX_URL || (search !== '' && !search.startsWith('?')))
    return undefined;
  if (search.includes('#')) return undefined;
  return { id, name: name.trim(), path, search, createdAt: isTime(createdAt) ? createdAt : 0 };
}

export function parsePin(v: unknown): Pin | undefined {
  if (!isRecord(v) || !isText(v.project)) return undefined;
  const pinnedAt = isTime(v.pinnedAt) ? v.pinnedAt : 0;
  if (v.type === 'project') return { type: 'project', project: v.project, pinnedAt };
  if (v.type !== 'object' || !isText(v.plural, 63) || !isText(v.kind, 63) || !isText(v.name)) return undefined;
  return { type: 'object', project: v.project, plural: v.plural, kind: v.kind, name: v.name, pinnedAt };
}

/** The entries of each connection that read, the first of any duplicate kept, at most `max` of them. */
function parseLists<T>(
  value: unknown,
  parse: (v: unknown) => T | undefined,
  key: (t: T) => string,
  max: number,
): ByConnection<T[]> | undefined {
  if (!isRecord(value)) return undefined;
  const out: ByConnection<T[]> = {};
  for (const [connection, list] of Object.entries(value)) {
    if (!Array.isArray(list)) continue;
    const seen = new Set<string>();
    const kept: T[] = [];
    for (const raw of list) {
      const item = parse(raw);
      if (item === undefined || seen.has(key(item))) continue;
      seen.add(key(item));
      kept.push(item);
      if (kept.length === max) break;
    }
    out[connection] = kept;
  }
  return out;
}

/** Names are unique per connection, whatever their case: the sidebar and the palette list them together. */
export const viewNameKey = (name: string) => name.trim().toLowerCase();

export function parseSavedViews(value: unknown): ByConnection<SavedView[]> | undefined {
  const lists = parseLists(value, parseView, (v) => v.id, MAX_VIEWS);
  if (!lists) return undefined;
  // A second view of the same name is dropped (ids are checked above).
  for (const [c, list] of Object.entries(lists)) {
    const names = new Set<string>();
    lists[c] = list.filter((v) => !names.has(viewNameKey(v.name)) && !!names.add(viewNameKey(v.name)));
  }
  return lists;
}

export const pinKey = (p: Pin) =>
  p.type === 'project' ? `project/${p.project}` : `object/${p.project}/${p.plural}/${p.name}`;

export function parsePins(value: unknown): ByConnection<Pin[]> | undefined {
  return parseLists(value, parsePin, pinKey, MAX_PINS);
}

export function parseLastProject(value: unknown): ByConnection<string> | undefined {
  if (!isRecord(value)) return undefined;
  const out: ByConnection<string> = {};
  for (const [connection, project] of Object.entries(value)) if (isText(project)) out[connection] = project;
  return out;
}

/** The view a location shows, if one was saved for it exactly. */
export function viewAt(views: readonly SavedView[], path: string, search: string): SavedView | undefined {
  const wanted = normalSearch(search);
  return views.find((v) => v.path === path && normalSearch(v.search) === wanted);
}

/** The query string with its parameters in one order, so `?a=1&b=2` and `?b=2&a=1` are the same view. */
export function normalSearch(search: string): string {
  const params = new URLSearchParams(search);
  params.sort();
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** What a view's path shows, for the sidebar and the palette: the kind and where. */
export function describeViewPath(path: string): { plural: string; project: string | undefined } {
  const parts = path.split('/').map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  return parts[1] === 'all'
    ? { plural: parts[2] ?? '', project: undefined }
    : { plural: parts[3] ?? '', project: parts[2] };
}
