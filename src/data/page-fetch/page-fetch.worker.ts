/**
 * The list pages' worker: makes the requests for a long list's pages and reads their bodies here, off the page's
 * thread, asking for each next page the moment a page's head names its continue token (page-fetcher.ts). The
 * page gets each answer whole and decoded.
 */
import type { PageReply, PageRequest } from './page-fetch-protocol.ts';
import { PageFetcher } from './page-fetcher.ts';
import { messageOf } from '../worker-fetch.ts';

// The worker's global scope, typed by hand: the project's TypeScript lib is the DOM's, not the WebWorker's.
const scope = self as unknown as {
  postMessage(message: PageReply, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<PageRequest>) => void) | null;
};

const fetcher = new PageFetcher((url, init) => fetch(url, init));

scope.onmessage = (event) => {
  const request = event.data;
  if (request.kind === 'abort') {
    fetcher.abort(request.id);
    return;
  }
  const { id } = request;
  fetcher.fetch(id, request.url, request.headers, request.following).then(
    (page) => scope.postMessage({ kind: 'answer', id, ...page }),
    (error: unknown) => scope.postMessage({ kind: 'unreachable', id, message: messageOf(error) }),
  );
};
