/**
 * Lists and watches of rows (`as: 'table'`) against the real mock; a throwaway node:http server stands in only for
 * a server that answers a plain list when a Table was asked for, which the API never does.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { DEMO_API_KEY, type NodusObject } from '@/shared/protocol.ts';
import { createApiClient } from './client.ts';
import { RowReader, type RowObject } from './rows.ts';
import type { WatchObjectEvent } from './watch.ts';

const JOBS = '/apis/nodus.dev/v1/namespaces/default/jobs';

let mock: MockServer;
const accepts: string[] = [];
const plain = createServer((req, res) => {
  accepts.push(req.headers.accept ?? '');
  res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req-plain' });
  res.end(JSON.stringify({ kind: 'JobList', metadata: { resourceVersion: '1' }, items: [{ metadata: {} }] }));
});
let plainUrl = '';
beforeAll(async () => {
  mock = await startMockServer({ port: 0, controller: false });
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await mock.close();
  await new Promise<void>((resolve) => plain.close(() => resolve()));
});

const client = () => createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });

describe('rows: objects as the API prints them', () => {
  it('lists every page as rows: printed cells by column name and the metadata, nothing else', async () => {
    const pages: number[] = [];
    const rows = await client().list<RowObject>(JOBS, { limit: 2, as: 'table', onPage: (p) => pages.push(p.length) });
    const objects = await client().list<NodusObject>(JOBS);
    expect(pages.length).toBeGreaterThan(1);
    expect(rows.items.map((r) => r.metadata.uid)).toEqual(objects.items.map((o) => o.metadata.uid));
    expect(rows.metadata.resourceVersion).toBe(objects.metadata.resourceVersion);
    const train = rows.items.find((r) => r.metadata.name === 'train-a')!;
    const object = objects.items.find((o) => o.metadata.name === 'train-a')!;
    expect(train.cells).toMatchObject({
      Name: 'train-a',
      Phase: object.status?.phase,
      Cost: object.status?.costUSD,
      Max: object.spec?.maxCostUSD,
      State: 'Running',
    });
    expect(train.metadata).toMatchObject({ namespace: 'default', labels: object.metadata.labels });
    expect(train).not.toHaveProperty('spec');
    expect(train).not.toHaveProperty('status');
  });

  it('leaves managedFields out of a row, as no table shows them', async () => {
    const api = client();
    await api.request(JOBS, {
      method: 'POST',
      body: {
        apiVersion: 'nodus.dev/v1',
        kind: 'Job',
        metadata: { name: 'managed' },
        spec: { image: 'nodus/pytorch:2.8-cuda12.8', command: ['python', 'a.py'], maxCostUSD: '5.00' },
      },
    });
    const object = await api.get<NodusObject>(`${JOBS}/managed`);
    expect(object.metadata.managedFields?.length).toBeGreaterThan(0);
    const rows = await api.list<RowObject>(JOBS, { as: 'table' });
    const row = rows.items.find((r) => r.metadata.name === 'managed')!;
    expect(row.metadata.uid).toBe(object.metadata.uid);
    expect(row.metadata).not.toHaveProperty('managedFields');
  });

  it('watches rows: each event one row, read by the columns the first event named', async () => {
    const api = client();
    const start = await api.list<RowObject>(JOBS, { as: 'table' });
    const abort = new AbortController();
    const stream = await api.watch<RowObject>(JOBS, {
      as: 'table',
      resourceVersion: start.metadata.resourceVersion,
      signal: abort.signal,
    });
    const events: WatchObjectEvent<RowObject>[] = [];
    const reading = (async () => {
      for await (const event of stream) {
        if (event.type === 'BOOKMARK') continue;
        events.push(event);
        if (events.length === 3) break;
      }
    })();
    const body = {
      apiVersion: 'nodus.dev/v1',
      kind: 'Job',
      metadata: { name: 'watched-row' },
      spec: { image: 'nodus/pytorch:2.8-cuda12.8', command: ['python', 'a.py'], maxCostUSD: '5.00' },
    };
    await api.request(JOBS, { method: 'POST', body });
    await api.request(`${JOBS}/watched-row`, {
      method: 'PATCH',
      body: { spec: { maxCostUSD: '7.50', state: 'Suspended' } },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    await api.request(`${JOBS}/watched-row`, { method: 'DELETE' });
    await reading;
    abort.abort();
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', expect.stringMatching(/MODIFIED|DELETED/)]);
    expect(events[0]!.object.cells).toMatchObject({ Name: 'watched-row', Max: '5.00', State: 'Running' });
    // The second event's Table has no column definitions: its cells are still read by name.
    expect(events[1]!.object.cells).toMatchObject({ Name: 'watched-row', Max: '7.50', State: 'Suspended' });
    expect(events[1]!.object.metadata.name).toBe('watched-row');
  });

  it('reads a later Table by the columns given before when it names none (left out, or an empty list)', () => {
    const reader = new RowReader();
    const row = (name: string, phase: string) => ({ cells: [name, phase], object: { metadata: { name } } });
    reader.read({
      kind: 'Table',
      columnDefinitions: [{ name: 'Name' }, { name: 'Phase' }],
      rows: [row('a', 'Queued')],
    });
    const [left] = reader.read({ kind: 'Table', rows: [row('b', 'Running')] });
    const [empty] = reader.read({ kind: 'Table', columnDefinitions: [], rows: [row('c', 'Failed')] });
    expect(left!.cells).toEqual({ Name: 'b', Phase: 'Running' });
    expect(empty!.cells).toEqual({ Name: 'c', Phase: 'Failed' });
    expect(() => new RowReader().read({ kind: 'Table', rows: [row('d', 'Queued')] })).toThrow(/without column/);
  });

  it('refuses an answer that is not a Table, with a message that says so and its requestId', async () => {
    const api = createApiClient({ baseUrl: plainUrl, apiKey: DEMO_API_KEY });
    const failure = await api.list<RowObject>(JOBS, { as: 'table', retry: false }).catch((e: unknown) => e);
    expect(accepts.at(-1)).toBe('application/json;as=Table;v=v1;g=meta.k8s.io');
    expect(failure).toMatchObject({
      reason: 'InvalidResponse',
      requestId: 'req-plain',
      message: expect.stringContaining('not the Table (meta.k8s.io/v1) it was asked for'),
    });
  });
});
