/** Notices about the draft itself: an earlier draft set aside, and a launch whose answer never came. */
import { formatDateTime } from '@/lib/format.ts';
import type { DraftState } from '../hooks/use-draft.ts';
import type { DraftReview, Stage } from '../model/review-launch.ts';

interface Props {
  draft: DraftState;
  kind: string;
  stage: Stage;
  review: DraftReview | undefined;
  stale: boolean;
  onRetryLaunch: () => void;
}

const time = (iso: string) => formatDateTime(iso);

export function DraftBanners({ draft, kind, stage, review, stale, onRetryLaunch }: Props) {
  const pending = draft.pendingLaunch;
  // After a reload, a launch that may have gone through is finished once the same text is reviewed again.
  const pendingAfterReload = pending && stage.name !== 'launching' && stage.name !== 'launch-unknown';
  return (
    <>
      {draft.setAside && (
        <div
          role="note"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
        >
          <span>
            {draft.fromIncoming ? 'You opened this editor with new text; ' : ''}
            {`your earlier ${kind} draft (${time(draft.setAside.savedAt)}) was set aside, not lost.`}
          </span>
          <span className="flex gap-2">
            <button
              type="button"
              onClick={draft.restoreSetAside}
              className="rounded-md bg-white px-2.5 py-1 text-xs font-medium text-sky-800 shadow-sm ring-1 ring-sky-200 hover:bg-sky-100"
            >
              Switch to the set-aside draft
            </button>
            <button
              type="button"
              onClick={draft.dropSetAside}
              className="rounded-md px-2.5 py-1 text-xs font-medium text-sky-800 hover:bg-sky-100"
            >
              Delete it
            </button>
          </span>
        </div>
      )}
      {pendingAfterReload && (
        <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {`A launch of this draft (${time(pending.at)}) got no answer: the ${kind} may exist already. `}
          {review && !stale && review.text === pending.text && (review.etag ?? '') === pending.etag ? (
            <button
              type="button"
              onClick={onRetryLaunch}
              className="ml-1 rounded-md bg-amber-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-amber-500"
            >
              Retry launch (same key: never a second {kind})
            </button>
          ) : (
            'Review it again, then Launch: the same key is used, so it is never created twice.'
          )}
        </div>
      )}
    </>
  );
}
