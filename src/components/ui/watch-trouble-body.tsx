/**
 * A watch that keeps failing, said plainly (watch-trouble.tsx decides when): what fails (reason, message, the last
 * requestId to copy), for how long, what the view still shows and since when, and what the console is doing about
 * it (retrying by itself until its budget runs out, or stopped and waiting for Retry).
 */
import { formatDateTime, formatDuration as duration } from '@/lib/format.ts';
import { isRetryable } from '@/data/client/index.ts';
import { RETRY_BUDGET_MS, type WatchTrouble } from '@/data/watch/index.ts';
import { CopyButton } from './copy-button.tsx';
import { AlertIcon, RefreshIcon } from './icons.tsx';
import { safeHref } from './safe-href.ts';

export interface WatchTroubleBodyProps {
  trouble: WatchTrouble;
  now: number;
  retry: () => void;
  /** What the view reads, for the sentence: "the jobs of nlp", "Job train-a". */
  what: string;
  className: string | undefined;
}

export function WatchTroubleBody({ trouble, now, retry, what, className }: WatchTroubleBodyProps) {
  const { error } = trouble;
  const stopped = trouble.state === 'stopped';
  const noAnswer = !error || error.code === 0;
  // A refusal (403, 404...) is not retried: retrying by itself would not help.
  const refused = error !== undefined && !isRetryable(error);
  const docs = safeHref(error?.docs);
  return (
    <section role="alert" aria-label="Trouble reading from the API" className={className}>
      <div className="flex items-start gap-3 rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-950">
        <AlertIcon className="mt-0.5 size-5 shrink-0 text-rose-600" />
        <div className="min-w-0 flex-1 space-y-1.5">
          <p className="font-semibold">
            {refused
              ? `The API refused to read ${what}`
              : noAnswer
                ? `The API does not answer: ${what} cannot be read`
                : `The API keeps failing: ${what} cannot be read`}
            <span className="font-normal">{` · for ${duration(now - trouble.since)}, ${trouble.attempts} ${trouble.attempts === 1 ? 'attempt' : 'attempts'}`}</span>
          </p>
          {error ? (
            <p className="break-words">
              <span className="font-mono text-xs font-semibold">
                {error.code ? `${error.code} ` : ''}
                {error.reason}
              </span>
              {': '}
              <bdi>{error.message}</bdi>
            </p>
          ) : null}
          <p className="text-xs text-rose-900/90">
            {trouble.shownAsOf !== undefined
              ? `Still showing what was read before ${formatDateTime(trouble.shownAsOf)}, marked out of date; it updates by itself once the API answers. `
              : 'Nothing has been read yet. '}
            {refused
              ? 'Retrying by itself would not help; fix what the API says, then press Retry.'
              : stopped
                ? `The console stopped retrying after ${duration(RETRY_BUDGET_MS)}: press Retry to try again.`
                : `The console keeps retrying by itself${trouble.nextRetryAt && trouble.nextRetryAt > now ? ` (next try in ${duration(trouble.nextRetryAt - now)})` : ''}, for up to ${duration(RETRY_BUDGET_MS)}, then waits for you.`}
          </p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 pt-0.5 text-xs">
            <button
              type="button"
              onClick={retry}
              className="inline-flex items-center gap-1 rounded-md bg-white px-2.5 py-1 font-medium text-rose-800 shadow-sm ring-1 ring-rose-200 hover:bg-rose-100"
            >
              <RefreshIcon className="size-3.5" />
              {stopped ? 'Retry' : 'Retry now'}
            </button>
            {error?.requestId ? (
              <span className="inline-flex items-center gap-1.5">
                <span className="text-rose-900/80">Last request</span>
                <code className="font-mono text-rose-950">{error.requestId}</code>
                <CopyButton value={error.requestId} label="Copy the request id of the last failed call" />
              </span>
            ) : noAnswer ? (
              <span className="text-rose-900/80">No request id: no answer came back.</span>
            ) : null}
            {error?.fix ? <span className="text-rose-900/80">{error.fix}</span> : null}
            {docs ? (
              <a href={docs} target="_blank" rel="noreferrer" className="font-medium text-rose-800 underline">
                What this error means
              </a>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
