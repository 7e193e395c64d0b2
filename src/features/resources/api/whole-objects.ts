/**
 * The whole objects behind a table's rows, for what acts on them or exports them: a row carries its printed
 * cells and its metadata only. A few (or a few of a long table) are read with one GET each; more, by listing
 * what the table lists (its project and selectors) and keeping those asked for, which is one request per
 * thousand instead of one each. A row whose object is no longer there (or is another object of the same name
 * now) is reported as gone.
 */
import { apiClient } from '@/data/api-client.ts';
import { eachAtMost } from '@/lib/each-at-most.ts';
import { isApiError, type ApiError, type RetryInfo } from '@/data/client/index.ts';
import { getObject } from '@/data/objects.ts';
import { selectorParams, watchPath, type ListWatchTarget } from '@/data/watch/index.ts';
import { isRow, type TableItem } from '@/shared/printer-columns.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { objectKey } from '../table/snapshot-diff.ts';

export interface WholeObjects {
  /** In the order asked for. */
  objects: NodusObject[];
  /** The rows whose objects are gone. */
  gone: TableItem[];
}

/** Up to this many are read one by one whatever the table's size. */
export const ONE_BY_ONE = 20;

/**
 * A GET costs about what a list page of this many objects does (a request's own cost dominates in the browser):
 * more rows than the table lists divided by this are read by listing it.
 */
const OBJECTS_PER_GET = 100;

export interface WholeObjectsOptions {
  signal?: AbortSignal;
  /** Reads are retried for minutes on a failing API: the caller hears of each retry, to say so. */
  onRetry?: (info: RetryInfo) => void;
  /** How many objects the table lists (its watch's size): reading them all must cost less than a GET each. */
  listed: number;
}

/**
 * The whole objects of `items`, read from where `target` (the table's watch) lists them; those already whole are
 * taken as they are. Rejects with the API's error, after stopping the reads still under way.
 */
export async function wholeObjects(
  target: ListWatchTarget,
  items: readonly TableItem[],
  options: WholeObjectsOptions,
): Promise<WholeObjects> {
  const rows = items.filter(isRow);
  const found = new Map<string, NodusObject>();
  const inner = new AbortController();
  const stop = () => inner.abort();
  options.signal?.addEventListener('abort', stop);
  if (options.signal?.aborted) inner.abort();
  const read = { signal: inner.signal, ...(options.onRetry ? { retry: { onRetry: options.onRetry } } : {}) };
  try {
    let single = rows;
    if (rows.length > ONE_BY_ONE && rows.length * OBJECTS_PER_GET >= options.listed) {
      const wanted = new Set(rows.map(objectKey));
      const list = await apiClient.list<NodusObject>(watchPath(target), {
        params: selectorParams(target),
        limit: 500,
        maxLimit: 1000,
        ...read,
      });
      for (const object of list.items) if (wanted.has(objectKey(object))) found.set(objectKey(object), object);
      // Not in the list: deleted, or no longer matching the table's selectors; a few are asked for by name.
      single = rows.filter((row) => !found.has(objectKey(row)));
      if (single.length > ONE_BY_ONE) single = [];
    }
    await eachAtMost(3, single, async (row) => {
      const { namespace = '', name = '' } = row.metadata;
      try {
        const object = await getObject(target, namespace, name, read);
        // Another object of the same name since: the one in the row is gone.
        if (objectKey(object) === objectKey(row)) found.set(objectKey(row), object);
      } catch (error) {
        if (!(isApiError(error) && error.code === 404)) throw error;
      }
    });
  } catch (error) {
    inner.abort();
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  const objects: NodusObject[] = [];
  const gone: TableItem[] = [];
  for (const item of items) {
    const object = isRow(item) ? found.get(objectKey(item)) : item;
    if (object) objects.push(object);
    else gone.push(item);
  }
  return { objects, gone };
}

/** What a failing read's error says of the API, for "Reading …: the API answered 503 ServiceUnavailable". */
export function apiTrouble(error: ApiError): string {
  return error.code === 0 ? 'could not be reached' : `answered ${error.code} ${error.reason}`;
}
