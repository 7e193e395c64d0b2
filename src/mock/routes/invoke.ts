/**
 * POST .../functions/{name}/invoke: the request body goes to the Function and its answer comes back as it is
 * (status code, Content-Type, body), marked with Nodus-Invocation-Id, Nodus-Duration-Ms and Nodus-Charged-USD.
 * Refusals of the API itself (no such Function, not Running, over its max cost, too many at once, body too large)
 * are Statuses without those headers, so a client can tell "the Function failed" from "the API refused".
 */
import {
  HEADER_INVOCATION_CHARGE,
  HEADER_INVOCATION_DURATION,
  HEADER_INVOCATION_ID,
  type NodusObject,
} from '@/shared/protocol.ts';
import { chargeInvocation } from '../controller/invocations.ts';
import { recordInvocation, type Answer } from '../events/transitions.ts';
import { readRaw } from '../http/body.ts';
import { sendJson, type Ctx, type Headers } from '../http/context.ts';
import { ApiFailure, statusBody } from '../http/errors.ts';
import type { KindDef } from '../kinds/index.ts';
import { formatMoney } from '../money.ts';
import { notFound } from '../objects/writes.ts';
import type { MockState } from '../state.ts';
import { answer, behaviourOf, slowDelay } from './invoke-handlers.ts';
import { methodNotAllowed } from './replies.ts';

/** Invocations running now, per Function uid, per server: what spec.concurrency × replicas bounds. */
const inFlight = new WeakMap<MockState, Map<string, number>>();

function flights(state: MockState): Map<string, number> {
  let map = inFlight.get(state);
  if (!map) inFlight.set(state, (map = new Map()));
  return map;
}

function spec(obj: NodusObject): Record<string, unknown> {
  return (obj.spec ?? {}) as Record<string, unknown>;
}

function notRunning(kind: KindDef, obj: NodusObject, phase: string): ApiFailure {
  const name = obj.metadata.name ?? '';
  const ns = obj.metadata.namespace ?? '';
  const capped = obj.status?.conditions?.some((c) => c.type === 'Ready' && c.reason === 'MaxCostReached');
  const waiting = phase === 'Pending' || phase === 'Starting';
  const fix = obj.metadata.deletionTimestamp
    ? `It is being deleted; create it again to invoke it.`
    : capped
      ? `It stopped at its cost cap: raise spec.maxCostUSD (kubectl patch ${kind.singular} ${name} -n ${ns} --type=merge -p '{"spec":{"maxCostUSD":"<more>"}}') and invoke again once it is Running.`
      : waiting
        ? `Wait until it is Running (kubectl wait --for=jsonpath='{.status.phase}'=Running ${kind.singular}/${name} -n ${ns}), then invoke again.`
        : `Start it: set spec.state to Running (kubectl patch ${kind.singular} ${name} -n ${ns} --type=merge -p '{"spec":{"state":"Running"}}'), then invoke again once it is Running.`;
  return new ApiFailure('Conflict', `${kind.kind} "${name}" is ${phase}: it answers invocations only while Running`, {
    details: {
      kind: kind.kind,
      name,
      group: 'nodus.dev',
      causes: [{ field: 'status.phase', reason: 'NotRunning', message: phase }],
    },
    fix,
    ...(waiting ? { retryAfterSeconds: 2 } : {}),
  });
}

/** Resolves true after `ms`, or false as soon as the client has gone (nothing is left to answer). */
function wait(ctx: Ctx, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const gone = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      ctx.res.off('close', gone);
      resolve(true);
    }, ms);
    timer.unref();
    ctx.res.once('close', gone);
  });
}

export async function serveInvoke(
  state: MockState,
  ctx: Ctx,
  kind: KindDef,
  namespace: string,
  name: string,
): Promise<void> {
  if (!kind.invoke) {
    ctx.req.resume();
    throw new ApiFailure('NotFound', `${kind.kind} objects cannot be invoked: only Functions answer requests`, {
      details: { kind: kind.kind, name, group: 'nodus.dev' },
      fix: 'Invoke a Function: POST /apis/nodus.dev/v1/namespaces/{project}/functions/{name}/invoke.',
    });
  }
  if (ctx.method !== 'POST') {
    ctx.req.resume();
    throw methodNotAllowed(ctx, ['POST']);
  }
  const started = performance.now();
  const body = await readRaw(ctx.req);
  const obj = state.store.get(kind.plural, namespace, name);
  if (!obj) throw notFound(kind, namespace, name);
  const phase = String(obj.status?.phase ?? 'Pending');
  if (phase !== 'Running' || obj.metadata.deletionTimestamp) throw notRunning(kind, obj, phase);
  const uid = obj.metadata.uid ?? name;
  const limit = Math.max(1, Number(spec(obj).concurrency ?? 1)) * Math.max(1, Number(obj.status?.replicas ?? 1));
  const running = flights(state).get(uid) ?? 0;
  if (running >= limit) {
    throw new ApiFailure(
      'TooManyRequests',
      `${kind.kind} "${name}" is answering ${running} requests, as many as spec.concurrency × replicas (${limit}) allows`,
      {
        details: { kind: kind.kind, name, group: 'nodus.dev' },
        fix: 'Wait for Retry-After seconds and send it again, or raise spec.concurrency or spec.minReplicas.',
        retryAfterSeconds: 1,
      },
    );
  }
  const charge = chargeInvocation(state, kind, obj);
  const by = { actor: ctx.user?.username ?? state.config.principal, requestId: ctx.requestId };
  if (!charge.ok) {
    recordInvocation(state, obj, { refused: `spent $${charge.spent} of its spec.maxCostUSD $${charge.max}` }, by);
    throw new ApiFailure(
      'Conflict',
      `${kind.kind} "${name}" has spent $${charge.spent} of its spec.maxCostUSD $${charge.max}; one invocation costs $${charge.price}`,
      {
        details: { kind: kind.kind, name, group: 'nodus.dev' },
        fix: `Raise spec.maxCostUSD (kubectl patch ${kind.singular} ${name} -n ${namespace} --type=merge -p '{"spec":{"maxCostUSD":"<more>"}}'), then invoke again.`,
      },
    );
  }
  flights(state).set(uid, running + 1);
  try {
    const answered = await respond(state, ctx, obj, body, started, formatMoney(charge.price));
    if (answered) recordInvocation(state, obj, answered, by);
  } finally {
    const left = (flights(state).get(uid) ?? 1) - 1;
    if (left > 0) flights(state).set(uid, left);
    else flights(state).delete(uid);
  }
}

async function respond(
  state: MockState,
  ctx: Ctx,
  obj: NodusObject,
  body: Buffer,
  started: number,
  charged: string,
): Promise<Answer | undefined> {
  const name = obj.metadata.name ?? '';
  const behaviour = behaviourOf(spec(obj).handler);
  const timeoutMs = Math.max(1, Number(spec(obj).timeoutSeconds ?? 300)) * 1000;
  const delay = behaviour === 'slow' ? slowDelay(body) : 0;
  const timedOut = delay > timeoutMs;
  if (delay > 0 && !(await wait(ctx, Math.min(delay, timeoutMs)))) return undefined;
  await state.flushed();
  const headers: Headers = {
    [HEADER_INVOCATION_ID]: state.newUid('inv'),
    [HEADER_INVOCATION_DURATION]: String(Math.round(performance.now() - started)),
    [HEADER_INVOCATION_CHARGE]: charged,
  };
  if (timedOut) {
    const failure = new ApiFailure(
      'Timeout',
      `${name} did not answer within spec.timeoutSeconds (${timeoutMs / 1000} s); the request was cut off`,
      {
        details: { kind: obj.kind, name, group: 'nodus.dev' },
        fix: 'Make the handler answer sooner, or raise spec.timeoutSeconds.',
      },
    );
    sendJson(ctx, 504, statusBody(failure, ctx.requestId, ctx.origin), headers);
    return { timedOutSeconds: timeoutMs / 1000 };
  }
  const reply = answer(behaviour, {
    body,
    contentType: ctx.req.headers['content-type'],
    headers: ctx.req.headers,
    name,
    receivedAt: new Date(state.now()).toISOString(),
  });
  sendJson(ctx, reply.code, reply.body, headers);
  return { code: reply.code };
}
