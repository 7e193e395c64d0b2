/**
 * Boolean query parameters read as a Kubernetes server reads them (Go's strconv.ParseBool): the official Python
 * client sends `watch=True`, and a mock that took only `true` answered with a list, which the client re-listed in
 * a tight loop. Any other spelling is a 400 that names the parameter, never silently false.
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject, ObjectList } from '@/shared/protocol.ts';
import { JOBS, job, openWatch, status, withMockApi } from './harness.ts';

const api = withMockApi({ controller: false, bookmarkSeconds: 0.05 });
const LOG = '/apis/nodus.dev/v1/namespaces/default/jobs/hello-world/log';

const TRUE_SPELLINGS = ['1', 't', 'T', 'true', 'TRUE', 'True'];
const FALSE_SPELLINGS = ['0', 'f', 'F', 'false', 'FALSE', 'False'];
const BAD_SPELLINGS = ['yes', 'on', 'tRuE', '2', 'true ', 'no'];

async function listRv(): Promise<string> {
  return (await api.get<ObjectList>(JOBS)).body.metadata.resourceVersion;
}

describe('boolean query parameters', () => {
  it.each(TRUE_SPELLINGS)('watch=%s opens a watch', async (value) => {
    const rv = await listRv();
    const stream = await openWatch(api, `${JOBS}?watch=${value}&resourceVersion=${rv}`);
    expect((await api.post(JOBS, job(`w-${value.toLowerCase()}`))).status).toBe(201);
    const [event] = await stream.next(1);
    stream.close();
    expect(event!.type).toBe('ADDED');
  });

  it.each(FALSE_SPELLINGS)('watch=%s answers a list', async (value) => {
    const res = await api.get<ObjectList>(`${JOBS}?watch=${value}`);
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('JobList');
  });

  it.each(['True', 'T', '1'])('allowWatchBookmarks=%s sends bookmarks', async (value) => {
    const stream = await openWatch(
      api,
      `${JOBS}?watch=true&resourceVersion=${await listRv()}&allowWatchBookmarks=${value}`,
    );
    const [event] = await stream.next(1);
    stream.close();
    expect(event!.type).toBe('BOOKMARK');
  });

  it.each(['False', 'F', '0'])('allowWatchBookmarks=%s sends none', async (value) => {
    const stream = await openWatch(
      api,
      `${JOBS}?watch=True&resourceVersion=${await listRv()}&allowWatchBookmarks=${value}&timeoutSeconds=1`,
    );
    await stream.ended;
    expect(stream.events).toEqual([]);
  });

  it('a bare ?watch opens a watch, as a bare ?follow follows', async () => {
    const rv = await listRv();
    const stream = await openWatch(api, `${JOBS}?watch&resourceVersion=${rv}`);
    expect((await api.post(JOBS, job('bare-watch'))).status).toBe(201);
    const [event] = await stream.next(1);
    stream.close();
    expect((event!.object as NodusObject).metadata.name).toBe('bare-watch');
  });

  it.each(['True', 'FALSE', 't', '0'])('logs take timestamps=%s', async (value) => {
    expect((await api.get(`${LOG}?tailLines=1&timestamps=${value}`)).status).toBe(200);
  });

  it('injected faults count watch=True as a watch and watch=False as a list', async () => {
    expect((await api.post('/_mock/faults', { errorRate: 1, verbs: ['watch'] })).status).toBe(200);
    const watch = (await api.get(`${JOBS}?watch=True`)).status;
    const list = (await api.get(`${JOBS}?watch=False`)).status;
    expect((await api.post('/_mock/faults', { errorRate: 1, verbs: ['list'] })).status).toBe(200);
    const listNow = (await api.get(`${JOBS}?watch=F`)).status;
    expect((await api.del('/_mock/faults')).status).toBe(200);
    expect({ watch, list, listNow }).toEqual({ watch: 503, list: 200, listNow: 503 });
  });

  const refusals = BAD_SPELLINGS.flatMap((value) => [
    { param: 'watch', path: `${JOBS}?watch=${encodeURIComponent(value)}`, value },
    { param: 'watch', path: `/apis/nodus.dev/v1/jobs?watch=${encodeURIComponent(value)}`, value },
    { param: 'watch', path: `/api/v1/namespaces?watch=${encodeURIComponent(value)}`, value },
    { param: 'allowWatchBookmarks', path: `${JOBS}?watch=1&allowWatchBookmarks=${encodeURIComponent(value)}`, value },
    { param: 'follow', path: `${LOG}?follow=${encodeURIComponent(value)}`, value },
    { param: 'timestamps', path: `${LOG}?timestamps=${encodeURIComponent(value)}`, value },
  ]);
  it.each(refusals)('refuses $param=$value on $path with a 400 naming it', async ({ param, path, value }) => {
    const res = await api.get(path);
    expect(res.status).toBe(400);
    expect(status(res)).toMatchObject({
      reason: 'BadRequest',
      message: `${param} must be true or false, not "${value}"`,
      fix: expect.stringContaining(`${param}=true`),
      requestId: expect.any(String),
    });
  });
});
