/**
 * Lists: selectors, `limit` (default 500, at most 1,000: a larger one is served 1,000) and `continue` tokens that page one consistent snapshot
 * (the objects as they were when the first page was served, however they change in between).
 */
import { randomBytes } from 'node:crypto';
import type { NodusObject, ObjectList } from '@/shared/protocol.ts';
import { ApiFailure } from '../http/errors.ts';
import type { MockState } from '../state.ts';
import { both, parseFieldSelector, parseLabelSelector, type Selector } from '../store/selectors.ts';

export const DEFAULT_LIMIT = 500;
export const MAX_LIMIT = 1000;

export interface ListQuery {
  resource: string;
  namespace: string | undefined;
  listKind: string;
  apiVersion: string;
  params: URLSearchParams;
}

export function selectorFrom(params: URLSearchParams): Selector | undefined {
  return both(parseLabelSelector(params.get('labelSelector')), parseFieldSelector(params.get('fieldSelector')));
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
}

function encodeToken(token: Token): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(raw: string): Token {
  try {
    const token = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Token;
    if (typeof token.s === 'string' && Number.isInteger(token.o) && token.o >= 0) return token;
  } catch {
    // fall through to the error below
  }
  throw new ApiFailure('BadRequest', 'the continue token is not one this server issued', {
    fix: 'Send metadata.continue exactly as the previous page returned it, or list from the start.',
  });
}

export function listObjects(state: MockState, q: ListQuery): ObjectList {
  const limit = parseLimit(q.params.get('limit'));
  const rawContinue = q.params.get('continue');
  let items: NodusObject[];
  let rv: string;
  let offset = 0;
  let snapshotId: string | undefined;
  if (rawContinue) {
    const token = decodeToken(rawContinue);
    const snapshot = state.snapshot(token.s);
    if (!snapshot) {
      throw new ApiFailure('Expired', 'the continue token has expired (list snapshots are kept for 5 minutes)', {
        fix: 'List again from the start, without continue.',
      });
    }
    items = snapshot.items;
    rv = snapshot.rv;
    offset = token.o;
    snapshotId = snapshot.id;
  } else {
    const selector = selectorFrom(q.params);
    const all = state.store.list(q.resource, q.namespace);
    items = selector ? all.filter(selector) : all;
    rv = String(state.store.resourceVersion);
  }
  const end = Math.min(items.length, offset + limit);
  const page = items.slice(offset, end);
  const metadata: ObjectList['metadata'] = { resourceVersion: rv };
  if (end < items.length) {
    if (!snapshotId) {
      snapshotId = randomBytes(9).toString('base64url');
      state.saveSnapshot({ id: snapshotId, rv, items, created: state.now() });
    }
    metadata.continue = encodeToken({ s: snapshotId, o: end });
    metadata.remainingItemCount = items.length - end;
  }
  return { apiVersion: q.apiVersion, kind: q.listKind, metadata, items: page };
}
