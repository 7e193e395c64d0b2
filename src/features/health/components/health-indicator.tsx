/**
 * The top bar's health pill, fed by /readyz (ready, degraded: which checks, failing: which check, or
 * unreachable, and the release the API runs) and by the console's own recent calls: a ready API whose answers
 * fail is not healthy. The panel behind it says what each state means for the user.
 */
import { clsx } from 'clsx';
import { useShallow } from 'zustand/react/shallow';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { RefreshIcon } from '@/components/ui/icons.tsx';
import { Popover } from '@/components/ui/popover.tsx';
import { formatAge, formatDuration } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { useCallLog } from '@/data/call-log/call-log-store.ts';
import { healthLevel, useHealth, type HealthLevel } from '../api/get-readiness.ts';
import { CALL_WINDOW_MS, callHealth, type CallHealth } from '../model/call-health.ts';
import { worstLevel } from '../model/levels.ts';

const LEVELS: Record<HealthLevel, { label: string; dot: string; pill: string; meaning: string }> = {
  ready: { label: 'Healthy', dot: 'bg-emerald-500', pill: 'text-emerald-700', meaning: 'Every check passes.' },
  degraded: {
    label: 'Degraded',
    dot: 'bg-amber-500',
    pill: 'border-amber-200 bg-amber-50 text-amber-800',
    meaning: 'The API serves requests, but some checks fail: what depends on them may be slow or out of date.',
  },
  failing: {
    label: 'Failing',
    dot: 'bg-rose-500 animate-pulse',
    pill: 'border-rose-200 bg-rose-50 text-rose-700',
    meaning:
      'The API is not ready: requests may fail until the failing check recovers. The console retries reads by itself.',
  },
  unreachable: {
    label: 'Unreachable',
    dot: 'bg-rose-500',
    pill: 'border-rose-200 bg-rose-50 text-rose-700',
    meaning: 'The console gets no answer from the API.',
  },
  checking: {
    label: 'Checking…',
    dot: 'bg-slate-300 animate-pulse',
    pill: 'text-slate-500',
    meaning: 'Asking the API how it is.',
  },
};

export function HealthIndicator() {
  const health = useHealth();
  const now = useNow(1000);
  // The pill follows what the calls say, not every call: a long list's fifty pages are fifty calls, and
  // re-rendering the top bar for each took the page's thread from them.
  const calls = useCallLog(useShallow((s) => pillFacts(callHealth(s.calls, now))));
  const probed = healthLevel(health);
  const level = worstLevel(probed, calls.level);
  const look = LEVELS[level];
  const fromCalls = level !== probed;
  // Which checks (or what the calls see), right in the pill: the first thing support asks.
  const checks = fromCalls
    ? calls.confinedTo.length > 0
      ? `${calls.confinedTo} fails`
      : `${calls.failingPercent}% of calls fail`
    : level === 'failing'
      ? health.data?.failing
      : level === 'degraded'
        ? health.data?.degraded.join(', ')
        : undefined;

  return (
    <Popover
      label="API health"
      align="right"
      buttonLabel={`API health: ${look.label}${checks ? ` (${checks})` : ''}`}
      buttonClassName={clsx(
        'inline-flex h-8 items-center gap-2 rounded-md border border-transparent px-2.5 text-sm font-medium hover:bg-slate-100',
        look.pill,
      )}
      button={
        <>
          <span aria-hidden="true" className={clsx('size-2 rounded-full', look.dot)} />
          <span className="max-lg:sr-only">{look.label}</span>
          {checks ? (
            <span className="hidden max-w-40 truncate font-mono text-xs font-normal opacity-80 xl:inline">
              {checks}
            </span>
          ) : null}
        </>
      }
      panelClassName="w-80"
    >
      {() => (
        <div className="text-sm">
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <p className="flex items-center gap-2 font-semibold">
              <span aria-hidden="true" className={clsx('size-2 rounded-full', look.dot)} />
              API {look.label.toLowerCase()}
            </p>
            <button
              type="button"
              onClick={() => void health.refetch()}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100"
            >
              <RefreshIcon className={clsx('size-3.5', health.isFetching && 'animate-spin')} />
              Check now
            </button>
          </div>
          <div className="space-y-3 px-4 py-3">
            <p className="text-slate-600">
              {fromCalls
                ? calls.confinedTo.length > 0
                  ? `Calls to ${calls.confinedTo} fail while the rest of the API answers: the views that read it are out of date, everything else works. Reads are retried by itself.`
                  : 'The API says it is ready, but the console’s own calls fail: views may be slow or out of date. Reads are retried by itself.'
                : look.meaning}
            </p>
            <CallsSeen now={now} />
            {level === 'unreachable' ? <ErrorPanel error={health.error} compact /> : null}
            {health.data && level !== 'unreachable' ? (
              <dl className="space-y-1.5 text-xs">
                {health.data.failing ? <Check name={health.data.failing} state="failing" /> : null}
                {health.data.degraded.map((check) => (
                  <Check key={check} name={check} state="degraded" />
                ))}
                <div className="flex justify-between gap-2 pt-1">
                  <dt className="text-slate-500">Release</dt>
                  <dd className="font-mono text-slate-800">{health.data.release || '—'}</dd>
                </div>
                <div className="flex justify-between gap-2">
                  <dt className="text-slate-500">Checked</dt>
                  <dd className="text-slate-800">
                    {formatAge(new Date(health.data.checkedAt).toISOString(), now)} ago
                  </dd>
                </div>
              </dl>
            ) : null}
          </div>
        </div>
      )}
    </Popover>
  );
}

/**
 * What the pill shows of the calls: when these stay the same, a new call re-renders nothing. The share of
 * failing calls is shown only when the calls are the trouble, so only then is it followed.
 */
function pillFacts({ level, total, failed, confinedTo }: CallHealth) {
  const failingPercent = level === 'ok' || total === 0 ? 0 : Math.round((failed / total) * 100);
  return { level, failingPercent, confinedTo: confinedTo.join(', ') };
}

/** The calls in detail, read only while the panel is open. */
function CallsSeen({ now }: { now: number }) {
  const calls = callHealth(
    useCallLog((s) => s.calls),
    now,
  );
  const last = calls.lastFailure;
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2 text-xs" aria-label="The console’s own calls">
      <p className="text-slate-700">
        {calls.total === 0
          ? `No calls in the last ${formatDuration(CALL_WINDOW_MS)}.`
          : `${calls.failed} of ${calls.total} calls failed in the last ${formatDuration(CALL_WINDOW_MS)}.`}
      </p>
      {last ? (
        <div className="mt-1 space-y-1 text-slate-600">
          <p>
            Last failure {formatDuration(now - last.startedAt)} ago:{' '}
            <span className="font-mono">{last.status || 'no answer'}</span>
            {last.reason ? <span className="font-mono"> {last.reason}</span> : null}
          </p>
          {last.requestId ? (
            <p className="flex items-center gap-1.5">
              <code className="truncate font-mono text-slate-800">{last.requestId}</code>
              <CopyButton value={last.requestId} label="Copy the request id of the last failed call" />
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function Check({ name, state }: { name: string; state: 'degraded' | 'failing' }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <dt className="font-mono text-slate-800">{name}</dt>
      <dd
        className={clsx(
          'rounded px-1.5 py-0.5 font-medium',
          state === 'failing' ? 'bg-rose-50 text-rose-700' : 'bg-amber-50 text-amber-800',
        )}
      >
        {state}
      </dd>
    </div>
  );
}
