/**
 * Any 403 but a review's own makes every cached access answer stale (roles may have changed), once per burst,
 * and only for calls made with the key in use.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCallLog, type ApiCall } from '../call-log/call-log-store.ts';
import { newCallId } from '../call-log/record-fetch.ts';
import { queryKeys } from '../query-keys.ts';
import { invalidateAccessOnForbidden, isAccessRefusal } from './forbidden.ts';

function call(status: number, path: string, startedAt = Date.now()): ApiCall {
  return { id: newCallId(), startedAt, method: 'DELETE', path, status, durationMs: 3, watch: false };
}

describe('invalidateAccessOnForbidden', () => {
  let client: QueryClient;
  let stop: () => void;
  const stale = () => client.getQueryState(queryKeys.accessRules(0, 'lab'))?.isInvalidated;

  beforeEach(() => {
    vi.useFakeTimers();
    useCallLog.getState().clear();
    client = new QueryClient();
    client.setQueryData(queryKeys.accessRules(0, 'lab'), []);
    stop = invalidateAccessOnForbidden(client);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('makes the answers stale after a 403, once for a burst', () => {
    const spy = vi.spyOn(client, 'invalidateQueries');
    useCallLog.getState().add(call(200, '/apis/nodus.dev/v1/namespaces/lab/jobs/a'));
    vi.advanceTimersByTime(1_000);
    expect(stale()).toBe(false);
    for (let i = 0; i < 20; i++) useCallLog.getState().add(call(403, `/apis/nodus.dev/v1/namespaces/lab/jobs/j${i}`));
    vi.advanceTimersByTime(1_000);
    expect(stale()).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("ignores the reviews' own refusals and calls made with an earlier key", () => {
    useCallLog.getState().add(call(403, '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews'));
    useCallLog.getState().add(call(403, '/prefix/apis/authentication.k8s.io/v1/selfsubjectreviews'));
    vi.advanceTimersByTime(1_000);
    expect(stale()).toBe(false);
    expect(isAccessRefusal(call(403, '/api/v1/namespaces/lab', 100), 200)).toBe(false);
    expect(isAccessRefusal(call(403, '/api/v1/namespaces/lab', 300), 200)).toBe(true);
  });

  it('notices a 403 recorded after newer calls (an upload is logged when it is answered)', () => {
    const upload = call(403, '/apis/nodus.dev/v1/namespaces/lab/volumes/v/files/a.bin');
    useCallLog.getState().add(call(200, '/apis/nodus.dev/v1/namespaces/lab/jobs'));
    useCallLog.getState().add(upload);
    vi.advanceTimersByTime(1_000);
    expect(stale()).toBe(true);
  });
});
