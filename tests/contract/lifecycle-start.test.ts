import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { JOBS, job, withMockApi } from './harness.ts';

// Real speed: an H100 Job queues for 30 s and provisions for 8 s unless its start is pinned.
const api = withMockApi({ speed: 1 });
const H100 = { resources: { cpu: 8, memoryGiB: 64, gpu: { type: 'H100', count: 1 } } };
const SANDBOXES = '/apis/nodus.dev/v1/namespaces/default/sandboxes';

async function phaseOf(path: string): Promise<string> {
  return String((await api.get<NodusObject>(path)).body.status?.phase);
}

const pinned = (seconds: string) => ({ annotations: { 'mock.nodus.dev/start-seconds': seconds } });

describe('mock.nodus.dev/start-seconds', () => {
  it('pins each step before Running, through Provisioning, while an unpinned twin still queues', async () => {
    expect((await api.post(JOBS, job('pinned', H100, pinned('0.3')))).status).toBe(201);
    expect((await api.post(JOBS, job('usual', H100))).status).toBe(201);
    await expect.poll(() => phaseOf(`${JOBS}/pinned`), { timeout: 5_000 }).toBe('Running');
    const running = (await api.get<NodusObject>(`${JOBS}/pinned`)).body;
    expect(running.status?.conditions?.find((c) => c.type === 'Scheduled')).toMatchObject({ status: 'True' });
    expect(await phaseOf(`${JOBS}/usual`)).toBe('Queued');
  });

  it('pins a long-running kind through Starting', async () => {
    const sandbox = {
      apiVersion: 'nodus.dev/v1',
      kind: 'Sandbox',
      metadata: { name: 'quick-box', ...pinned('0') },
      spec: { image: 'nodus/python:3.12', resources: { cpu: 1, memoryGiB: 2 } },
    };
    const created = await api.post(SANDBOXES, sandbox);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await expect.poll(() => phaseOf(`${SANDBOXES}/quick-box`), { timeout: 3_000 }).toBe('Running');
  });

  it('ignores a value that is not a number of seconds, 0 or more', async () => {
    for (const [name, value] of [
      ['control', '0.3'],
      ['negative', '-1'],
      ['words', 'soon'],
      ['blank', ' '],
    ]) {
      expect((await api.post(JOBS, job(name!, H100, pinned(value!)))).status).toBe(201);
    }
    // Once the pinned control runs, the others, pinned to nothing, still wait out the usual 30 s queue.
    await expect.poll(() => phaseOf(`${JOBS}/control`), { timeout: 5_000 }).toBe('Running');
    for (const name of ['negative', 'words', 'blank']) expect(await phaseOf(`${JOBS}/${name}`)).toBe('Queued');
  });
});
