/**
 * Why exec refuses, readable without a WebSocket: a browser cannot read a refused upgrade, so the console asks
 * the same URL with a plain GET, and that GET must meet the same reason (a Sandbox that is not Running, one that
 * is missing) rather than only "no upgrade".
 */
import { describe, expect, it } from 'vitest';
import type { Status } from '@/shared/protocol.ts';
import { withMockApi } from './harness.ts';

const api = withMockApi();
const SANDBOXES = '/apis/nodus.dev/v1/namespaces/default/sandboxes';
const EXEC = 'exec?command=sh&stdin=true&stdout=true&tty=true';

describe('exec refusals over a plain GET', () => {
  it('names a Sandbox that is not Running, with what to do and a requestId', async () => {
    const created = await api.post(SANDBOXES, {
      metadata: { name: 'held' },
      spec: { image: 'nodus/python:3.12', state: 'Stopped', resources: { cpu: 1, memoryGiB: 2 } },
    });
    expect(created.status, created.text).toBe(201);
    const res = await api.get<Status>(`${SANDBOXES}/held/${EXEC}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'Conflict' });
    expect(res.body.message).toContain('"held" is not running');
    expect(res.body.fix).toContain('spec.state');
    expect(res.body.requestId).toBeTruthy();
  });

  it('names a Sandbox that is not there', async () => {
    const res = await api.get<Status>(`${SANDBOXES}/nowhere/${EXEC}`);
    expect(res.status).toBe(404);
    expect(res.body.reason).toBe('NotFound');
  });
});
