/**
 * The right-hand column: Review, what the review found (cost first), and Launch, which only the current review
 * of the current text unlocks. After the server refused a launch because the price book or the spec changed,
 * the new estimate is shown beside the refused one, and only the button beside them launches it.
 */
import { clsx } from 'clsx';
import { formatDateTime } from '@/lib/format.ts';
import { SlowNote } from '@/components/ui/slow-note.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { useNow } from '@/lib/use-now.ts';
import { launchBlocker, type ReviewLaunchState, type DraftReview } from '../model/review-launch.ts';
import { ChangedSinceReview } from './changed-since-review.tsx';
import { EstimateCard, money } from './estimate-view.tsx';
import { BudgetImpacts } from './budget-impacts.tsx';
import { RateGuard, ServerAdditions, Warnings } from './review-details.tsx';

interface Props {
  project: string;
  kind: string;
  /** Whether the kind costs money (its schema has an estimate); undefined when the API gave no schema. */
  billable: boolean | undefined;
  state: ReviewLaunchState;
  text: string;
  canReview: boolean;
  /** Why the key may not create this kind here (or that the API is being asked); Review and Launch stay off. */
  refused?: string | undefined;
  onReview: () => void;
  onLaunch: () => void;
  onAcceptAndLaunch: () => void;
  onRetryLaunch: () => void;
}

function specField(review: DraftReview, path: string[]): string | undefined {
  let value: unknown = review.object.spec;
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function hint(
  kind: string,
  state: ReviewLaunchState,
  text: string,
  canReview: boolean,
  verb: string,
  refused: string | undefined,
): string {
  const { review } = state;
  if (refused) return refused;
  if (!canReview) return 'Fix the problems in the draft to review it.';
  switch (launchBlocker(state, text)) {
    case 'stale':
      return 'You changed the draft after the review: review again to launch.';
    case 'identical':
      return `An identical ${kind} with this name exists already: ${verb.toLowerCase()} would create nothing.`;
    case 'unaccepted':
      return 'The price changed since your review: compare the estimates below, then launch from there.';
    case 'not-reviewed':
      return `${verb} unlocks after a review.`;
    default:
      return review
        ? `Reviewed ${formatDateTime(review.at)}. ${verb} sends this exact draft${review.etag ? ', as reviewed' : ''}.`
        : `${verb} unlocks after a review.`;
  }
}

export function ReviewPanel({
  project,
  kind,
  billable,
  state,
  text,
  canReview,
  refused,
  onReview,
  onLaunch,
  onAcceptAndLaunch,
  onRetryLaunch,
}: Props) {
  const now = useNow(30_000);
  const { stage, review, comparison } = state;
  const reviewing = stage.name === 'reviewing';
  const launching = stage.name === 'launching';
  const stale = review !== undefined && review.text !== text;
  const launchable = launchBlocker(state, text) === undefined && !refused;
  const estimate = review?.estimate;
  const costs = billable ?? (review ? estimate !== undefined : true);
  const verb = costs ? 'Launch' : 'Create';

  return (
    <aside aria-label="Review and launch" className="flex flex-col gap-3 self-start lg:sticky lg:top-4">
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="text-sm font-semibold text-slate-900">
          {costs ? 'Review before you pay' : `Check before you create`}
        </h2>
        <p className="mt-0.5 text-xs text-slate-500">
          {costs
            ? 'Review asks the server for a dry-run: nothing is created, and you see the cost. Launch sends exactly what you reviewed.'
            : `Review asks the server for a dry-run: nothing is created, and you see what it fills in. Create sends exactly what you reviewed.`}
        </p>
        <div className="mt-3 flex gap-2">
          <button
            type="button"
            onClick={onReview}
            disabled={reviewing || launching}
            aria-disabled={refused ? true : undefined}
            aria-describedby={refused ? 'launch-hint' : undefined}
            className={clsx(
              'flex-1 rounded-md px-3 py-2 text-sm font-medium shadow-sm disabled:opacity-50',
              refused
                ? 'cursor-not-allowed border border-slate-200 bg-slate-50 text-slate-400 shadow-none'
                : launchable
                  ? 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                  : 'bg-indigo-600 text-white hover:bg-indigo-700',
            )}
          >
            {reviewing ? 'Reviewing…' : review && !stale ? 'Review again' : 'Review'}
          </button>
          <button
            type="button"
            onClick={onLaunch}
            disabled={!launchable}
            aria-describedby="launch-hint"
            className="flex-1 rounded-md bg-emerald-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-500 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-500"
          >
            {launching && !comparison
              ? `${costs ? 'Launching' : 'Creating'}…${stage.attempt > 1 ? ` (try ${stage.attempt})` : ''}`
              : `${verb} ${kind}${estimate && launchable ? ` · ${money(estimate.costUSD)}` : ''}`}
          </button>
        </div>
        <SlowNote busy={reviewing || launching} className="mt-2" />
        <p id="launch-hint" className="mt-2 text-xs text-slate-500" role="status" aria-live="polite">
          {hint(kind, state, text, canReview, verb, refused)}
        </p>
      </div>

      {stage.name === 'review-failed' && (
        <ErrorPanel error={stage.error} title="The server refused the draft (marked in the editor)" />
      )}
      {stage.name === 'launch-failed' && (
        <ErrorPanel error={stage.error} title={`The ${kind} was not ${costs ? 'launched' : 'created'}`} />
      )}
      {stage.name === 'launch-unknown' && (
        <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{`No answer came back: the ${kind} may or may not have been created.`}</p>
          <p className="text-xs">
            Retrying is safe: it sends the same Idempotency-Key, so the server answers with the first result and never
            creates a second {kind}.
          </p>
          <button
            type="button"
            onClick={onRetryLaunch}
            className="rounded-md bg-amber-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-500"
          >
            Retry launch
          </button>
          <ErrorPanel error={stage.error} embedded compact />
        </div>
      )}

      {comparison && (
        <ChangedSinceReview kind={kind} state={state} text={text} now={now} onAcceptAndLaunch={onAcceptAndLaunch} />
      )}

      {review && (
        <div className={clsx('space-y-3 transition-opacity', stale && 'opacity-50')} aria-label="Review" role="region">
          {stale && (
            <p className="rounded-md bg-slate-800 px-3 py-1.5 text-xs font-medium text-white">
              Out of date: this review is of an earlier text.
            </p>
          )}
          {estimate ? (
            <EstimateCard estimate={estimate} maxCostUSD={specField(review, ['maxCostUSD'])} kind={kind} now={now} />
          ) : (
            <p className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-600">{`A ${kind} costs nothing by itself: there is no estimate.`}</p>
          )}
          <Warnings warnings={review.warnings} />
          {estimate && (
            <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Budgets</h3>
              <BudgetImpacts
                project={project}
                kind={kind}
                estimate={estimate}
                maxCostUSD={specField(review, ['maxCostUSD'])}
              />
              <RateGuard
                rate={estimate.rateUSDPerHour}
                explicitCap={specField(review, ['placement', 'maxRateUSDPerHour'])}
                kind={kind}
              />
            </div>
          )}
          <div className="rounded-lg border border-slate-200 bg-white p-3">
            <h3 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
              Filled in by the server
            </h3>
            <ServerAdditions additions={review.additions} />
          </div>
        </div>
      )}
    </aside>
  );
}
