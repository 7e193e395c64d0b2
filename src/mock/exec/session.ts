/**
 * One exec session on an upgraded WebSocket: stdin, resize and close messages in; stdout and stderr out in chunks;
 * one Status on the error channel at the end, then a normal close. Input is handled in order, one message after
 * the output of the one before has gone; a backlog pauses reading from the socket. The session also ends, with a
 * Status that says why, when the object stops running or is deleted, when nothing arrives for the idle timeout,
 * when a stdin message is too large, and when the server shuts down. However it ends, its slot is released.
 */
import type { WebSocket } from 'ws';
import type { NodusObject } from '@/shared/protocol.ts';
import { ApiFailure, statusBody } from '../http/errors.ts';
import type { KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import type { ExecOptions } from './options.ts';
import type { ProgramIO, ShellProgram } from './program.ts';
import { CHANNEL, V5, exitStatus, frames, onlcr, parseResize } from './wire.ts';

export interface SessionSetup {
  state: MockState;
  kind: KindDef;
  obj: NodusObject;
  options: ExecOptions;
  protocol: string;
  requestId: string;
  /** Where a Status's docs link points (the server's own address). */
  docsBase: string;
  /** Frees the session's slot (sessions.ts). */
  release: () => void;
  /** Ends the session with the failure once its key loses the right to it; returns the release (http/context.ts). */
  guard?: ((end: (failure: ApiFailure) => void) => () => void) | undefined;
}

/** Past this much unsent output, writing waits for the socket. */
const HIGH_WATER_BYTES = 1024 * 1024;
/** Messages waiting to be handled before reading pauses, and how few let it resume. */
const PAUSE_BACKLOG = 32;
const RESUME_BACKLOG = 4;
/** A peer that answers no ping within this long is gone (its socket is closed, and its slot freed). */
const PING_MS = 30_000;

export class ExecSession {
  private queue: { channel: number; data: Uint8Array }[] = [];
  private chain: Promise<void> = Promise.resolve();
  private backlog = 0;
  private paused = false;
  private ended = false;
  /** The server ended the session: output still queued or being written is dropped. */
  private dropOutput = false;
  private closed = false;
  private stdinClosed = false;
  private alive = true;
  private idleTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private unguard: (() => void) | undefined;
  private program: ShellProgram | undefined;
  private readonly stopForShutdown = (): void =>
    this.endWith(
      new ApiFailure('ServiceUnavailable', 'the server is shutting down: the shell ended', {
        fix: 'Open the terminal again once the server is back.',
      }),
      true,
    );

  constructor(
    private readonly ws: WebSocket,
    private readonly setup: SessionSetup,
  ) {}

  /** The streams the program writes to. */
  readonly io: ProgramIO = {
    write: (stream, data) => this.write(stream, data),
    flush: () => this.flush(),
  };

  start(program: ShellProgram): void {
    this.program = program;
    const { ws, setup } = this;
    ws.on('message', (data: Buffer, isBinary: boolean) => this.onMessage(data, isBinary));
    ws.on('close', () => this.cleanup());
    // A socket error is followed by close, which cleans up.
    ws.on('error', () => undefined);
    ws.on('pong', () => (this.alive = true));
    this.watchObject();
    this.unguard = setup.guard?.((failure) => this.endWith(failure));
    setup.state.watchers.add(this.stopForShutdown);
    this.resetIdle();
    this.pingTimer = setInterval(() => {
      if (!this.alive) {
        ws.terminate();
        return;
      }
      this.alive = false;
      ws.ping();
    }, PING_MS);
    this.pingTimer.unref();
    this.enqueue(() => program.start());
    void program.done.then((code) => this.end(exitStatus(code, setup.options.command)));
  }

  private watchObject(): void {
    const { state, kind, obj } = this.setup;
    const namespace = obj.metadata.namespace ?? '';
    const name = obj.metadata.name ?? '';
    this.unsubscribe = state.store.subscribe((change) => {
      if (change.resource !== kind.plural || change.namespace !== namespace) return;
      if (change.object.metadata.name !== name) return;
      const what = `${kind.kind} "${name}"`;
      if (change.type === 'DELETED' || change.object.metadata.uid !== obj.metadata.uid) {
        this.endWith(
          new ApiFailure('NotFound', `${what} was deleted: its shell ended`, {
            fix: `Create a ${kind.kind} to open a shell in.`,
          }),
        );
        return;
      }
      const phase = change.object.status?.phase;
      if (phase === 'Running') return;
      const deleting = change.object.metadata.deletionTimestamp !== undefined;
      this.endWith(
        new ApiFailure(
          'Conflict',
          deleting
            ? `${what} is being deleted: its shell ended`
            : `${what} stopped running (its phase is now ${String(phase)}): its shell ended`,
          {
            fix: deleting
              ? `Create a ${kind.kind} to open a shell in.`
              : `Start it again (set spec.state to ${kind.states?.run ?? 'Running'}), wait for phase Running, then open a new shell.`,
          },
        ),
      );
    });
  }

  private resetIdle(): void {
    clearTimeout(this.idleTimer);
    const seconds = this.setup.state.config.exec.idleSeconds;
    this.idleTimer = setTimeout(() => {
      const minutes = seconds >= 120 ? `${Math.round(seconds / 60)} minutes` : `${seconds} seconds`;
      this.endWith(
        new ApiFailure('Timeout', `nothing was typed for ${minutes}: the idle shell was closed`, {
          fix: 'Open the terminal again.',
        }),
      );
    }, seconds * 1000);
    this.idleTimer.unref();
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    if (this.ended) return;
    this.resetIdle();
    // Text messages carry no channel byte this protocol knows (the base64 protocols are not spoken).
    if (!isBinary || data.length === 0) return;
    const channel = data[0]!;
    const payload = data.subarray(1);
    const { options, state } = this.setup;
    const program = this.program!;
    if (channel === CHANNEL.stdin) {
      if (!options.stdin || this.stdinClosed || payload.length === 0) return;
      const limit = state.config.exec.stdinMessageBytes;
      if (payload.length > limit) {
        this.endWith(
          new ApiFailure(
            'RequestEntityTooLarge',
            `a stdin message of ${payload.length} bytes is larger than this server takes (${limit} bytes)`,
            { fix: `Send stdin in messages of at most ${limit} bytes.` },
          ),
        );
        return;
      }
      this.enqueue(() => program.input(payload));
    } else if (channel === CHANNEL.resize) {
      const size = parseResize(payload);
      if (size && options.tty) this.enqueue(async () => program.resize(size.width, size.height));
    } else if (channel === CHANNEL.close && this.setup.protocol === V5 && payload[0] === CHANNEL.stdin) {
      if (this.stdinClosed) return;
      this.stdinClosed = true;
      this.enqueue(() => program.endOfInput());
    }
  }

  private enqueue(task: () => Promise<void>): void {
    this.backlog++;
    if (this.backlog > PAUSE_BACKLOG && !this.paused) {
      this.paused = true;
      this.ws.pause();
    }
    this.chain = this.chain
      .then(() => (this.ended ? undefined : task()))
      .catch((error: unknown) => {
        console.error(`[${this.setup.requestId}] exec:`, error);
        this.endWith(new ApiFailure('InternalError', 'the simulated shell failed'));
      })
      .finally(() => {
        this.backlog--;
        if (this.paused && this.backlog <= RESUME_BACKLOG) {
          this.paused = false;
          this.ws.resume();
        }
      });
  }

  private write(stream: 'out' | 'err', data: string | Uint8Array): void {
    if (this.closed) return;
    const { stdout, stderr, tty } = this.setup.options;
    let bytes: Uint8Array = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (bytes.length === 0) return;
    // A terminal shows both streams, on stdout; without one each stream goes to its channel, if asked for.
    let channel: number;
    if (tty) {
      if (!stdout) return;
      channel = CHANNEL.stdout;
      bytes = onlcr(bytes);
    } else if (stream === 'out') {
      if (!stdout) return;
      channel = CHANNEL.stdout;
    } else {
      if (!stderr) return;
      channel = CHANNEL.stderr;
    }
    const last = this.queue.at(-1);
    if (last && last.channel === channel) last.data = Buffer.concat([last.data, bytes]);
    else this.queue.push({ channel, data: bytes });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const { channel, data } = this.queue.shift()!;
      for (const frame of frames(channel, data)) {
        if (this.closed || this.dropOutput) {
          this.queue = [];
          return;
        }
        if (this.ws.bufferedAmount > HIGH_WATER_BYTES)
          await new Promise<void>((resolve) => this.ws.send(frame, () => resolve()));
        else this.ws.send(frame);
      }
    }
  }

  /** The command ended by itself: its output, then its Status, then a normal close. */
  private end(status: object): void {
    if (this.ended) return;
    this.ended = true;
    this.sendStatusAndClose(status, false);
  }

  /** The server ends the session: what is queued is dropped, and the Status says why. */
  private endWith(failure: ApiFailure, now = false): void {
    if (this.ended) return;
    this.ended = true;
    this.dropOutput = true;
    this.queue = [];
    this.sendStatusAndClose(statusBody(failure, this.setup.requestId, this.setup.docsBase), now);
  }

  private sendStatusAndClose(status: object, now: boolean): void {
    if (this.closed) return;
    const frame = frames(CHANNEL.error, Buffer.from(JSON.stringify(status)))[0]!;
    // Shutting down, the server does not wait for the peer's close: the Status is written, then the socket goes.
    this.ws.send(frame, () => (now ? this.ws.terminate() : this.ws.close(1000)));
    if (now) this.cleanup();
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    this.ended = true;
    this.queue = [];
    clearTimeout(this.idleTimer);
    clearInterval(this.pingTimer);
    this.unsubscribe?.();
    this.unguard?.();
    this.setup.state.watchers.delete(this.stopForShutdown);
    this.setup.release();
  }
}
