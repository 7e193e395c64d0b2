/**
 * Said when the figures on screen are older than they should be (the API fails or answers slowly): they stay,
 * with how old they are and why, and a way to try again now. The button stays enabled while the client is still
 * retrying (it retries a 503 for minutes): a click drops that wait and asks again.
 */
import { isApiError } from '@/data/client/index.ts';
import { AlertIcon, RefreshIcon } from '@/components/ui/icons.tsx';
import { RelativeTime } from '@/components/ui/relative-time.tsx';
import { clsx } from 'clsx';

export function StaleNotice({
  error,
  since,
  retrying,
  onRetry,
}: {
  error: unknown;
  /** When the figures on screen arrived (ms since the epoch). */
  since: number;
  /** A request is under way (the spinner turns). */
  retrying: boolean;
  onRetry: () => void;
}) {
  const reason = isApiError(error) ? error.reason : error instanceof Error ? error.message : undefined;
  const requestId = isApiError(error) ? error.requestId : undefined;
  return (
    <div
      role="status"
      data-testid="stale-notice"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900"
    >
      <AlertIcon className="size-4 shrink-0 text-amber-600" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">These figures are stale:</span> they are from <RelativeTime timestamp={since} />
        {reason ? (
          <>
            ; the API answered <bdi className="font-mono">{reason}</bdi>
            {requestId ? (
              <>
                {' '}
                (request <bdi className="font-mono select-all">{requestId}</bdi>)
              </>
            ) : null}
          </>
        ) : (
          '; the API is slow to answer'
        )}
        .
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex items-center gap-1.5 rounded-md border border-amber-300 bg-white px-2.5 py-1 text-xs font-medium text-amber-900 hover:bg-amber-100"
      >
        <RefreshIcon className={clsx('size-3.5', retrying && 'animate-spin')} />
        Retry now
      </button>
    </div>
  );
}
