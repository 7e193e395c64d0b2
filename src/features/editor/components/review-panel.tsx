/**
 * The right-hand column: Review, what the review found (cost first), and Launch, which only the current review
 * of the current text unlocks.
 */
import { clsx } from 'clsx';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { useNow } from '../../../lib/use-now.ts';
import type { Comparison, Review, Stage } from '../hooks/use-review-launch.ts';
import { EstimateCard, EstimateComparison, money } from './estimate-view.tsx';
import { BudgetImpacts, RateGuard, ServerAdditions, Warnings } from './review-details.tsx';

interface Props {
  kind: string;
  stage: Stage;
  review: Review | undefined;
  comparison: Comparison | undefined;
  stale: boolean;
  canReview: boolean;
  onReview: () => void;
  onLaunch: () => void;
}

function specField(review: Review, path: string[]): string | undefined {
  let value: unknown = review.object.spec;
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

export function ReviewPanel({ kind, stage, review, comparison, stale, canReview, onReview, onLaunch }: Props) {
  const now = useNow(30_000);
  const reviewing = stage.name === 'reviewing';
  const launching = stage.name === 'launching';
  const identical = review?.httpStatus === 200;
  const launchable = review !== undefined && !stale && !identical && (stage.name === 'reviewed' || stage.name === 'launch-failed');
  const estimate = review?.estimate;
  const verb = review && !estimate ? 'Create' : 'Launch';

  return (
    <aside aria-label="Review and launch" className="flex flex-col gap-3 self-start lg:sticky lg:top-4">
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="text-sm font-semibold text-slate-900">Review before you pay</h2>
        <p className="mt-0.5 text-xs text-slate-500">
          Review asks the server for a dry-run: nothing is created, and you see the cost. Launch sends exactly what you reviewed.
        </p>
        <div className="mt-3 flex gap-2">
          <button
            type="button"
            onClick={onReview}
            disabled={reviewing || launching}
            className={clsx(
              'flex-1 rounded-md px-3 py-2 text-sm font-medium shadow-sm disabled:opacity-50',
              launchable ? 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50' : 'bg-indigo-600 text-white hover:bg-indigo-500',
            )}
          >
            {reviewing ? 'Reviewing…' : review && !stale ? 'Review again' : 'Review'}
          </button>
          <button
            type="button"
            onClick={onLaunch}
            disabled={!launchable || launching}
            aria-describedby="launch-hint"
            className="flex-1 rounded-md bg-emerald-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-500 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-500"
          >
            {launching ? `Launching…${stage.attempt > 1 ? ` (try ${stage.attempt})` : ''}` : `${verb} ${kind}${estimate && launchable ? ` · ${money(estimate.costUSD)}` : ''}`}
          </button>
        </div>
        <p id="launch-hint" className="mt-2 text-xs text-slate-500" role="status" aria-live="polite">
          {!canReview
            ? 'Fix the problems in the draft to review it.'
            : stale
              ? 'You changed the draft after the review: review again to launch.'
              : identical
                ? `An identical ${kind} with this name exists already: launching would create nothing.`
                : review
                  ? `Reviewed ${new Date(review.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })}. Launch sends this exact draft${review.etag ? ' with the review’s ETag' : ''}.`
                  : 'Launch unlocks after a review.'}
        </p>
      </div>

      {stage.name === 'review-failed' && <ErrorPanel error={stage.error} title="The server refused the draft (marked in the editor)" />}
      {stage.name === 'launch-failed' && <ErrorPanel error={stage.error} title={`The ${kind} was not launched`} />}
      {stage.name === 'launch-unknown' && (
        <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{`No answer came back: the ${kind} may or may not have been created.`}</p>
          <p className="text-xs">
            Retrying is safe: it sends the same Idempotency-Key, so the server answers with the first result and never creates a second {kind}.
          </p>
          <button type="button" onClick={onLaunch} className="rounded-md bg-amber-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-500">
            Retry launch
          </button>
          <ErrorPanel error={stage.error} embedded compact />
        </div>
      )}

      {comparison && (
        <section aria-label="What changed since the review" className="space-y-2 rounded-lg border border-amber-300 bg-white p-3 text-sm">
          <h3 className="font-semibold text-amber-900">{`The ${kind} was not launched: ${comparison.error.message.includes('price book') ? 'the price book changed' : 'the spec or the price book changed'} since your review`}</h3>
          <p className="text-xs text-slate-600">{comparison.error.message}</p>
          {reviewing ? (
            <p className="text-xs text-slate-500">Reviewing again…</p>
          ) : review ? (
            <>
              <EstimateComparison before={comparison.before.estimate} after={review.estimate} now={now} />
              <p className="text-xs font-medium text-slate-700">Reviewed again with the new prices: check the new estimate, then launch.</p>
            </>
          ) : null}
        </section>
      )}

      {review && (
        <div className={clsx('space-y-3 transition-opacity', stale && 'opacity-50')} aria-label="Review" role="region">
          {stale && <p className="rounded-md bg-slate-800 px-3 py-1.5 text-xs font-medium text-white">Out of date: this review is of an earlier text.</p>}
          {estimate ? (
            <EstimateCard estimate={estimate} maxCostUSD={specField(review, ['maxCostUSD'])} kind={kind} now={now} />
          ) : (
            <p className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-600">{`A ${kind} costs nothing by itself: there is no estimate.`}</p>
          )}
          <Warnings warnings={review.warnings} />
          {estimate && (
            <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Budgets</h3>
              <BudgetImpacts budgets={estimate.budgets} />
              <RateGuard rate={estimate.rateUSDPerHour} explicitCap={specField(review, ['placement', 'maxRateUSDPerHour'])} kind={kind} />
            </div>
          )}
          <div className="rounded-lg border border-slate-200 bg-white p-3">
            <h3 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">Filled in by the server</h3>
            <ServerAdditions additions={review.additions} />
          </div>
        </div>
      )}
    </aside>
  );
}
