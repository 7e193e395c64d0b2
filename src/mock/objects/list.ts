/**
 * Lists: selectors, `limit` (default 500, at most 1,000: a larger one is served 1,000) and `continue` tokens that page one consistent snapshot
 * (the objects as they were when the first page was served, however they change in between). A token pages the
 * list that issued it only: the same resource, project and selectors. `resourceVersion` and
 * `resourceVersionMatch` follow kube-apiserver (versions.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { NodusObject, ObjectList } from '@/shared/protocol.ts';
import type { Visibility } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import type { MockState } from '../state.ts';
import { both, parseFieldSelector, parseLabelSelector, type FieldSet, type Selector } from '../store/selectors.ts';
import {
  MATCH_EXACT,
  objectsAt,
  parseResourceVersion,
  tooLargeVersion,
  tooOldVersion,
  validateListOptions,
  waitForVersion,
} from './versions.ts';

export const DEFAULT_LIMIT = 500;
export const MAX_LIMIT = 1000;

export interface ListQuery {
  resource: string;
  namespace: string | undefined;
  listKind: string;
  apiVersion: string;
  params: URLSearchParams;
  /** Across projects, for a key that may read only some of them: the objects it may see. */
  visible?: Visibility | undefined;
  /** The fields it can be selected on, when not those of the Nodus kinds (Events have their own). */
  fields?: FieldSet;
}

export function selectorFrom(params: URLSearchParams, fields?: FieldSet): Selector | undefined {
  return both(parseLabelSelector(params.get('labelSelector')), parseFieldSelector(params.get('fieldSelector'), fields));
}

export function parseLimit(raw: string | null): number {
  if (raw === null || raw === '' || raw === '0') return DEFAULT_LIMIT;
  // Decimal digits only, as Kubernetes reads it: Number() would also take "0x10", "1e3" and " 5".
  const n = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n)) {
    throw new ApiFailure('BadRequest', `limit must be a whole number from 1 to ${MAX_LIMIT}, not "${raw}"`, {
      fix: `Send limit between 1 and ${MAX_LIMIT}, and follow metadata.continue for more.`,
    });
  }
  // As kube-apiserver does: a larger limit is served a page of the maximum, and continue says there is more.
  return Math.min(n, MAX_LIMIT);
}

interface Token {
  s: string;
  o: number;
  /** Which list the token pages (listKey): a wrong list is told so even once the snapshot is gone. */
  l: string;
}

function encodeToken(token: Token): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(raw: string): Token {
  try {
    const token = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Token;
    if (typeof token.s === 'string' && Number.isInteger(token.o) && token.o >= 0 && typeof token.l === 'string')
      return token;
  } catch {
    // fall through to the error below
  }
  throw new ApiFailure('BadRequest', 'the continue token is not one this server issued', {
    fix: 'Send metadata.continue exactly as the previous page returned it, or list from the start.',
  });
}

/** The list a request asks for, in words: its resource, project and selectors. */
function describeList(q: ListQuery): string {
  const label = q.params.get('labelSelector') ?? '';
  const field = q.params.get('fieldSelector') ?? '';
  return [
    q.namespace === undefined ? `${q.resource} in every project` : `${q.resource} in project "${q.namespace}"`,
    label ? `labelSelector "${label}"` : '',
    field ? `fieldSelector "${field}"` : '',
    q.visible ? `as seen by a key that reads ${q.visible.key}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

function listKey(description: string): string {
  return createHash('sha256').update(description).digest('base64url').slice(0, 16);
}

function wrongList(state: MockState, token: Token, wanted: string): ApiFailure {
  const issuer = state.snapshot(token.s)?.list;
  return new ApiFailure(
    'BadRequest',
    `the continue token belongs to another list${issuer ? ` (${issuer})` : ''}, not to this one (${wanted})`,
    {
      fix: 'Send a continue token only with the path, labelSelector and fieldSelector of the list that returned it (limit may change); to list this, start without continue.',
    },
  );
}

/** A page after the first: the snapshot the first page took, if the token is this list's and still kept. */
function continued(state: MockState, q: ListQuery, rawContinue: string, description: string) {
  const token = decodeToken(rawContinue);
  if (token.l !== listKey(description)) throw wrongList(state, token, description);
  const rawRv = q.params.get('resourceVersion');
  if (rawRv && rawRv !== '0') {
    throw new ApiFailure('BadRequest', 'specifying resource version is not allowed when using continue', {
      fix: 'Leave resourceVersion out of the requests for the next pages: the token already names the version.',
    });
  }
  const snapshot = state.snapshot(token.s);
  if (!snapshot) {
    throw new ApiFailure('Expired', 'the continue token has expired (list snapshots are kept for 5 minutes)', {
      fix: 'List again from the start, without continue.',
    });
  }
  if (snapshot.list !== description) throw wrongList(state, token, description);
  return { snapshot, offset: token.o };
}

/** The objects a first page lists from, at the version the request asks for, and that version. */
async function firstPage(state: MockState, q: ListQuery): Promise<{ all: NodusObject[]; rv: number }> {
  const raw = q.params.get('resourceVersion');
  const rv = parseResourceVersion(raw);
  if (rv === undefined) return { all: state.store.list(q.resource, q.namespace), rv: state.store.resourceVersion };
  if (!(await waitForVersion(state, rv))) throw tooLargeVersion(raw!, state.store.resourceVersion);
  const limit = q.params.get('limit');
  // As kube-apiserver: a limit with a version and no match is the older, exact meaning.
  const exact =
    q.params.get('resourceVersionMatch') === MATCH_EXACT ||
    (!q.params.get('resourceVersionMatch') && limit !== null && limit !== '' && limit !== '0');
  if (!exact || rv === state.store.resourceVersion)
    return { all: state.store.list(q.resource, q.namespace), rv: state.store.resourceVersion };
  const all = objectsAt(state.store, q.resource, q.namespace, rv);
  if (!all) throw tooOldVersion(rv, state.store.oldestResumable);
  return { all, rv };
}

export async function listObjects(state: MockState, q: ListQuery): Promise<ObjectList> {
  validateListOptions(q.params, false);
  const limit = parseLimit(q.params.get('limit'));
  const rawContinue = q.params.get('continue');
  const description = describeList(q);
  let items: NodusObject[];
  let rv: string;
  let offset = 0;
  let snapshotId: string | undefined;
  if (rawContinue) {
    const page = continued(state, q, rawContinue, description);
    items = page.snapshot.items;
    rv = page.snapshot.rv;
    offset = page.offset;
    snapshotId = page.snapshot.id;
  } else {
    const selector = selectorFrom(q.params, q.fields); // a bad selector is refused before any wait for a version
    const first = await firstPage(state, q);
    const { visible } = q;
    const keep = visible && selector ? (o: NodusObject) => visible.test(o) && selector(o) : (visible?.test ?? selector);
    items = keep ? first.all.filter(keep) : first.all;
    rv = String(first.rv);
  }
  const end = Math.min(items.length, offset + limit);
  const page = items.slice(offset, end);
  const metadata: ObjectList['metadata'] = { resourceVersion: rv };
  if (end < items.length) {
    if (!snapshotId) {
      snapshotId = randomBytes(9).toString('base64url');
      state.saveSnapshot({ id: snapshotId, rv, items, created: state.now(), list: description });
    }
    metadata.continue = encodeToken({ s: snapshotId, o: end, l: listKey(description) });
    metadata.remainingItemCount = items.length - end;
  }
  return { apiVersion: q.apiVersion, kind: q.listKind, metadata, items: page };
}
