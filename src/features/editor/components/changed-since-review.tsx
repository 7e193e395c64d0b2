/**
 * A launch the server refused (PreconditionFailed): the estimate that was reviewed beside the new one, and the
 * only button that launches the new one. It is a new element in a new place, so a second click aimed at the
 * first Launch button, or a held Enter, cannot launch what the person has not seen.
 */
import { useEffect, useRef } from 'react';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import type { ReviewLaunchState } from '../model/review-launch.ts';
import { EstimateComparison, money } from './estimate-view.tsx';

interface Props {
  kind: string;
  state: ReviewLaunchState;
  /** The draft's text now: an edit since the review makes the new estimate out of date too. */
  text: string;
  now: number;
  onAcceptAndLaunch: () => void;
}

function why(before: string | undefined, after: string | undefined): string {
  if (before && after && before !== after) return `the price book changed (version ${before} is now ${after})`;
  return 'the spec or the price book changed';
}

export function ChangedSinceReview({ kind, state, text, now, onAcceptAndLaunch }: Props) {
  const { comparison, review, stage } = state;
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = comparison !== undefined && !comparison.accepted && stage.name === 'reviewed' && review?.text === text;
  // Focus goes to the comparison, not to a button: a held Enter then presses nothing.
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);
  if (!comparison) return null;
  const after = stage.name === 'reviewing' ? undefined : review;
  const launching = comparison.accepted && stage.name === 'launching';

  return (
    <section
      aria-label="What changed since the review"
      className="space-y-2 rounded-lg border-2 border-amber-300 bg-white p-3 text-sm shadow-sm"
    >
      <h3
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-amber-900 outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
      >
        {`The ${kind} was not launched: ${why(comparison.before.estimate?.priceBookVersion, after?.estimate?.priceBookVersion)} since your review`}
      </h3>
      <p className="text-xs text-slate-600">
        Nothing was created and nothing was charged. Compare the estimate you reviewed with the new one; launch only if
        the new one suits you.
      </p>
      {comparison.error.requestId && (
        <p className="flex items-center gap-2 text-xs text-slate-500">
          <span>
            Refused by the server · request{' '}
            <code className="font-mono text-slate-700">{comparison.error.requestId}</code>
          </span>
          <CopyButton value={comparison.error.requestId} label="Copy the request id of the refused launch" />
        </p>
      )}
      {stage.name === 'reviewing' ? (
        <p className="text-xs text-slate-500" role="status">
          Reviewing again with the new prices…
        </p>
      ) : after ? (
        <>
          <EstimateComparison before={comparison.before.estimate} after={after.estimate} now={now} />
          {ready || launching ? (
            <button
              type="button"
              onClick={onAcceptAndLaunch}
              disabled={!ready}
              className="w-full rounded-md bg-emerald-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-500 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-500"
            >
              {launching ? 'Launching…' : `Launch at the new estimate · ${money(after.estimate?.costUSD)}`}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
