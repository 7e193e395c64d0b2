/**
 * The whole objects behind a table's rows, for what acts on them or exports them: a row carries its printed
 * cells and its metadata only. A few are read with one GET each; more, by listing what the table lists (its
 * project and selectors) and keeping those asked for, which is one request per thousand instead of one each.
 * A row whose object is no longer there (or is another object of the same name now) is reported as gone.
 */
import { apiClient } from '@/data/api-client.ts';
import { isApiError, type RetryInfo } from '@/data/client/index.ts';
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

/** Up to this many are read one by one: a list of the table's whole selection costs more below it. */
export const ONE_BY_ONE = 20;

/**
 * The whole objects of `items`, read from where `target` (the table's watch) lists them; those already whole are
 * taken as they are. Rejects with the API's error.
 */
export async function wholeObjects(
  target: ListWatchTarget,
  items: readonly TableItem[],
  options: { signal?: AbortSignal; onRetry?: (info: RetryInfo) => void } = {},
): Promise<WholeObjects> {
  const { signal, onRetry } = options;
  // Reads are retried for minutes on a failing API: the caller hears of each retry, to say so.
  const retry = onRetry ? { retry: { onRetry } } : {};
  const rows = items.filter(isRow);
  const found = new Map<string, NodusObject>();
  if (rows.length > ONE_BY_ONE) {
    const wanted = new Set(rows.map(objectKey));
    const list = await apiClient.list<NodusObject>(watchPath(target), {
      params: selectorParams(target),
      limit: 500,
      maxLimit: 1000,
      ...(signal ? { signal } : {}),
      ...retry,
    });
    for (const object of list.items) if (wanted.has(objectKey(object))) found.set(objectKey(object), object);
  } else {
    await eachAtMost(3, rows, async (row) => {
      const { namespace = '', name = '' } = row.metadata;
      try {
        const object = await getObject(target, namespace, name, { ...(signal ? { signal } : {}), ...retry });
        // Another object of the same name since: the one in the row is gone.
        if (objectKey(object) === objectKey(row)) found.set(objectKey(row), object);
      } catch (error) {
        if (!(isApiError(error) && error.code === 404)) throw error;
      }
    });
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

async function eachAtMost<T>(concurrency: number, items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
