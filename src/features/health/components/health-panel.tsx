/**
 * The panel behind the health pill: what the state means for the user, the checks that fail, the console's own
 * recent calls (with the last failure's requestId to hand support), the release and when it was checked.
 */
import { clsx } from 'clsx';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { RefreshIcon } from '@/components/ui/icons.tsx';
import { SLOW_MS, useCallLog } from '@/data/call-log/call-log-store.ts';
import { formatAge, formatDuration } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import { useHealth, type HealthLevel } from '../api/get-readiness.ts';
import { CALL_WINDOW_MS, callHealth } from '../model/call-health.ts';

const MEANING: Record<HealthLevel, string> = {
  ready: 'Every check passes.',
  degraded: 'The API serves requests, but some checks fail: what depends on them may be slow or out of date.',
  failing:
    'The API is not ready: requests may fail until the failing check recovers. The console retries reads by itself.',
  unreachable: 'The console gets no answer from the API.',
  checking: 'Asking the API how it is.',
};

export interface HealthPanelProps {
  level: HealthLevel;
  label: string;
  /** The pill's dot, by its classes. */
  dot: string;
  /** The state is the calls', not the probe's. */
  fromCalls: boolean;
  /** The groups of the API whose calls fail while the rest answer, comma-separated; empty when not confined. */
  confinedTo: string;
  /** Writes waiting for their answer longer than they should. */
  waiting: number;
}

export function HealthPanel({ level, label, dot, fromCalls, confinedTo, waiting }: HealthPanelProps) {
  const health = useHealth();
  const now = useNow(1000);
  return (
    <div className="text-sm">
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <p className="flex items-center gap-2 font-semibold">
          <span aria-hidden="true" className={clsx('size-2 rounded-full', dot)} />
          API {label.toLowerCase()}
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
            ? waiting > 0
              ? `${waiting === 1 ? 'A change you asked for has' : `${waiting} changes you asked for have`} had no answer for more than ${formatDuration(SLOW_MS)}: the API is slow, or the browser’s connections to it are all taken. ${waiting === 1 ? 'It is' : 'They are'} still on the way; the control that sent ${waiting === 1 ? 'it' : 'them'} says how long.`
              : confinedTo.length > 0
                ? `Calls to ${confinedTo} fail while the rest of the API answers: the views that read it are out of date, everything else works. Reads are retried by itself.`
                : 'The API says it is ready, but the console’s own calls fail: views may be slow or out of date. Reads are retried by itself.'
            : MEANING[level]}
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
              <dd className="text-slate-800">{formatAge(new Date(health.data.checkedAt).toISOString(), now)} ago</dd>
            </div>
          </dl>
        ) : null}
      </div>
    </div>
  );
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
