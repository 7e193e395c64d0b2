/** The /_mock/ development controls' routes: on unless the server runs in production mode. */
import { readBody, requireObject } from '../http/body.ts';
import { sendJson, type Ctx } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import { loadBaseline, loadDemoData } from '../demo/demo-data.ts';
import { clearFaults, compactHistory, getFaults, listOpenStreams, setFaults } from '../faults/faults.ts';
import type { MockState } from '../state.ts';
import { churn, seed, setPriceBook } from './dev.ts';
import { methodNotAllowed, notFoundPath, reply } from './replies.ts';

export async function routeDev(state: MockState, ctx: Ctx, action: string): Promise<void> {
  if (!state.config.devControls) {
    throw new ApiFailure(
      'NotFound',
      `${ctx.url.pathname} is not served: the /_mock/ development controls are off on this server`,
      {
        fix: 'Start the mock for development or tests (without NODUS_MOCK_MODE=production or NODUS_MOCK_DEV_CONTROLS=0) to use /_mock/.',
      },
    );
  }
  if (action === 'price-book' && ctx.method === 'GET') return sendJson(ctx, 200, state.priceBook);
  if (action === 'faults' && ctx.method === 'GET') return reply(state, ctx, getFaults(state));
  if (action === 'streams') {
    if (ctx.method !== 'GET') throw methodNotAllowed(ctx, ['GET']);
    return reply(state, ctx, listOpenStreams(state, ctx));
  }
  if (action === 'faults' && ctx.method === 'DELETE') return reply(state, ctx, clearFaults(state));
  if (ctx.method !== 'POST')
    throw methodNotAllowed(
      ctx,
      action === 'price-book' ? ['GET', 'POST'] : action === 'faults' ? ['GET', 'POST', 'DELETE'] : ['POST'],
    );
  const body =
    ctx.req.headers['content-length'] === '0'
      ? {}
      : requireObject((await readBody(ctx.req, ['application/json', ''])).value ?? {});
  switch (action) {
    case 'reset':
      state.reset();
      if (state.config.demoData) loadDemoData(state);
      else loadBaseline(state);
      return reply(state, ctx, {
        code: 200,
        body: { reset: true, resourceVersion: String(state.store.resourceVersion) },
      });
    case 'price-book':
      return reply(state, ctx, setPriceBook(state, body));
    case 'seed':
      return reply(state, ctx, seed(state, body));
    case 'churn':
      return reply(state, ctx, churn(state, body));
    case 'faults':
      return reply(state, ctx, setFaults(state, body));
    case 'compact':
      return reply(state, ctx, compactHistory(state));
    default:
      throw notFoundPath(ctx);
  }
}
