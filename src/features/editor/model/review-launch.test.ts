import { describe, expect, it } from 'vitest';
import { ApiError } from '@/data/client/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import type { LaunchAnswer, LaunchOptions, ReviewAnswer } from '../api/create-object.ts';
import type { PendingLaunch } from './new-object-draft.ts';
import { launchBlocker, ReviewLaunchFlow } from './review-launch.ts';

/** A promise settled by the test, so that calls can overlap as they do on a slow network. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const TEXT = 'kind: Job\nmetadata: {name: a}\n';
const BODY = { kind: 'Job', metadata: { name: 'a' } };

function object(priceBook: string, cost: string): NodusObject {
  return {
    apiVersion: 'nodus.dev/v1',
    kind: 'Job',
    metadata: { name: 'a' },
    spec: {},
    status: {
      estimate: {
        costUSD: cost,
        firstHoldUSD: '1.00',
        rateUSDPerHour: '1.00',
        startTime: '2026-01-01T00:00:00Z',
        priceBookVersion: priceBook,
      },
    },
  };
}

function refusal(code: number, reason: string): ApiError {
  return new ApiError(
    {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      code,
      reason,
      message: reason,
      requestId: 'req_1',
    },
    { fromServer: true },
  );
}

/** The API as the machine sees it: every call waits until the test answers it. */
function scriptedApi() {
  const reviews: { body: Record<string, unknown>; answer: ReturnType<typeof deferred<ReviewAnswer>> }[] = [];
  const launches: { options: LaunchOptions; answer: ReturnType<typeof deferred<LaunchAnswer>> }[] = [];
  const api = {
    review: (body: Record<string, unknown>) => {
      const answer = deferred<ReviewAnswer>();
      reviews.push({ body, answer });
      return answer.promise;
    },
    launch: (_body: Record<string, unknown>, options: LaunchOptions) => {
      const answer = deferred<LaunchAnswer>();
      launches.push({ options, answer });
      return answer.promise;
    },
    get: () => Promise.resolve(object('v1', '1.00')),
  };
  let pending: PendingLaunch | undefined;
  const flow = new ReviewLaunchFlow(api, { get: () => pending, set: (next) => (pending = next) });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  async function reviewed(priceBook: string, cost: string) {
    const review = flow.review(TEXT, BODY);
    reviews
      .at(-1)!
      .answer.resolve({ object: object(priceBook, cost), etag: `etag-${priceBook}`, warnings: [], httpStatus: 201 });
    await review;
  }
  return { api, flow, reviews, launches, settle, reviewed };
}

describe('ReviewLaunchFlow', () => {
  it('launches nothing before a review, or after the text changed', async () => {
    const { flow, launches, reviewed } = scriptedApi();
    expect(await flow.launch(TEXT)).toBeUndefined();
    await reviewed('v1', '3.00');
    expect(await flow.launch(`${TEXT}# edited\n`)).toBeUndefined();
    expect(launchBlocker(flow.getState(), `${TEXT}# edited\n`)).toBe('stale');
    expect(launches).toHaveLength(0);
  });

  it('sends one create however many times launch is called while it is in flight', async () => {
    const { flow, launches, reviewed } = scriptedApi();
    await reviewed('v1', '3.00');
    const first = flow.launch(TEXT);
    void flow.launch(TEXT);
    void flow.launch(TEXT);
    expect(launches).toHaveLength(1);
    launches[0]!.answer.resolve({ object: object('v1', '3.00'), replayed: false, httpStatus: 201, warnings: [] });
    expect(await first).toBeDefined();
    // Launched: a held Enter after the answer sends nothing either.
    expect(await flow.launch(TEXT)).toBeUndefined();
    expect(launches).toHaveLength(1);
    expect(launches[0]!.options.etag).toBe('etag-v1');
  });

  it('sends nothing while a review is in flight', async () => {
    const { flow, launches, reviews, reviewed } = scriptedApi();
    await reviewed('v1', '3.00');
    const again = flow.review(TEXT, BODY);
    expect(flow.getState().stage.name).toBe('reviewing');
    expect(await flow.launch(TEXT)).toBeUndefined();
    reviews.at(-1)!.answer.resolve({ object: object('v1', '3.00'), etag: 'etag-v1', warnings: [], httpStatus: 201 });
    await again;
    expect(launches).toHaveLength(0);
  });

  it('after PreconditionFailed, holds the new review until it is accepted beside the old one', async () => {
    const { flow, launches, reviews, reviewed, settle } = scriptedApi();
    await reviewed('v1', '3.00');
    const firstKey = flow.getState().review!.idempotencyKey;
    const first = flow.launch(TEXT);
    launches[0]!.answer.reject(refusal(412, 'PreconditionFailed'));
    await settle();
    // The machine reviews again by itself; a click meanwhile sends nothing.
    expect(flow.getState().stage.name).toBe('reviewing');
    expect(await flow.launch(TEXT)).toBeUndefined();
    reviews.at(-1)!.answer.resolve({ object: object('v2', '5.00'), etag: 'etag-v2', warnings: [], httpStatus: 201 });
    await first;

    const state = flow.getState();
    expect(state.comparison?.before.estimate?.priceBookVersion).toBe('v1');
    expect(state.review?.estimate?.priceBookVersion).toBe('v2');
    expect(launchBlocker(state, TEXT)).toBe('unaccepted');
    // The second click of a double-click, or Enter held down, lands on the old Launch: refused.
    expect(await flow.launch(TEXT)).toBeUndefined();
    expect(launches).toHaveLength(1);
    // Reviewing the same text again keeps the comparison and its hold.
    await reviewed('v2', '5.00');
    expect(launchBlocker(flow.getState(), TEXT)).toBe('unaccepted');

    const accepted = flow.acceptAndLaunch(TEXT);
    void flow.acceptAndLaunch(TEXT);
    expect(launches).toHaveLength(2);
    expect(launches[1]!.options.etag).toBe('etag-v2');
    expect(launches[1]!.options.idempotencyKey).not.toBe(firstKey);
    launches[1]!.answer.resolve({ object: object('v2', '5.00'), replayed: false, httpStatus: 201, warnings: [] });
    expect(await accepted).toBeDefined();
  });

  it('a new text drops the comparison: its review is launched as any other', async () => {
    const { flow, launches, reviews, reviewed, settle } = scriptedApi();
    await reviewed('v1', '3.00');
    void flow.launch(TEXT);
    launches[0]!.answer.reject(refusal(412, 'PreconditionFailed'));
    await settle();
    reviews.at(-1)!.answer.resolve({ object: object('v2', '5.00'), etag: 'etag-v2', warnings: [], httpStatus: 201 });
    await settle();
    const edited = `${TEXT}# edited\n`;
    const review = flow.review(edited, BODY);
    reviews.at(-1)!.answer.resolve({ object: object('v2', '5.00'), etag: 'etag-v2b', warnings: [], httpStatus: 201 });
    await review;
    expect(flow.getState().comparison).toBeUndefined();
    void flow.launch(edited);
    expect(launches).toHaveLength(2);
  });

  it('an unknown outcome is retried only by Retry launch, with the same key', async () => {
    const { flow, launches, reviewed, settle } = scriptedApi();
    await reviewed('v1', '3.00');
    void flow.launch(TEXT);
    launches[0]!.answer.reject(refusal(503, 'ServiceUnavailable'));
    await settle();
    expect(flow.getState().stage.name).toBe('launch-unknown');
    expect(await flow.launch(TEXT)).toBeUndefined();
    void flow.retryLaunch();
    void flow.retryLaunch();
    expect(launches).toHaveLength(2);
    expect(launches[1]!.options.idempotencyKey).toBe(launches[0]!.options.idempotencyKey);
  });
});
