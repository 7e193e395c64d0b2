/**
 * GET .../sandboxes/{name}/exec, upgraded to a WebSocket that speaks Kubernetes' remote command protocol (wire.ts)
 * to the simulated shell. Everything that can be refused is refused before the upgrade, as an HTTP Status with
 * reason, message, fix and requestId: a bad query, an object that is missing or not Running, too many shells, no
 * upgrade asked for, a bad handshake, no channel protocol this server speaks. A browser cannot read the answer to
 * a refused WebSocket, so a plain GET of the same URL gets the same refusal (or, when all is in order, 400 saying
 * an upgrade is needed). The key and the page's origin were checked before routing (server.ts), as for every
 * request.
 */
import type { Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import type { NodusObject } from '@/shared/protocol.ts';
import { sandboxTree } from '../files/trees.ts';
import type { Ctx } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import { offeredProtocols } from '../http/websocket.ts';
import type { KindDef } from '../kinds/index.ts';
import { notFound } from '../objects/writes.ts';
import type { MockState } from '../state.ts';
import { parseExecOptions, type ExecOptions } from './options.ts';
import { ShellProgram } from './program.ts';
import { execSessions } from './sessions.ts';
import { ExecSession } from './session.ts';
import { Shell } from './shell/shell.ts';
import { CHANNEL_PROTOCOLS } from './wire.ts';

const RUNNING = 'Running';
const USER = 'user';
/** The largest message the socket layer accepts at all; past the stdin limit and under this, a Status says why. */
const MAX_PAYLOAD_BYTES = 1024 * 1024;

function requireHandshake(ctx: Ctx): void {
  const { headers } = ctx.req;
  const fix =
    'Open it as a WebSocket (new WebSocket(url, ["v5.channel.k8s.io", ...]) in a browser, or any WebSocket client), not a plain GET.';
  if (!ctx.upgrade)
    throw new ApiFailure(
      'BadRequest',
      'exec needs a WebSocket: this request asked for no upgrade (it would be accepted)',
      {
        fix,
      },
    );
  if ((headers.upgrade ?? '').toLowerCase() !== 'websocket')
    throw new ApiFailure('BadRequest', `exec upgrades only to websocket, not to "${headers.upgrade ?? ''}"`, { fix });
  const key = headers['sec-websocket-key'];
  if (headers['sec-websocket-version'] !== '13' || key === undefined || !/^[+/0-9A-Za-z]{22}==$/.test(key.trim()))
    throw new ApiFailure(
      'BadRequest',
      'the WebSocket handshake is not valid (it needs Sec-WebSocket-Version: 13 and a Sec-WebSocket-Key)',
      { fix },
    );
}

/** The channel protocol both sides speak, the newest first. */
function chooseProtocol(ctx: Ctx): string {
  const offered = offeredProtocols(ctx.req);
  const chosen = CHANNEL_PROTOCOLS.find((p) => offered.includes(p));
  if (chosen) return chosen;
  throw new ApiFailure(
    'BadRequest',
    `exec speaks the subprotocols ${CHANNEL_PROTOCOLS.join(' and ')}; the request offered ${
      offered.filter((p) => !p.startsWith('base64url.bearer.')).join(', ') || 'none'
    }`,
    {
      fix: `Offer the subprotocol ${CHANNEL_PROTOCOLS[0]} (Sec-WebSocket-Protocol), as kubectl 1.30 and later do.`,
    },
  );
}

function notRunning(kind: KindDef, obj: NodusObject): ApiFailure {
  const name = obj.metadata.name ?? '';
  const phase = String(obj.status?.phase ?? 'Pending');
  const run = kind.states?.run ?? RUNNING;
  const starting = obj.spec?.state === run;
  return new ApiFailure('Conflict', `${kind.kind} "${name}" is not running: its phase is ${phase}`, {
    details: { name, group: 'nodus.dev', kind: kind.plural },
    fix: starting
      ? `It is starting: wait until status.phase is Running, then open the shell again.`
      : `Start it: set spec.state to ${run} (kubectl patch ${kind.singular} ${name} --type merge -p '{"spec":{"state":"${run}"}}'), wait until status.phase is Running, then open the shell again.`,
  });
}

/** The object's own variables: those with a literal value (spec.env). */
function envOf(obj: NodusObject): { name: string; value: string }[] {
  const env = obj.spec?.env;
  if (!Array.isArray(env)) return [];
  return env.flatMap((item: unknown) => {
    const { name, value } = (item ?? {}) as { name?: unknown; value?: unknown };
    return typeof name === 'string' && typeof value === 'string' ? [{ name, value }] : [];
  });
}

function startSession(
  state: MockState,
  ctx: Ctx,
  kind: KindDef,
  obj: NodusObject,
  options: ExecOptions,
  protocol: string,
  release: () => void,
): void {
  const { socket, head } = ctx.upgrade!;
  const namespace = obj.metadata.namespace ?? '';
  const name = obj.metadata.name ?? '';
  // Made before the upgrade, so that anything wrong with the tree is still an HTTP answer.
  const shell = new Shell({
    tree: sandboxTree(state, namespace, name),
    env: envOf(obj),
    user: USER,
    hostname: name.slice(0, 63),
    home: `/home/${USER}`,
    terminal: options.tty,
  });
  // The socket is the session's now: the response that would have carried an error lets go of it.
  ctx.res.detachSocket(socket as Socket);
  // However the socket goes (before the upgrade completes, too), its slot is freed; releasing is idempotent.
  socket.once('close', release);
  const server = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: Math.max(MAX_PAYLOAD_BYTES, state.config.exec.stdinMessageBytes + 1),
    handleProtocols: () => protocol,
  });
  server.handleUpgrade(ctx.req, socket, head, (ws) => {
    const session = new ExecSession(ws, {
      state,
      kind,
      obj,
      options,
      protocol,
      requestId: ctx.requestId,
      docsBase: ctx.origin,
      release,
      guard: ctx.access && ((end) => ctx.access!.guard(end)),
    });
    session.start(new ShellProgram(shell, options, session.io, `${kind.kind} "${name}"`));
  });
}

export function serveExec(state: MockState, ctx: Ctx, kind: KindDef, namespace: string, name: string): void {
  if (!kind.exec)
    throw new ApiFailure('NotFound', `${kind.kind} objects have no shell: exec is for objects that run a container`, {
      fix: 'Open a shell in a Sandbox.',
    });
  if (ctx.method !== 'GET')
    throw new ApiFailure('MethodNotAllowed', `exec is opened with GET and a WebSocket upgrade, not ${ctx.method}`, {
      fix: 'Use GET with Upgrade: websocket.',
    });
  // The query and the object come before the handshake: a browser cannot read a refused upgrade's answer, so it
  // asks again with a plain GET, which must meet the same reason (not running, not found, a bad query).
  const options = parseExecOptions(ctx.url.searchParams);
  const obj = state.store.get(kind.plural, namespace, name);
  if (!obj) throw notFound(kind, namespace, name);
  if (obj.status?.phase !== RUNNING) throw notRunning(kind, obj);
  const sessions = execSessions(state);
  const key = `${kind.plural}/${namespace}/${name}`;
  const what = `${kind.kind} "${name}"`;
  // Checked before the handshake, so that a plain GET learns the refusal an upgrade would get.
  sessions.check(key, what, state.config.exec);
  requireHandshake(ctx);
  const protocol = chooseProtocol(ctx);
  const release = sessions.admit(key, what, state.config.exec);
  try {
    startSession(state, ctx, kind, obj, options, protocol, release);
  } catch (error) {
    release();
    throw error;
  }
}
