import { describe, expect, it } from 'vitest';
import { ApiError } from '../client/index.ts';
import { TROUBLE_AFTER_MS, watchTrouble, type WatchTroubleInput } from './trouble.ts';

const error = new ApiError(
  {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    code: 503,
    reason: 'ServiceUnavailable',
    message: 'busy',
    requestId: 'req_9',
  },
  { fromServer: true },
);
const base: WatchTroubleInput = {
  status: 'live',
  synced: true,
  error: undefined,
  since: undefined,
  attempt: 0,
  nextRetryAt: undefined,
  syncedAt: 1_000,
};

describe('watchTrouble', () => {
  it('says nothing while live, or for a short spell of retries', () => {
    expect(watchTrouble(base, 50_000)).toBeUndefined();
    expect(
      watchTrouble(
        { ...base, status: 'reconnecting', error, since: 40_000, attempt: 2 },
        40_000 + TROUBLE_AFTER_MS - 1,
      ),
    ).toBeUndefined();
  });

  it('speaks once retrying has lasted, with what is still shown and since when', () => {
    const trouble = watchTrouble(
      { ...base, status: 'reconnecting', error, since: 40_000, attempt: 6, nextRetryAt: 52_000 },
      40_000 + TROUBLE_AFTER_MS,
    );
    expect(trouble).toEqual({
      state: 'retrying',
      error,
      since: 40_000,
      attempts: 6,
      nextRetryAt: 52_000,
      shownAsOf: 40_000,
    });
  });

  it('has nothing to show when the first list never arrived', () => {
    expect(
      watchTrouble(
        { ...base, status: 'loading', synced: false, syncedAt: undefined, error, since: 1_000, attempt: 6 },
        20_000,
      )?.shownAsOf,
    ).toBeUndefined();
  });

  it('speaks at once when retrying stopped', () => {
    expect(
      watchTrouble({ ...base, status: 'stale', error, since: 40_000, attempt: 9, nextRetryAt: 41_000 }, 40_001),
    ).toMatchObject({ state: 'stopped', nextRetryAt: undefined });
  });
});
