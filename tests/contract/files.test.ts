/**
 * The files subresource of Sandboxes and Volumes: listings, reads with Range, writes, deletes, the bounds, a full
 * Volume, read-only mounts, and that a Sandbox sees its Volumes' files (and they see its writes) through mounts.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type NodusObject } from '@/shared/protocol.ts';
import { status, withMockApi, type Api } from './harness.ts';

const NS = '/apis/nodus.dev/v1/namespaces/default';
const MAX_FILE = 64 * 1024;
// Without the demo's files: the mock-wide total below counts only this file's.
const api = withMockApi({ speed: 500, fileMaxBytes: MAX_FILE, filesTotalBytes: 256 * 1024, demoData: false });

interface Listing {
  kind: string;
  path: string;
  items: { name: string; type: string; size: number; modified: string; mount?: unknown }[];
  usage?: { volume: string; usedBytes: number; capacityBytes: number; usedGiB: number; sizeGiB: number };
  mount?: unknown;
}

const text = (s: string) => new TextEncoder().encode(s);

/** A raw request of the files subresource: bytes in, bytes (and headers) out. */
async function files(
  a: Api,
  method: string,
  path: string,
  body?: Uint8Array | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) {
  const res = await fetch(a.url(path), {
    method,
    headers: { Authorization: `Bearer ${DEMO_API_KEY}`, ...headers },
    ...(body ? { body, duplex: 'half' } : {}),
  } as RequestInit);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const raw = new TextDecoder().decode(bytes);
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    // a file's bytes
  }
  return { status: res.status, headers: res.headers, bytes, raw, json };
}

async function volume(name: string, sizeGiB = 10, annotations: Record<string, string> = {}): Promise<NodusObject> {
  const res = await api.post<NodusObject>(`${NS}/volumes`, {
    apiVersion: 'nodus.dev/v1',
    kind: 'Volume',
    metadata: { name, annotations },
    spec: { sizeGiB },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function sandbox(name: string, spec: Record<string, unknown>, running = true): Promise<void> {
  const res = await api.post(`${NS}/sandboxes`, {
    apiVersion: 'nodus.dev/v1',
    kind: 'Sandbox',
    metadata: { name },
    spec: { image: 'nodus/python:3.12', maxCostUSD: '5.00', ...spec },
  });
  expect(res.status).toBe(201);
  if (running) {
    await expect
      .poll(async () => (await api.get<NodusObject>(`${NS}/sandboxes/${name}`)).body.status?.phase as string, {
        timeout: 10_000,
      })
      .toBe('Running');
  }
}

async function usedGiB(name: string): Promise<number> {
  return (await api.get<NodusObject>(`${NS}/volumes/${name}`)).body.status!.usedGiB as number;
}

describe('a Volume’s files', () => {
  it('writes a file with its parents, lists it with the Volume’s use, and reads it back', async () => {
    await volume('data');
    const put = await files(api, 'PUT', `${NS}/volumes/data/files/train/part-0.csv`, text('a,b\n1,2\n'));
    expect(put.status).toBe(201);
    expect(put.json).toMatchObject({ kind: 'FileInfo', path: '/train/part-0.csv', type: 'file', size: 8 });
    expect(put.headers.get('etag')).toMatch(/^".+"$/);

    const root = await files(api, 'GET', `${NS}/volumes/data/files/`);
    expect(root.status).toBe(200);
    const listing = root.json as unknown as Listing;
    expect(listing).toMatchObject({ kind: 'FileList', apiVersion: 'nodus.dev/v1', path: '/' });
    expect(listing.items).toEqual([{ name: 'train', type: 'directory', size: 0, modified: expect.any(String) }]);
    expect(listing.usage).toMatchObject({ volume: 'data', usedBytes: 8, capacityBytes: 10 * 2 ** 30, sizeGiB: 10 });

    const read = await files(api, 'GET', `${NS}/volumes/data/files/train/part-0.csv`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/octet-stream');
    expect(read.headers.get('content-length')).toBe('8');
    expect(read.headers.get('accept-ranges')).toBe('bytes');
    expect(read.headers.get('etag')).toBe(put.headers.get('etag'));
    expect(read.raw).toBe('a,b\n1,2\n');

    const head = await files(api, 'HEAD', `${NS}/volumes/data/files/train/part-0.csv`);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('8');
    expect(head.bytes.byteLength).toBe(0);
  });

  it('answers a Range with 206 and Content-Range, and an unsatisfiable one with 416', async () => {
    await volume('data');
    await files(api, 'PUT', `${NS}/volumes/data/files/hello.txt`, text('hello world'));
    const part = await files(api, 'GET', `${NS}/volumes/data/files/hello.txt`, undefined, { Range: 'bytes=6-' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 6-10/11');
    expect(part.raw).toBe('world');
    const head = await files(api, 'GET', `${NS}/volumes/data/files/hello.txt`, undefined, { Range: 'bytes=0-4' });
    expect([head.status, head.raw]).toEqual([206, 'hello']);
    const tail = await files(api, 'GET', `${NS}/volumes/data/files/hello.txt`, undefined, { Range: 'bytes=-3' });
    expect([tail.status, tail.raw]).toEqual([206, 'rld']);
    const past = await files(api, 'GET', `${NS}/volumes/data/files/hello.txt`, undefined, { Range: 'bytes=11-' });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */11');
    expect(past.json).toMatchObject({ reason: 'RangeNotSatisfiable', requestId: expect.stringMatching(/^req_/) });
  });

  it('overwrites a file (200, a new ETag) and makes an empty directory with ?type=directory', async () => {
    await volume('data');
    const first = await files(api, 'PUT', `${NS}/volumes/data/files/notes.txt`, text('one'));
    const second = await files(api, 'PUT', `${NS}/volumes/data/files/notes.txt`, text('two!'));
    expect(second.status).toBe(200);
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect((await files(api, 'GET', `${NS}/volumes/data/files/notes.txt`)).raw).toBe('two!');
    const dir = await files(api, 'PUT', `${NS}/volumes/data/files/empty/inner?type=directory`);
    expect(dir.status).toBe(201);
    expect(dir.json).toMatchObject({ kind: 'FileInfo', path: '/empty/inner', type: 'directory' });
    expect((await files(api, 'PUT', `${NS}/volumes/data/files/empty/inner?type=directory`)).status).toBe(200);
    const onFile = await files(api, 'PUT', `${NS}/volumes/data/files/notes.txt?type=directory`);
    expect(onFile.status).toBe(409);
    const onDir = await files(api, 'PUT', `${NS}/volumes/data/files/empty`, text('x'));
    expect(onDir.status).toBe(409);
    expect(onDir.json).toMatchObject({ reason: 'Conflict', details: { causes: [{ reason: 'IsADirectory' }] } });
  });

  it('deletes a file, refuses a full directory without ?recursive=true, and removes it with it', async () => {
    await volume('data');
    await files(api, 'PUT', `${NS}/volumes/data/files/runs/1/log.txt`, text('x'));
    await files(api, 'PUT', `${NS}/volumes/data/files/runs/2/log.txt`, text('y'));
    const one = await files(api, 'DELETE', `${NS}/volumes/data/files/runs/2/log.txt`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({
      kind: 'Status',
      status: 'Success',
      details: { kind: 'File', name: '/runs/2/log.txt' },
    });
    const full = await files(api, 'DELETE', `${NS}/volumes/data/files/runs`);
    expect(full.status).toBe(409);
    expect(full.json).toMatchObject({
      reason: 'Conflict',
      details: { name: '/runs', causes: [{ reason: 'NotEmpty' }] },
    });
    expect(full.json.fix).toContain('recursive=true');
    expect((await files(api, 'DELETE', `${NS}/volumes/data/files/runs?recursive=true`)).status).toBe(200);
    const gone = await files(api, 'GET', `${NS}/volumes/data/files/runs/1/log.txt`);
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ reason: 'NotFound', details: { name: '/runs/1/log.txt' } });
    expect(gone.json.message).toContain('/runs/1/log.txt');
    expect(gone.json.requestId).toBe(gone.headers.get('x-request-id'));
    expect((await files(api, 'DELETE', `${NS}/volumes/data/files/`)).status).toBe(400);
  });

  it('refuses a file over the per-file bound, declared or streamed, and past the mock-wide total', async () => {
    await volume('data');
    const declared = await files(api, 'PUT', `${NS}/volumes/data/files/big.bin`, new Uint8Array(MAX_FILE + 1));
    expect(declared.status).toBe(413);
    expect(declared.json).toMatchObject({
      reason: 'RequestEntityTooLarge',
      details: { causes: [{ reason: 'TooLarge' }] },
    });
    const chunks = Array.from({ length: 5 }, () => new Uint8Array(MAX_FILE / 4));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const streamed = await files(api, 'PUT', `${NS}/volumes/data/files/big.bin`, stream);
    expect(streamed.status).toBe(413);
    expect((await files(api, 'GET', `${NS}/volumes/data/files/big.bin`)).status).toBe(404);
    // 256 KiB in all: four files of 64 KiB fit, a fifth does not.
    for (let i = 0; i < 4; i++) {
      expect((await files(api, 'PUT', `${NS}/volumes/data/files/f${i}`, new Uint8Array(MAX_FILE))).status).toBe(201);
    }
    const over = await files(api, 'PUT', `${NS}/volumes/data/files/f4`, new Uint8Array(10));
    expect(over.status).toBe(507);
    expect(over.json).toMatchObject({ reason: 'InsufficientStorage', details: { causes: [{ reason: 'NoSpace' }] } });
  });

  it('refuses a write past a full Volume, and keeps status.usedGiB true as files come and go', async () => {
    const baseline = 1 - 100 / 2 ** 30;
    const created = await volume('full', 1, { 'mock.nodus.dev/used-gib': String(baseline) });
    expect(created.status?.usedGiB).toBe(Math.round(baseline * 1e9) / 1e9);
    expect((await files(api, 'PUT', `${NS}/volumes/full/files/a`, new Uint8Array(60))).status).toBe(201);
    expect(await usedGiB('full')).toBeCloseTo(baseline + 60 / 2 ** 30, 9);
    const refused = await files(api, 'PUT', `${NS}/volumes/full/files/b`, new Uint8Array(60));
    expect(refused.status).toBe(507);
    expect(refused.json).toMatchObject({ reason: 'InsufficientStorage', code: 507 });
    expect(refused.json.message).toContain('/b: no space left');
    expect(refused.json.fix).toContain('spec.sizeGiB');
    expect((await files(api, 'DELETE', `${NS}/volumes/full/files/a`)).status).toBe(200);
    expect(await usedGiB('full')).toBeCloseTo(baseline, 9);
    expect((await files(api, 'PUT', `${NS}/volumes/full/files/b`, new Uint8Array(60))).status).toBe(201);
  });

  it('refuses a bad path and a kind without files', async () => {
    await volume('data');
    expect((await files(api, 'GET', `${NS}/volumes/data/files/a%00b`)).status).toBe(400);
    expect((await files(api, 'GET', `${NS}/volumes/nope/files/`)).status).toBe(404);
    const job = await files(api, 'GET', `${NS}/jobs/etl-nightly/files/`);
    expect(job.status).toBe(404);
    expect(job.json.message).toContain('have no files');
    expect((await files(api, 'POST', `${NS}/volumes/data/files/x`, text('x'))).status).toBe(405);
  });
});

describe('a Sandbox’s files', () => {
  it('holds its own disk and its Volumes mounted, shared both ways, read-only where mounted so', async () => {
    await volume('corpus');
    await volume('models');
    await volume('gone');
    await files(api, 'PUT', `${NS}/volumes/models/files/weights.bin`, text('w'));
    await sandbox('box', {
      volumes: [
        { name: 'corpus', mountPath: '/data' },
        { name: 'models', mountPath: '/mnt/models', readOnly: true },
        { name: 'gone', mountPath: '/gone' },
      ],
    });
    // A Volume deleted after the Sandbox was made is simply no longer mounted.
    await api.del(`${NS}/volumes/gone`);
    await expect.poll(async () => (await api.get(`${NS}/volumes/gone`)).status).toBe(404);
    const root = (await files(api, 'GET', `${NS}/sandboxes/box/files/`)).json as unknown as Listing;
    expect(root.items.map((i) => i.name)).toEqual(['data', 'etc', 'home', 'mnt', 'tmp']);
    expect(root.items[0]).toMatchObject({ type: 'directory', mount: { volume: 'corpus', readOnly: false } });
    expect((await files(api, 'GET', `${NS}/sandboxes/box/files/etc/hostname`)).raw).toBe('box\n');
    expect((await files(api, 'GET', `${NS}/sandboxes/box/files/home/user/README.md`)).status).toBe(200);

    await files(api, 'PUT', `${NS}/sandboxes/box/files/data/from-sandbox.txt`, text('sandbox'));
    expect((await files(api, 'GET', `${NS}/volumes/corpus/files/from-sandbox.txt`)).raw).toBe('sandbox');
    await files(api, 'PUT', `${NS}/volumes/corpus/files/from-volume.txt`, text('volume'));
    expect((await files(api, 'GET', `${NS}/sandboxes/box/files/data/from-volume.txt`)).raw).toBe('volume');
    const inMount = (await files(api, 'GET', `${NS}/sandboxes/box/files/data`)).json as unknown as Listing;
    expect(inMount.mount).toEqual({ volume: 'corpus', path: '/data', readOnly: false });
    expect(inMount.usage).toMatchObject({ volume: 'corpus', usedBytes: 13 });

    expect((await files(api, 'GET', `${NS}/sandboxes/box/files/mnt/models/weights.bin`)).raw).toBe('w');
    const readOnly = await files(api, 'PUT', `${NS}/sandboxes/box/files/mnt/models/x`, text('x'));
    expect(readOnly.status).toBe(403);
    expect(readOnly.json).toMatchObject({
      reason: 'Forbidden',
      details: { name: '/mnt/models/x', causes: [{ reason: 'ReadOnly' }] },
    });
    expect(readOnly.json.message).toContain('read-only');
    expect((await files(api, 'DELETE', `${NS}/sandboxes/box/files/mnt?recursive=true`)).status).toBe(403);
    expect((await files(api, 'GET', `${NS}/sandboxes/box/files/gone/anything`)).status).toBe(404);
  });

  it('refuses a Sandbox that is not Running with 409, its phase and what to do', async () => {
    await sandbox('sleeping', { state: 'Stopped' }, false);
    const res = await files(api, 'GET', `${NS}/sandboxes/sleeping/files/`);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ reason: 'Conflict', details: { kind: 'Sandbox', name: 'sleeping' } });
    expect(res.json.message).toContain('is Stopped');
    expect(res.json.fix).toContain('spec.state');
    expect((await files(api, 'PUT', `${NS}/sandboxes/sleeping/files/tmp/x`, text('x'))).status).toBe(409);
  });
});

describe('files and the rest of the API', () => {
  it('is listed in discovery for the kinds whose facts say files', async () => {
    const res = await api.get<{ resources: { name: string; verbs: string[] }[] }>('/apis/nodus.dev/v1');
    const names = res.body.resources.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['sandboxes/files', 'volumes/files']));
    expect(names).not.toContain('jobs/files');
    expect(res.body.resources.find((r) => r.name === 'volumes/files')!.verbs).toEqual([
      'get',
      'create',
      'update',
      'delete',
    ]);
  });

  it('lets the console’s origin upload and read a download’s Range headers', async () => {
    const origin = 'http://localhost:5173';
    const preflight = await fetch(api.url(`${NS}/volumes/data/files/x`), {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'range' },
    });
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Range');
    await volume('data');
    await files(api, 'PUT', `${NS}/volumes/data/files/x`, text('abc'), { Origin: origin });
    const read = await files(api, 'GET', `${NS}/volumes/data/files/x`, undefined, {
      Origin: origin,
      Range: 'bytes=1-',
    });
    expect(read.headers.get('access-control-allow-origin')).toBe(origin);
    expect(read.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('answers every failure with a Status that has a fix and a requestId', async () => {
    await volume('data');
    const res = await files(api, 'GET', `${NS}/volumes/data/files/missing`);
    expect(status({ status: res.status, headers: res.headers, body: res.json, text: res.raw })).toMatchObject({
      kind: 'Status',
      code: 404,
      fix: expect.any(String),
      requestId: expect.stringMatching(/^req_/),
    });
  });
});
