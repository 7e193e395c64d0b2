/**
 * Review and launch, as a plain state machine (no React; `use-review-launch.ts` is its thin hook).
 *
 * A review is tied to the exact text it reviewed. Launch sends that review's body with If-Match: <its ETag> and
 * its Idempotency-Key, so a retry returns the first answer and never a second object. Every transition is decided
 * here, synchronously, from the state as it is at the call: a second click, a held Enter or a click during a
 * review finds the machine busy or the launch not allowed, whatever the screen has drawn so far.
 *
 * After a PreconditionFailed (the spec or the price book changed since the review) the machine reviews again and
 * holds the new review as *unaccepted*: `launch` refuses it until the person accepts it with `acceptAndLaunch`,
 * which the view offers only beside the comparison of both estimates.
 */
import { newIdempotencyKey, toApiError, type ApiError } from '@/data/client/index.ts';
import type { Estimate, NodusObject } from '@/shared/protocol.ts';
import type { LaunchAnswer, LaunchOptions, ReviewAnswer } from '../api/create-object.ts';
import type { PendingLaunch } from './new-object-draft.ts';
import { serverAdditions, type ServerAddition } from './review-model.ts';

/** The server's dry-run of a draft, as the flow holds it (not the mock's stored Review). */
export interface DraftReview {
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

/** A review the server refused to launch (PreconditionFailed), kept to be shown beside the new one. */
export interface Comparison {
  before: DraftReview;
  error: ApiError;
  /** False until the person accepts the new review; until then nothing can be launched. */
  accepted: boolean;
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
  | {
      name: 'exists';
      error: ApiError;
      text: string;
      existing: NodusObject | undefined;
      readError: ApiError | undefined;
    }
  | { name: 'launched'; answer: LaunchAnswer };

export interface ReviewLaunchState {
  stage: Stage;
  review: DraftReview | undefined;
  comparison: Comparison | undefined;
}

/** The three calls the machine makes; `create-object.ts` binds them to a project and kind. */
export interface ReviewLaunchApi {
  review: (body: Record<string, unknown>) => Promise<ReviewAnswer>;
  launch: (body: Record<string, unknown>, options: LaunchOptions) => Promise<LaunchAnswer>;
  get: (name: string) => Promise<NodusObject>;
}

/** Where the launch whose answer was lost is kept (with the draft, so it survives a reload). */
export interface PendingLaunchStore {
  get: () => PendingLaunch | undefined;
  set: (pending: PendingLaunch | undefined) => void;
}

function nameOf(body: Record<string, unknown>): string {
  const meta = body.metadata as { name?: unknown } | undefined;
  return typeof meta?.name === 'string' ? meta.name : '';
}

/** Why `launch` would refuse right now, or undefined when it would send. */
export function launchBlocker(state: ReviewLaunchState, text: string): string | undefined {
  const { stage, review, comparison } = state;
  if (!review) return 'not-reviewed';
  if (review.text !== text) return 'stale';
  if (review.httpStatus === 200) return 'identical';
  if (comparison && !comparison.accepted) return 'unaccepted';
  if (stage.name !== 'reviewed' && stage.name !== 'launch-failed') return stage.name;
  return undefined;
}

export class ReviewLaunchFlow {
  private state: ReviewLaunchState = { stage: { name: 'idle' }, review: undefined, comparison: undefined };
  private readonly listeners = new Set<() => void>();
  /** Set for the whole of a launch, before any await: nothing else starts meanwhile. */
  private busy = false;
  private reviewSeq = 0;

  constructor(
    private readonly api: ReviewLaunchApi,
    private readonly pending: PendingLaunchStore,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): ReviewLaunchState => this.state;

  private set(change: Partial<ReviewLaunchState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** A review of `text`. A comparison stays while the same text is reviewed again, and goes with a new text. */
  async review(text: string, body: Record<string, unknown>): Promise<void> {
    if (this.busy) return;
    const { comparison } = this.state;
    if (comparison && comparison.before.text !== text) this.set({ comparison: undefined });
    await this.runReview(text, body, this.state.review);
  }

  /** Launches the current review of `text`; refused (undefined) unless `launchBlocker` finds nothing. */
  launch(text: string): Promise<LaunchAnswer | undefined> {
    if (this.busy || launchBlocker(this.state, text) !== undefined) return Promise.resolve(undefined);
    return this.send(this.state.review!);
  }

  /** The person saw the new estimate beside the refused one and launches it. */
  acceptAndLaunch(text: string): Promise<LaunchAnswer | undefined> {
    const { comparison, review } = this.state;
    if (
      this.busy ||
      !comparison ||
      comparison.accepted ||
      !review ||
      review.text !== text ||
      this.state.stage.name !== 'reviewed'
    ) {
      return Promise.resolve(undefined);
    }
    this.set({ comparison: { ...comparison, accepted: true } });
    return this.launch(text);
  }

  /** After an unknown outcome: the same request with the same key, which the server answers with the first result. */
  retryLaunch(): Promise<LaunchAnswer | undefined> {
    const { stage, review } = this.state;
    if (this.busy || stage.name !== 'launch-unknown' || !review) return Promise.resolve(undefined);
    return this.send(review);
  }

  dismissComparison(): void {
    if (this.state.comparison?.accepted === false) return;
    this.set({ comparison: undefined });
  }

  private async send(review: DraftReview): Promise<LaunchAnswer | undefined> {
    this.busy = true;
    // A launch whose answer was lost is finished with its own key, even after a reload.
    const pending = this.pending.get();
    const key =
      pending && pending.text === review.text && pending.etag === (review.etag ?? '')
        ? pending.idempotencyKey
        : review.idempotencyKey;
    this.pending.set({ text: review.text, etag: review.etag ?? '', idempotencyKey: key, at: new Date().toISOString() });
    this.set({ stage: { name: 'launching', attempt: 1 } });
    try {
      const answer = await this.api.launch(review.body, {
        etag: review.etag,
        idempotencyKey: key,
        onRetry: (info) => this.set({ stage: { name: 'launching', attempt: info.attempt + 1 } }),
      });
      this.pending.set(undefined);
      this.set({ stage: { name: 'launched', answer } });
      return answer;
    } catch (error) {
      await this.launchFailed(review, toApiError(error));
      return undefined;
    } finally {
      this.busy = false;
    }
  }

  private async launchFailed(review: DraftReview, error: ApiError): Promise<void> {
    if (error.code === 0 || error.code === 429 || error.code >= 500) {
      // The outcome is unknown: keep the pending launch (and its key) for "Retry launch".
      this.set({ stage: { name: 'launch-unknown', error } });
      return;
    }
    this.pending.set(undefined);
    if (error.reason === 'PreconditionFailed') {
      // The spec or the price book changed since the review: review again, and hold the new review until the
      // person has seen both estimates and accepts it.
      this.set({ comparison: { before: review, error, accepted: false } });
      await this.runReview(review.text, review.body, undefined);
      return;
    }
    if (error.reason === 'AlreadyExists') {
      await this.showExisting(error, review.text, review.body, this.reviewSeq);
      return;
    }
    this.set({ stage: { name: 'launch-failed', error } });
  }

  private async runReview(
    text: string,
    body: Record<string, unknown>,
    keepKeyOf: DraftReview | undefined,
  ): Promise<void> {
    const seq = ++this.reviewSeq;
    this.set({ stage: { name: 'reviewing' } });
    try {
      const answer = await this.api.review(body);
      if (seq !== this.reviewSeq) return;
      const review: DraftReview = {
        text,
        body,
        object: answer.object,
        etag: answer.etag,
        warnings: answer.warnings,
        estimate: answer.object.status?.estimate,
        additions: serverAdditions(body, answer.object),
        // The same reviewed text and ETag keep their key; anything new gets a new one (the server remembers a
        // key with the request it came with, so a new If-Match needs a new key).
        idempotencyKey:
          keepKeyOf && keepKeyOf.text === text && keepKeyOf.etag === answer.etag
            ? keepKeyOf.idempotencyKey
            : newIdempotencyKey(),
        httpStatus: answer.httpStatus,
        at: Date.now(),
      };
      this.set({ review, stage: { name: 'reviewed' } });
    } catch (error) {
      if (seq !== this.reviewSeq) return;
      const apiError = toApiError(error);
      if (apiError.reason === 'AlreadyExists') await this.showExisting(apiError, text, body, seq);
      else this.set({ review: undefined, stage: { name: 'review-failed', error: apiError, text } });
    }
  }

  /** AlreadyExists: the existing object is read to be shown beside the draft. */
  private async showExisting(error: ApiError, text: string, body: Record<string, unknown>, seq: number): Promise<void> {
    this.set({
      review: undefined,
      comparison: undefined,
      stage: { name: 'exists', error, text, existing: undefined, readError: undefined },
    });
    let read: { existing: NodusObject | undefined; readError: ApiError | undefined };
    try {
      read = { existing: await this.api.get(nameOf(body)), readError: undefined };
    } catch (readFailure) {
      read = { existing: undefined, readError: toApiError(readFailure) };
    }
    if (seq === this.reviewSeq) this.set({ stage: { name: 'exists', error, text, ...read } });
  }
}
