/** How many objects a list holds, without reading them: one page of one, and its `remainingItemCount`. */
import type { ObjectList } from '@/shared/protocol.ts';
import type { ApiClient, RequestOptions } from './client-types.ts';

/** undefined where the server does not say how many remain (kube-apiserver does not, for a selector). */
export async function countList(
  client: Pick<ApiClient, 'get'>,
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<number | undefined> {
  // One page on purpose: `list` would follow `continue` through every object.
  const page = await client.get<ObjectList>(path, { ...options, params: { ...options.params, limit: 1 } });
  const listed = page.items?.length ?? 0;
  if (!page.metadata?.continue) return listed;
  const remaining = page.metadata.remainingItemCount;
  return typeof remaining === 'number' ? listed + remaining : undefined;
}
