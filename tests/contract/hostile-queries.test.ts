/**
 * Regressions the fuzz corpus found in queries: field selectors named like Object.prototype members (a 500 on
 * lists; on a watch, every later write to the kind failed and other watchers missed it), a watch from a version
 * the server never issued (it hung on, then sent older changes), and a timeoutSeconds too large for a timer (the
 * watch closed at once).
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject, ObjectList, Status } from '@/shared/protocol.ts';
import { JOBS, job, openWatch, status, withMockApi } from './harness.ts';

const api = withMockApi({ controller: false });

async function listRv(): Promise<string> {
  return (await api.get<ObjectList>(JOBS)).body.metadata.resourceVersion;
}

describe('hostile queries', () => {
  it('refuses field selectors named like Object.prototype members, on lists and watches, and writes go on', async () => {
    const rv = await listRv();
    const bystander = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${rv}`);
    for (const field of ['valueOf', 'constructor', 'toString', 'hasOwnProperty', 'isPrototypeOf']) {
      const list = await api.get(`${JOBS}?fieldSelector=${field}%3Dx`);
      expect(list.status).toBe(400);
      expect(status(list)).toMatchObject({ reason: 'BadRequest', message: `field label not supported: "${field}"` });
      const watch = await api.get(`${JOBS}?watch=true&resourceVersion=${rv}&fieldSelector=${field}%3Dx`);
      expect(watch.status).toBe(400);
    }
    expect((await api.post(JOBS, job('after-selectors'))).status).toBe(201);
    const [added] = await bystander.next(1);
    bystander.close();
    expect((added!.object as NodusObject).metadata.name).toBe('after-selectors');
  });

  it('answers a watch from a resourceVersion the server never issued with ERROR Timeout, after a short wait', async () => {
    const ahead = Number(await listRv()) + 1000;
    const watch = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${ahead}`);
    const [event] = await watch.next(1);
    await watch.ended;
    expect(event!.type).toBe('ERROR');
    expect(event!.object as Status).toMatchObject({
      kind: 'Status',
      code: 504,
      reason: 'Timeout',
      message: expect.stringContaining(`Too large resource version: ${ahead}`),
    });
  });

  it('keeps a watch open for a timeoutSeconds longer than a timer can hold', async () => {
    const watch = await openWatch(
      api,
      `${JOBS}?watch=true&resourceVersion=${await listRv()}&timeoutSeconds=10000000000`,
    );
    expect((await api.post(JOBS, job('still-watching'))).status).toBe(201);
    const [event] = await watch.next(1);
    watch.close();
    expect((event!.object as NodusObject).metadata.name).toBe('still-watching');
  });

  it('reads limit as decimal digits only: 0x10, 1e3, " 5" and -1 are refused, not read as numbers', async () => {
    for (const limit of ['0x10', '1e3', '%205', '-1', '1.5']) {
      const res = await api.get(`${JOBS}?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(status(res).message).toMatch(/^limit must be a whole number/);
    }
    expect((await api.get(`${JOBS}?limit=0010`)).status).toBe(200);
  });

  it('refuses "in" and "notin" with no values, as Kubernetes does, and takes the empty value', async () => {
    for (const selector of ['a notin ()', 'a in ( )']) {
      const res = await api.get(`${JOBS}?labelSelector=${encodeURIComponent(selector)}`);
      expect(res.status, selector).toBe(400);
      expect(status(res).message).toContain('has no values');
    }
    expect((await api.get(`${JOBS}?labelSelector=${encodeURIComponent('a in (,)')}`)).status).toBe(200);
  });
});
