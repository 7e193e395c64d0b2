/**
 * NODUS_MOCK_DATA: every acknowledged write survives kill -9 and a restart, versions keep increasing, a watch
 * from before the restart gets 410 Expired, and a journal tail torn by the crash is dropped, never half-read.
 * The crash test runs the real server process (as `npm run mock` does) and kills it in the middle of a load.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type NodusObject } from '@/shared/protocol.ts';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { encodeFrame } from '@/mock/store/frames.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUDGETS = '/apis/nodus.dev/v1/namespaces/default/budgets';
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nodus-durability-'));
  dirs.push(dir);
  return join(dir, 'data');
}

interface Res {
  status: number;
  body: NodusObject & { items?: NodusObject[]; version?: string; rates?: Record<string, string> };
  headers: Headers;
}

async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Res> {
  const contentType = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${DEMO_API_KEY}`,
      ...(body === undefined ? {} : { 'Content-Type': contentType }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: JSON.parse(await res.text()) as Res['body'], headers: res.headers };
}

const rvOf = (obj: NodusObject) => Number(obj.metadata.resourceVersion);

/** The first line of a watch (a resume from before a restart answers with one ERROR event). */
async function firstWatchEvent(
  base: string,
  fromRv: number,
): Promise<{ type: string; object: { code?: number; reason?: string } }> {
  const res = await fetch(`${base}${BUDGETS}?watch=true&resourceVersion=${fromRv}`, {
    headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
  });
  const text = await res.text();
  return JSON.parse(text.split('\n')[0]!) as { type: string; object: { code?: number; reason?: string } };
}

function budget(key: string): NodusObject {
  return {
    apiVersion: 'nodus.dev/v1',
    kind: 'Budget',
    metadata: { generateName: 'dur-', labels: { durability: 'test', key } },
    // Covers nothing, so the controller's charges never write to it.
    spec: { limitUSD: '100.00', selector: { matchLabels: { 'covered-by': 'no-one' } } },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `npm run mock` on a data directory, as its own process; resolves once it listens. */
async function spawnMock(dir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/mock/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODUS_MOCK_PORT: String(port),
      NODUS_MOCK_TLS_PORT: 'off',
      NODUS_MOCK_DATA: dir,
      NODUS_MOCK_SPEED: '50',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Nodus mock API on')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`the mock exited before it listened:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, exited, output: () => output };
}

type Outcome = 'acked' | 'unknown';
interface Op {
  label: string | undefined;
  deleted: boolean;
  outcome: Outcome;
  object?: NodusObject;
}
interface Track {
  key: string;
  name?: string;
  ops: Op[];
}

describe('durability (NODUS_MOCK_DATA)', () => {
  it('keeps every acknowledged write through kill -9 in the middle of a load', async () => {
    const dir = dataDir();
    const first = await spawnMock(dir);
    const tracks: Track[] = [];
    let acked = 0;
    let maxSeen = 0;
    let enough: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (enough = resolve));
    expect((await call(first.url, 'DELETE', `${BUDGETS}/monthly`)).status).toBe(200);

    // A watch sees changes possibly before they are durable: its versions too must never come back.
    const watch = await fetch(`${first.url}${BUDGETS}?watch=true`, {
      headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
    });
    const watching = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      const reader = watch.body!.getReader();
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          buffer += decoder.decode(chunk.value, { stream: true });
          for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
            maxSeen = Math.max(maxSeen, rvOf((JSON.parse(buffer.slice(0, nl)) as { object: NodusObject }).object));
            buffer = buffer.slice(nl + 1);
          }
        }
      } catch {
        // the server was killed
      }
    })();

    /** Sends one write; a 2xx is acknowledged, no answer (the server died) is unknown, anything else fails the test. */
    async function attempt(
      track: Track,
      op: Omit<Op, 'outcome'>,
      send: () => Promise<Res>,
    ): Promise<NodusObject | undefined> {
      const entry: Op = { ...op, outcome: 'unknown' };
      track.ops.push(entry);
      let res: Res;
      try {
        res = await send();
      } catch {
        return undefined;
      }
      if (res.status >= 300) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
      Object.assign(entry, { outcome: 'acked', object: res.body });
      maxSeen = Math.max(maxSeen, rvOf(res.body));
      if (++acked === 300) enough();
      return res.body;
    }

    async function worker(w: number): Promise<void> {
      for (let j = 0; ; j++) {
        const track: Track = { key: `w${w}-${j}`, ops: [] };
        tracks.push(track);
        const created = await attempt(track, { label: undefined, deleted: false }, () =>
          call(first.url, 'POST', BUDGETS, budget(track.key), { 'Idempotency-Key': track.key }),
        );
        if (!created) return;
        track.name = created.metadata.name!;
        const path = `${BUDGETS}/${track.name}`;
        for (const step of ['1', '2']) {
          if (
            !(await attempt(track, { label: step, deleted: false }, () =>
              call(first.url, 'PATCH', path, { metadata: { labels: { step } } }),
            ))
          )
            return;
        }
        if (
          j % 2 === 0 &&
          !(await attempt(track, { label: '2', deleted: true }, () => call(first.url, 'DELETE', path)))
        )
          return;
      }
    }

    const load = Promise.all(Array.from({ length: 32 }, (_, w) => worker(w)));
    try {
      await Promise.race([reached, load]);
    } finally {
      first.child.kill('SIGKILL');
    }
    await Promise.all([load, first.exited, watching]);
    expect(acked).toBeGreaterThanOrEqual(300);

    // What power loss during the last write would leave: half a frame, holding an object nobody was told about.
    const log = readdirSync(dir)
      .filter((f) => f.endsWith('.log'))
      .sort()
      .at(-1)!;
    const ghost = {
      ...budget('ghost'),
      metadata: { name: 'never-acknowledged', namespace: 'default', resourceVersion: String(maxSeen + 1) },
    };
    const frame = encodeFrame(`[${JSON.stringify({ t: 'put', r: 'budgets', o: ghost })}]`);
    appendFileSync(join(dir, log), frame.subarray(0, frame.length >> 1));

    const second = await spawnMock(dir);
    try {
      expect(second.output()).toMatch(/dropped the last \d+ bytes .*never acknowledged/);
      expect((await call(second.url, 'GET', '/readyz')).status).toBe(200);
      expect((await call(second.url, 'GET', `${BUDGETS}/never-acknowledged`)).status).toBe(404);
      expect((await call(second.url, 'GET', `${BUDGETS}/monthly`)).status).toBe(404); // demo data not loaded again

      for (const track of tracks) await checkTrack(second.url, track);
      const list = await call(second.url, 'GET', `${BUDGETS}?labelSelector=durability%3Dtest`);
      const keys = list.body.items!.map((o) => o.metadata.labels?.key);
      expect(new Set(keys).size).toBe(keys.length); // no create happened twice
      const sent = new Set(tracks.map((t) => t.key));
      expect(keys.filter((k) => !sent.has(k!))).toEqual([]);

      expect(rvOf(list.body)).toBeGreaterThan(maxSeen);
      const after = await call(second.url, 'POST', BUDGETS, budget('after'), { 'Idempotency-Key': 'after' });
      expect(rvOf(after.body)).toBeGreaterThan(maxSeen);
      expect(await firstWatchEvent(second.url, maxSeen)).toMatchObject({
        type: 'ERROR',
        object: { code: 410, reason: 'Expired' },
      });
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});

/** The object is as the acknowledged writes left it, or as the one write in flight at the kill would have. */
async function checkTrack(base: string, track: Track): Promise<void> {
  const last = track.ops.at(-1)!;
  const done = track.ops.filter((op) => op.outcome === 'acked');
  if (track.name === undefined) {
    // The create's answer was lost: retrying it with its Idempotency-Key finishes it, exactly once.
    const retry = await call(base, 'POST', BUDGETS, budget(track.key), { 'Idempotency-Key': track.key });
    expect(retry.status).toBe(201);
    const found = await call(base, 'GET', `${BUDGETS}?labelSelector=key%3D${track.key}`);
    expect(found.body.items!.map((o) => o.metadata.uid)).toEqual([retry.body.metadata.uid]);
    return;
  }
  const res = await call(base, 'GET', `${BUDGETS}/${track.name}`);
  const state = (op: Op | undefined) => (op?.deleted ? 'gone' : `step=${op?.label}`);
  const now = res.status === 404 ? 'gone' : `step=${res.body.metadata.labels?.step}`;
  const allowed = new Set([state(done.at(-1))]);
  if (last.outcome === 'unknown') allowed.add(state(last));
  expect(allowed, `${track.key} ${track.name}`).toContain(now);
  const lastAcked = done.at(-1)!;
  if (now === state(lastAcked) && !lastAcked.deleted) expect(res.body).toEqual(lastAcked.object);
}

describe('restarts on a data directory', () => {
  const servers: MockServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });
  const start = async (dir: string | undefined) => {
    const server = await startMockServer({ port: 0, dataDir: dir, controller: false });
    servers.push(server);
    return server;
  };
  const everything = async (base: string) =>
    Promise.all(
      ['jobs', 'sandboxes', 'functions', 'volumes', 'budgets', 'pipelines', 'images'].map(
        async (p) => (await call(base, 'GET', `/apis/nodus.dev/v1/${p}`)).body.items,
      ),
    );

  it('brings back objects exactly, the price book and idempotency records; demo data only into an empty one', async () => {
    const dir = dataDir();
    const first = await start(dir);
    const created = await call(first.url, 'POST', BUDGETS, budget('kept'), { 'Idempotency-Key': 'kept' });
    expect(created.status).toBe(201);
    await call(first.url, 'PATCH', `${BUDGETS}/${created.body.metadata.name}`, { metadata: { labels: { step: '1' } } });
    await call(first.url, 'DELETE', `${BUDGETS}/monthly`);
    const book = await call(first.url, 'POST', '/_mock/price-book', {
      version: 'kept-1',
      rates: { 'gpu.H100': '9.99' },
    });
    const before = await everything(first.url);
    const lastRv = rvOf((await call(first.url, 'GET', BUDGETS)).body);
    await first.close();

    const second = await start(dir);
    expect(await everything(second.url)).toEqual(before);
    expect((await call(second.url, 'GET', '/_mock/price-book')).body).toEqual(book.body);
    const retried = await call(second.url, 'POST', BUDGETS, budget('kept'), { 'Idempotency-Key': 'kept' });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body).toEqual(created.body);
    expect((await call(second.url, 'GET', `${BUDGETS}/monthly`)).status).toBe(404);
    expect(rvOf((await call(second.url, 'GET', BUDGETS)).body)).toBeGreaterThan(lastRv);
    expect(await firstWatchEvent(second.url, lastRv)).toMatchObject({
      type: 'ERROR',
      object: { code: 410, reason: 'Expired' },
    });

    // A reset resets what is on disk too.
    expect((await call(second.url, 'POST', '/_mock/reset', {})).status).toBe(200);
    const resetRv = rvOf((await call(second.url, 'GET', BUDGETS)).body);
    await second.close();
    const third = await start(dir);
    expect((await call(third.url, 'GET', `${BUDGETS}/${created.body.metadata.name}`)).status).toBe(404);
    expect((await call(third.url, 'GET', `${BUDGETS}/monthly`)).status).toBe(200);
    expect((await call(third.url, 'GET', '/_mock/price-book')).body.version).not.toBe('kept-1');
    expect(rvOf((await call(third.url, 'GET', BUDGETS)).body)).toBeGreaterThan(resetRv);
  });

  it('without a data directory, starts from the demo data every time', async () => {
    const first = await start(undefined);
    await call(first.url, 'DELETE', `${BUDGETS}/monthly`);
    await first.close();
    const second = await start(undefined);
    expect((await call(second.url, 'GET', `${BUDGETS}/monthly`)).status).toBe(200);
  });
});
