/**
 * Deleting a collection (Kubernetes' deletecollection verb): the objects a list with the same selectors finds are
 * deleted one by one with the same DeleteOptions, and the answer is that list, the objects as they were listed,
 * which is what kube-apiserver answers. One that went meanwhile (a dependent of another) is skipped.
 */
import { API_VERSION, type ObjectList } from '@/shared/protocol.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Reply } from '../http/reply.ts';
import type { KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { listObjects, selectorFrom } from './list.ts';
import { deleteObject, type DeleteRequest } from './writes.ts';

export interface CollectionDeleteRequest extends Omit<DeleteRequest, 'name'> {
  /** The list's query: labelSelector, fieldSelector, and limit and continue to delete one page. */
  params: URLSearchParams;
}

export async function deleteCollection(state: MockState, req: CollectionDeleteRequest): Promise<Reply> {
  const { kind, namespace, params } = req;
  const list = paged(params) ? await listObjects(state, listQuery(kind, namespace, params)) : everything(state, req);
  for (const obj of list.items) {
    try {
      deleteObject(state, { ...req, name: obj.metadata.name ?? '' });
    } catch (error) {
      if (!(error instanceof ApiFailure && error.reason === 'NotFound')) throw error;
    }
  }
  return { code: 200, body: list };
}

/** With a limit (or a continue token), kube-apiserver deletes that one page and answers it, continue included. */
function paged(params: URLSearchParams): boolean {
  const limit = params.get('limit');
  return (limit !== null && limit !== '' && limit !== '0') || !!params.get('continue');
}

function listQuery(kind: KindDef, namespace: string, params: URLSearchParams) {
  return { resource: kind.plural, namespace, listKind: `${kind.kind}List`, apiVersion: API_VERSION, params };
}

function everything(state: MockState, req: CollectionDeleteRequest): ObjectList {
  const selector = selectorFrom(req.params);
  const all = state.store.list(req.kind.plural, req.namespace);
  return {
    apiVersion: API_VERSION,
    kind: `${req.kind.kind}List`,
    metadata: { resourceVersion: String(state.store.resourceVersion) },
    items: selector ? all.filter(selector) : all,
  };
}
