/**
 * Starts the benchmark's mock API in its own process (mock-process.ts) and talks to it: seeding, churn, lists and
 * raw watches, with the demo key. Only the benchmark's own set-up and its measurements of the mock go through here;
 * the clients under test (the console, kubectl, the watch caches) use their own HTTP code.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEMO_API_KEY } from '../../../src/shared/protocol.ts';
import type { MockMemory, MockProcessConfig, MockProcessMessage } from './mock-process.ts';

export const HEADERS = { Authorization: `Bearer ${DEMO_API_KEY}`, 'Content-Type': 'application/json' };

export interface MockHandle {
  url: string;
  port: number;
  tlsUrl: string;
  certPath: string;
  api: MockApi;
  memory: () => Promise<MockMemory>;
  /** Lets pages of this origin (the console's) call the mock from a browser, as NODUS_MOCK_ALLOWED_ORIGINS does. */
  allowOrigin: (origin: string) => Promise<void>;
  close: () => Promise<void>;
}

/** `node --import tsx`: the children run TypeScript like the parent does. */
export function tsxExecArgv(extra: string[] = []): string[] {
  return ['--import', 'tsx', ...extra];
}

/** The next message of `type` from a child process (mock-process.ts, console-process.ts). */
export function nextMessage<M extends { type: string }, T extends M['type'] = M['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<M, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: M) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message as Extract<M, { type: T }>);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the mock process exited (code ${code}) before it sent "${type}"`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

export async function startMock(config: MockProcessConfig): Promise<MockHandle> {
  const script = fileURLToPath(new URL('./mock-process.ts', import.meta.url));
  // Room for 50,000 objects and the history of the churn scenarios, whatever Node's default heap limit is here.
  // NODUS_BENCH_MOCK_PROFILE=DIR: a V8 CPU profile of the mock's whole run, written to DIR when it exits.
  const profile = process.env.NODUS_BENCH_MOCK_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.NODUS_BENCH_MOCK_PROFILE}`]
    : [];
  const child = fork(script, [JSON.stringify(config)], {
    execArgv: tsxExecArgv(['--max-old-space-size=4096', ...profile]),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await nextMessage<MockProcessMessage, 'ready'>(child, 'ready');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: ready.url,
    port: Number(new URL(ready.url).port),
    tlsUrl: ready.tlsUrl,
    certPath: ready.certPath,
    api: new MockApi(ready.url),
    memory: async () => {
      const reply = nextMessage<MockProcessMessage, 'memory'>(child, 'memory');
      child.send({ type: 'memory' });
      const { type: _type, ...memory } = await reply;
      return memory;
    },
    allowOrigin: async (origin) => {
      const reply = nextMessage<MockProcessMessage, 'origin-allowed'>(child, 'origin-allowed');
      child.send({ type: 'allow-origin', origin });
      await reply;
    },
    close: async () => {
      if (child.exitCode === null) child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface WatchEvent {
  type: string;
  object: { metadata: { name?: string; resourceVersion?: string }; status?: Record<string, unknown> };
}

export interface RawWatch {
  /** Resolves when the stream ends (closed by either side). */
  done: Promise<void>;
  close: () => void;
}

export class MockApi {
  constructor(readonly url: string) {}

  async post<T = Record<string, unknown>>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.url}${path}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async get<T = Record<string, unknown>>(path: string): Promise<T> {
    const res = await fetch(`${this.url}${path}`, { headers: HEADERS });
    const text = await res.text();
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  jobsPath(project: string): string {
    return `/apis/nodus.dev/v1/namespaces/${project}/jobs`;
  }

  /** Seeds `count` Jobs (the mock takes up to 100,000 a call). */
  async seedJobs(project: string, count: number): Promise<void> {
    for (let done = 0; done < count;) {
      const n = Math.min(100_000, count - done);
      await this.post('/_mock/seed', { project, kind: 'Job', count: n });
      done += n;
    }
  }

  /**
   * Starts `rate × seconds` MODIFIED events on the project's Jobs (only the first `first` by name, when given);
   * resolves once the mock has accepted, not finished.
   */
  async churnJobs(project: string, rate: number, seconds: number, first?: number): Promise<void> {
    await this.post('/_mock/churn', { project, kind: 'Job', eventsPerSecond: rate, seconds, first });
  }

  /** The version a watch started now would start after. */
  async resourceVersion(project: string): Promise<string> {
    const list = await this.get<{ metadata: { resourceVersion: string } }>(`${this.jobsPath(project)}?limit=1`);
    return list.metadata.resourceVersion;
  }

  /**
   * A watch read line by line, each event handed over with the time it was read (performance.timeOrigin-based
   * epoch milliseconds, comparable with a browser's on this machine).
   */
  watchJobs(
    project: string,
    resourceVersion: string,
    onEvent: (event: WatchEvent, receivedAt: number) => void,
  ): Promise<RawWatch> {
    return rawWatch(
      `${this.url}${this.jobsPath(project)}?watch=true&resourceVersion=${resourceVersion}`,
      (chunk, at, state) => {
        state.buffer += state.decoder.decode(chunk, { stream: true });
        let start = 0;
        for (let nl = state.buffer.indexOf('\n'); nl !== -1; nl = state.buffer.indexOf('\n', start)) {
          onEvent(JSON.parse(state.buffer.slice(start, nl)) as WatchEvent, at);
          start = nl + 1;
        }
        state.buffer = state.buffer.slice(start);
      },
    );
  }

  /** A watch whose lines are only counted (no parsing): a reader that costs the mock's measurement nothing. */
  countJobEvents(
    project: string,
    resourceVersion: string,
    onLines: (lines: number, receivedAt: number) => void,
  ): Promise<RawWatch> {
    return rawWatch(
      `${this.url}${this.jobsPath(project)}?watch=true&resourceVersion=${resourceVersion}`,
      (chunk, at) => {
        let lines = 0;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        if (lines) onLines(lines, at);
      },
    );
  }
}

export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

interface ReadState {
  buffer: string;
  decoder: TextDecoder;
}

async function rawWatch(
  url: string,
  onChunk: (chunk: Uint8Array, receivedAt: number, state: ReadState) => void,
): Promise<RawWatch> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: HEADERS, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`watch ${url}: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const state: ReadState = { buffer: '', decoder: new TextDecoder() };
  const done = (async () => {
    try {
      for (;;) {
        const { done: ended, value } = await reader.read();
        if (ended) return;
        onChunk(value, epochNow(), state);
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  })();
  return { done, close: () => controller.abort() };
}
