import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import { startMockServer, type MockServer } from '../server.ts';
import { Workset } from './controller.ts';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, controller: false });
});
afterAll(() => server.close());

describe('the controller workset', () => {
  it('holds only objects that can still move, and follows changes', async () => {
    const work = new Workset(server.state);
    const before = work.size;
    expect(before).toBeGreaterThan(0);
    // Bulk benchmark objects are left alone, however many there are.
    const seeded = await fetch(`${server.url}/_mock/seed`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO_API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ project: 'bulk', kind: 'Job', count: 2000 }),
    });
    expect(seeded.status).toBe(201);
    expect(work.size).toBe(before);
    // A new Job joins; cancelling it (a finished run) takes it out.
    const job = { metadata: { name: 'w' }, spec: { image: 'nodus/python:3.12' } };
    const headers = { Authorization: `Bearer ${DEMO_API_KEY}`, 'Content-Type': 'application/json' };
    await fetch(`${server.url}/apis/nodus.dev/v1/namespaces/default/jobs`, {
      method: 'POST',
      headers,
      body: JSON.stringify(job),
    });
    expect(work.size).toBe(before + 1);
    await fetch(`${server.url}/apis/nodus.dev/v1/namespaces/default/jobs/w`, {
      method: 'PATCH',
      headers: { ...headers, 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ spec: { state: 'Cancelled' } }),
    });
    expect(work.size).toBe(before);
    work.close();
  });
});
