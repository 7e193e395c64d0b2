/**
 * Review and launch, as one state machine. A review is tied to the exact text it reviewed: any later edit makes
 * it stale and Launch unavailable. Launch sends the reviewed body with If-Match: <review ETag> and the review's
 * Idempotency-Key (minted with the review, kept with the draft, reused by every retry), so a retry after a
 * dropped connection returns the first answer and never a second object. A click while a launch is in flight
 * does nothing (a ref, set before any await, not only a disabled button).
 */
import { useCallback, useRef, useState } from 'react';
import { newIdempotencyKey, toApiError, type ApiError } from '../../../api/index.ts';
import type { Estimate, NodusObject } from '../../../shared/protocol.ts';
import { getObject, launchDraft, reviewDraft, type LaunchAnswer, type Target } from '../api/create-object.ts';
import type { PendingLaunch } from '../model/draft-storage.ts';
import { serverAdditions, type ServerAddition } from '../model/review-model.ts';

export interface Review {
  /** The exact text reviewed. */
  text: string;
  body: Record<string, unknown>;
  object: NodusObject;
  etag: string | undefined;
  warnings: string[];
  estimate: Estimate | undefined;
  additions: ServerAddition[];
  idempotencyKey: string;
  /** 200: an object with this name and the same spec exists already; a launch would create nothing. */
  httpStatus: number;
  at: number;
}

/** Why a fresh review replaced an earlier one that the server refused to launch (PreconditionFailed). */
export interface Comparison {
  before: Review;
  error: ApiError;
}

export type Stage =
  | { name: 'idle' }
  | { name: 'reviewing' }
  | { name: 'review-failed'; error: ApiError; text: string }
  | { name: 'reviewed' }
  | { name: 'launching'; attempt: number }
  /** No answer came back: the object may or may not exist. Retry with the same key. */
  | { name: 'launch-unknown'; error: ApiError }
  | { name: 'launch-failed'; error: ApiError }
  | { name: 'exists'; error: ApiError; text: string; existing: NodusObject | undefined; readError: ApiError | undefined }
  | { name: 'launched'; answer: LaunchAnswer };

export interface ReviewLaunch {
  stage: Stage;
  review: Review | undefined;
  /** Set after a PreconditionFailed: the review that was refused, to compare with the new one. */
  comparison: Comparison | undefined;
  startReview: (text: string, body: Record<string, unknown>) => Promise<void>;
  launch: (currentText: string) => Promise<LaunchAnswer | undefined>;
  dismissComparison: () => void;
}

interface Options {
  target: Target;
  pendingLaunch: PendingLaunch | undefined;
  setPendingLaunch: (pending: PendingLaunch | undefined) => void;
}

async function readExisting(target: Target, name: string): Promise<{ existing: NodusObject | undefined; readError: ApiError | undefined }> {
  try {
    return { existing: await getObject(target, name), readError: undefined };
  } catch (error) {
    return { existing: undefined, readError: toApiError(error) };
  }
}

function nameOf(body: Record<string, unknown>): string {
  const meta = body.metadata as { name?: unknown } | undefined;
  return typeof meta?.name === 'string' ? meta.name : '';
}

export function useReviewLaunch({ target, pendingLaunch, setPendingLaunch }: Options): ReviewLaunch {
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const [review, setReview] = useState<Review | undefined>(undefined);
  const [comparison, setComparison] = useState<Comparison | undefined>(undefined);
  const busy = useRef(false);
  const reviewSeq = useRef(0);

  const runReview = useCallback(
    async (text: string, body: Record<string, unknown>, keepKeyOf: Review | undefined): Promise<Review | undefined> => {
      const seq = ++reviewSeq.current;
      setStage({ name: 'reviewing' });
      try {
        const answer = await reviewDraft(target, body);
        if (seq !== reviewSeq.current) return undefined;
        const next: Review = {
          text,
          body,
          object: answer.object,
          etag: answer.etag,
          warnings: answer.warnings,
          estimate: answer.object.status?.estimate,
          additions: serverAdditions(body, answer.object),
          // The same reviewed text and ETag keep their key; anything new gets a new one (the server remembers a
          // key with the request it came with, so a new If-Match needs a new key).
          idempotencyKey: keepKeyOf && keepKeyOf.text === text && keepKeyOf.etag === answer.etag ? keepKeyOf.idempotencyKey : newIdempotencyKey(),
          httpStatus: answer.httpStatus,
          at: Date.now(),
        };
        setReview(next);
        setStage({ name: 'reviewed' });
        return next;
      } catch (error) {
        if (seq !== reviewSeq.current) return undefined;
        const apiError = toApiError(error);
        setReview(undefined);
        if (apiError.reason === 'AlreadyExists') {
          setStage({ name: 'exists', error: apiError, text, existing: undefined, readError: undefined });
          const read = await readExisting(target, nameOf(body));
          if (seq === reviewSeq.current) setStage({ name: 'exists', error: apiError, text, ...read });
        } else setStage({ name: 'review-failed', error: apiError, text });
        return undefined;
      }
    },
    [target],
  );

  const startReview = useCallback(
    async (text: string, body: Record<string, unknown>) => {
      if (busy.current) return;
      setComparison(undefined);
      await runReview(text, body, review);
    },
    [runReview, review],
  );

  const launch = useCallback(
    async (currentText: string): Promise<LaunchAnswer | undefined> => {
      if (busy.current || !review || review.text !== currentText) return undefined;
      busy.current = true;
      // A launch whose answer was lost is finished with its own key, even after a reload.
      const key = pendingLaunch && pendingLaunch.text === review.text && pendingLaunch.etag === (review.etag ?? '') ? pendingLaunch.idempotencyKey : review.idempotencyKey;
      setPendingLaunch({ text: review.text, etag: review.etag ?? '', idempotencyKey: key, at: new Date().toISOString() });
      setStage({ name: 'launching', attempt: 1 });
      try {
        const answer = await launchDraft(target, review.body, {
          etag: review.etag,
          idempotencyKey: key,
          onRetry: (info) => setStage({ name: 'launching', attempt: info.attempt + 1 }),
        });
        setPendingLaunch(undefined);
        setStage({ name: 'launched', answer });
        return answer;
      } catch (error) {
        const apiError = toApiError(error);
        if (apiError.code === 0 || apiError.code === 429 || apiError.code >= 500) {
          // The outcome is unknown: keep the pending launch (and its key) for "Retry launch".
          setStage({ name: 'launch-unknown', error: apiError });
          return undefined;
        }
        setPendingLaunch(undefined);
        if (apiError.reason === 'PreconditionFailed') {
          // The spec or the price book changed since the review: review again and show both estimates.
          const before = review;
          setComparison({ before, error: apiError });
          await runReview(before.text, before.body, undefined);
          return undefined;
        }
        if (apiError.reason === 'AlreadyExists') {
          setReview(undefined);
          setStage({ name: 'exists', error: apiError, text: review.text, existing: undefined, readError: undefined });
          const read = await readExisting(target, nameOf(review.body));
          setStage({ name: 'exists', error: apiError, text: review.text, ...read });
          return undefined;
        }
        setStage({ name: 'launch-failed', error: apiError });
        return undefined;
      } finally {
        busy.current = false;
      }
    },
    [review, pendingLaunch, setPendingLaunch, target, runReview],
  );

  return { stage, review, comparison, startReview, launch, dismissComparison: useCallback(() => setComparison(undefined), []) };
}
