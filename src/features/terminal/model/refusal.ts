/**
 * Why the API refused a terminal, from its answer to the same request without the upgrade (a browser cannot read
 * a refused upgrade's own answer). A 400 there means the API found nothing wrong but the missing upgrade: the
 * refusal was the WebSocket's own, which the console says in its words, keeping the request ID.
 */
import { ApiError } from '@/data/client/index.ts';
import type { Status } from '@/shared/protocol.ts';

export function refusalOf(answer: ApiError | undefined): ApiError {
  if (answer && answer.code !== 400) return answer;
  const status = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    code: 0,
    reason: 'WebSocketRefused',
    message:
      'The API refused the terminal connection itself (the WebSocket upgrade), though the Sandbox can take one: it may not allow WebSockets from this page’s origin, or too many shells are open in it.',
    fix: 'Close other terminals in this Sandbox and press Reconnect; if it goes on, report it with the request ID.',
    ...(answer?.requestId ? { requestId: answer.requestId } : {}),
  } satisfies Status;
  return new ApiError(status, { fromServer: false });
}
