/**
 * Logs over HTTP: GET .../{name}/log with follow, tailLines, sinceSeconds/sinceTime, timestamps and limitBytes, for
 * every kind that runs. The first suite holds the demo objects still (no controller) so that phases are known; the
 * last one runs the lifecycle controller and follows a Job from launch to its end.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type NodusObject } from '@/shared/protocol.ts';
import { JOBS, job, status, withMockApi, type Api } from './harness.ts';

const log = (project: string, plural: string, name: string, query = ''): string =>
  `/apis/nodus.dev/v1/namespaces/${project}/${plural}/${name}/log${query}`;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

function linesOf(text: string): string[] {
  expect(text === '' || text.endsWith('\n')).toBe(true);
  return text === '' ? [] : text.slice(0, -1).split('\n');
}

async function* chunks(body: ReadableStream<Uint8Array> | null): AsyncGenerator<Uint8Array> {
  const reader = body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/** Splits "<RFC3339Nano> <line>" and checks the timestamp's format. */
function stamped(line: string): { ms: number; text: string } {
  const space = line.indexOf(' ');
  const ts = line.slice(0, space);
  expect(ts).toMatch(TIMESTAMP);
  return { ms: Date.parse(ts), text: line.slice(space + 1) };
}

/** An open log stream: complete lines arrive in `lines`; `next(n)` waits until there are n. */
interface LogStream {
  lines: string[];
  headers: Headers;
  status: number;
  next: (count: number, timeoutMs?: number) => Promise<string[]>;
  ended: Promise<void>;
  close: () => void;
}

async function openLog(api: Api, path: string): Promise<LogStream> {
  const controller = new AbortController();
  const res = await fetch(api.url(path), {
    headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
    signal: controller.signal,
  });
  const lines: string[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of chunks(res.body)) {
        buffer += decoder.decode(chunk, { stream: true });
        const parts = buffer.split('\n');
        buffer = parts.pop()!;
        lines.push(...parts);
        wake?.();
      }
    } catch {
      // aborted by close()
    } finally {
      finished = true;
      wake?.();
    }
  })();
  const next = async (count: number, timeoutMs = 5000): Promise<string[]> => {
    const deadline = Date.now() + timeoutMs;
    while (lines.length < count) {
      if (finished) throw new Error(`the log ended after ${lines.length} of ${count} lines`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} lines; got ${lines.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return lines.slice(0, count);
  };
  return { lines, headers: res.headers, status: res.status, next, ended, close: () => controller.abort() };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)),
  ]);
}

describe('logs of demo objects', () => {
  const api = withMockApi({ speed: 20, controller: false });

  it('answers text/plain for every kind that runs, with the headers every response carries, and says what each kind does', async () => {
    const cases: [string, string, string, RegExp][] = [
      ['default', 'jobs', 'train-a', /step +\d+ \| loss \d\.\d{4}/],
      ['default', 'sandboxes', 'dev', /ana@dev.*\$ |\[I ServerApp\]/],
      ['nlp', 'functions', 'embed', /"POST \/embed HTTP\/1\.1"/],
      ['nlp', 'pipelines', 'nightly-eval', /\[(fetch|score|report)\] /],
    ];
    for (const [project, plural, name, typical] of cases) {
      const res = await api.get(log(project, plural, name, '?tailLines=200'));
      expect(res.status, plural).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-request-id')).toMatch(/^req_/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(linesOf(res.text)).toHaveLength(200);
      expect(res.text, plural).toMatch(typical);
    }
    // Kinds that run nothing have no log, and say so.
    for (const [plural, name, kind] of [
      ['budgets', 'monthly', 'Budget'],
      ['volumes', 'datasets', 'Volume'],
    ] as const) {
      const none = await api.get(log('default', plural, name));
      expect(none.status, plural).toBe(404);
      expect(status(none).message).toBe(`${kind} objects have no log: they run nothing`);
    }
  });

  it('reads the same every time, with ANSI colours, progress bars, Unicode, 10 kB lines and HTML kept as text', async () => {
    const path = log('default', 'jobs', 'hello-world', '?limitBytes=60000');
    const first = await api.get(path);
    const again = await api.get(path);
    expect(again.text).toBe(first.text);
    const text = first.text;
    expect(text).toContain('\u001b[36mINFO\u001b[0m');
    expect(text).toMatch(/\d+%\|[█▏▎▍▌▋▊▉ ]+\|[^\n]*\r/);
    expect(text).toMatch(/\p{Extended_Pictographic}/u);
    expect(text).toMatch(/[\u0590-\u05ff]/); // Hebrew, right to left
    expect(text).toContain('<script>alert(1)</script>');
    expect(Math.max(...text.split('\n').map((l) => Buffer.byteLength(l)))).toBeGreaterThanOrEqual(10_000);
  });

  it("ends a failed object's log with the error in its status.message", async () => {
    const obj = (await api.get<NodusObject>('/apis/nodus.dev/v1/namespaces/nlp/jobs/distill-7b')).body;
    const res = await api.get(log('nlp', 'jobs', 'distill-7b', '?tailLines=1'));
    expect(linesOf(res.text)[0]!.endsWith(String(obj.status?.message))).toBe(true);
  });

  it('gives the last lines with tailLines, each after an RFC3339Nano timestamp with timestamps=true', async () => {
    const whole = linesOf((await api.get(log('default', 'jobs', 'hello-world'))).text);
    expect(whole.length).toBeGreaterThan(10_000);
    expect(whole.at(-1)).toContain('succeeded');
    const tail = linesOf((await api.get(log('default', 'jobs', 'hello-world', '?tailLines=100'))).text);
    expect(tail).toEqual(whole.slice(-100));
    expect(linesOf((await api.get(log('default', 'jobs', 'hello-world', '?tailLines=0'))).text)).toEqual([]);

    const timed = linesOf(
      (await api.get(log('default', 'jobs', 'hello-world', '?tailLines=100&timestamps=true'))).text,
    ).map(stamped);
    expect(timed.map((l) => l.text)).toEqual(tail);
    for (let i = 1; i < timed.length; i++) expect(timed[i]!.ms).toBeGreaterThanOrEqual(timed[i - 1]!.ms);
    const obj = (await api.get<NodusObject>(`${JOBS}/hello-world`)).body;
    expect(timed.at(-1)!.ms).toBe(Date.parse(String(obj.status?.completionTime)));
  });

  it('keeps the lines written since sinceSeconds or sinceTime', async () => {
    const path = log('default', 'sandboxes', 'dev', '?timestamps=true&sinceSeconds=2');
    const asked = Date.now();
    const recent = linesOf((await api.get(path)).text).map(stamped);
    // A Sandbox writes 0.5 lines per simulated second: about 20 in 2 s at speed 20.
    expect(recent.length).toBeGreaterThan(5);
    expect(recent.length).toBeLessThan(60);
    expect(recent[0]!.ms).toBeGreaterThanOrEqual(asked - 2000 - 50);
    const since = new Date(Date.now() - 1000).toISOString();
    const fromTime = linesOf(
      (await api.get(log('default', 'sandboxes', 'dev', `?timestamps=true&sinceTime=${since}`))).text,
    ).map(stamped);
    expect(fromTime.length).toBeGreaterThan(0);
    expect(fromTime.length).toBeLessThan(recent.length);
    expect(fromTime[0]!.ms).toBeGreaterThanOrEqual(Date.parse(since));
    // hello-world finished hours ago: nothing in the last minute.
    expect((await api.get(log('default', 'jobs', 'hello-world', '?sinceSeconds=60'))).text).toBe('');
  });

  it('cuts the output at limitBytes, never inside a character', async () => {
    const whole = Buffer.from((await api.get(log('default', 'jobs', 'hello-world'))).text);
    for (const limit of [1000, 12_345, 300_000]) {
      const res = await fetch(api.url(log('default', 'jobs', 'hello-world', `?limitBytes=${limit}`)), {
        headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length).toBeLessThanOrEqual(limit);
      expect(bytes.length).toBeGreaterThan(limit - 4);
      expect(whole.subarray(0, bytes.length).equals(bytes)).toBe(true);
      expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes).length).toBeGreaterThan(0);
    }
  });

  it('refuses query parameters it cannot honour with a 400 that says how to fix them', async () => {
    const bad = [
      'tailLines=-1',
      'tailLines=ten',
      'limitBytes=abc',
      'limitBytes=0',
      'sinceSeconds=0',
      'sinceSeconds=1.5',
      'follow=maybe',
      'timestamps=yes',
      'sinceTime=yesterday',
      'sinceSeconds=5&sinceTime=2026-01-01T00:00:00Z',
    ];
    for (const query of bad) {
      const res = await api.get(log('default', 'jobs', 'train-a', `?${query}`));
      expect(res.status, query).toBe(400);
      expect(status(res)).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400 });
      expect(status(res).fix, query).toMatch(/Send|leave it out/);
      expect(status(res).requestId).toMatch(/^req_/);
    }
  });

  it('answers 400 for an object waiting to start, like Kubernetes, and says to wait or follow', async () => {
    const res = await api.get(log('default', 'jobs', 'etl-nightly'));
    expect(res.status).toBe(400);
    expect(status(res).message).toContain('is waiting to start: its phase is Queued');
    expect(status(res).fix).toContain('follow=true');
  });

  it('follows: sends lines as they are written, then lets go when the client does', async () => {
    const store = api.server().state.store;
    const listeners = store.listenerCount;
    const asked = Date.now();
    const stream = await openLog(api, log('default', 'sandboxes', 'dev', '?follow=true&tailLines=0&timestamps=true'));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('transfer-encoding')).toBe('chunked');
    expect(stream.headers.get('x-request-id')).toMatch(/^req_/);
    const fresh = (await stream.next(3)).map(stamped);
    for (const line of fresh) expect(line.ms).toBeGreaterThan(asked - 50);
    expect(fresh[2]!.ms).toBeGreaterThanOrEqual(fresh[0]!.ms);
    expect(store.listenerCount).toBe(listeners + 1);
    stream.close();
    await expect.poll(() => store.listenerCount).toBe(listeners);
  });

  it('follows until the object stops running: a PATCH of spec.state ends the stream with its last words', async () => {
    const cases: [string, string, string, string, string][] = [
      ['default', 'jobs', 'train-a', 'Suspended', 'suspended'],
      ['default', 'sandboxes', 'dev', 'Stopped', 'stopped'],
      ['nlp', 'functions', 'embed', 'Stopped', 'Finished server process'],
    ];
    for (const [project, plural, name, state, words] of cases) {
      const stream = await openLog(api, log(project, plural, name, '?follow=true&tailLines=1'));
      await stream.next(1);
      const patched = await api.patch(`/apis/nodus.dev/v1/namespaces/${project}/${plural}/${name}`, {
        spec: { state },
      });
      expect(patched.status).toBe(200);
      await within(stream.ended, 3000, `the ${plural} log to end`);
      expect(stream.lines.join('\n'), plural).toContain(words);
    }
  });

  it('follows a finished object: the whole requested log, then the end', async () => {
    const stream = await openLog(api, log('nlp', 'jobs', 'distill-7b', '?follow=true&tailLines=3'));
    await within(stream.ended, 3000, 'the log to end');
    expect(stream.lines).toHaveLength(3);
    expect(stream.lines[2]).toContain('failed');
  });

  it('with follow=true waits for an object to start, then streams it', async () => {
    const stream = await openLog(api, log('default', 'jobs', 'etl-nightly', '?follow=true&timestamps=true'));
    expect(stream.status).toBe(200);
    expect(stream.lines).toEqual([]);
    // Play the lifecycle controller's part (it is off in this suite): the Job starts running now.
    const state = api.server().state;
    const queued = state.store.get('jobs', 'default', 'etl-nightly')!;
    const started = Date.now();
    state.store.put('jobs', {
      ...queued,
      status: { ...queued.status, phase: 'Running', startTime: new Date(started).toISOString() },
    });
    const [first] = await stream.next(1);
    expect(stamped(first!).text).toContain('[nodus] Job default/etl-nightly');
    await api.patch(`${JOBS}/etl-nightly`, { spec: { state: 'Cancelled' } });
    await within(stream.ended, 3000, 'the log to end');
    expect(stream.lines.at(-1)).toContain('cancelled');
  });

  it('streams the million-line log of default/log-flood whole, without holding it in memory', async () => {
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const started = performance.now();
    const res = await fetch(api.url(log('default', 'jobs', 'log-flood')), {
      headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
    });
    expect(res.headers.get('content-length')).toBeNull(); // streamed in chunks, not rendered whole first
    let lines = 0;
    let bytes = 0;
    let last = 0;
    for await (const chunk of chunks(res.body)) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
      last = chunk[chunk.length - 1]!;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    expect(lines).toBe(1_000_000);
    expect(last).toBe(10);
    // The body is ~90 MB; rendering it in one string would take more than that again.
    const grewMB = (peak - rssBefore) / 2 ** 20;
    expect(grewMB).toBeLessThan(80);
    console.info(
      `log-flood: ${lines} lines, ${(bytes / 2 ** 20).toFixed(1)} MiB in ${seconds.toFixed(2)} s; RSS grew ${grewMB.toFixed(0)} MiB (server and client in one process)`,
    );
  });
});

describe('logs with the lifecycle controller', () => {
  const live = withMockApi({ speed: 20 });

  it('follows a Job from launch (waiting in Queued) through Running to its end, which closes the stream', async () => {
    const launched = (
      await live.post<NodusObject>(
        JOBS,
        job(
          'follow-me',
          {},
          { annotations: { 'mock.nodus.dev/run-seconds': '30', 'mock.nodus.dev/outcome': 'Failed' } },
        ),
      )
    ).body;
    expect(launched.status?.phase).toBe('Queued');
    expect((await live.get(log('default', 'jobs', 'follow-me'))).status).toBe(400);
    const stream = await openLog(live, log('default', 'jobs', 'follow-me', '?follow=true'));
    await within(stream.ended, 10_000, 'the Job to finish');
    const final = (await live.get<NodusObject>(`${JOBS}/follow-me`)).body;
    expect(final.status?.phase).toBe('Failed');
    expect(stream.lines[0]).toContain('[nodus] Job default/follow-me');
    expect(stream.lines.length).toBeGreaterThan(20);
    expect(stream.lines.at(-1)!.endsWith(String(final.status?.message))).toBe(true);
    // What was streamed is the log, as a later read shows it.
    expect(linesOf((await live.get(log('default', 'jobs', 'follow-me'))).text).slice(-5)).toEqual(
      stream.lines.slice(-5),
    );
  });
});
