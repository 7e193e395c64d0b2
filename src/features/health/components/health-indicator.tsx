/**
 * The top bar's health pill, fed by /readyz (ready, degraded: which checks, failing: which check, or
 * unreachable, and the release the API runs) and by the console's own recent calls: a ready API whose answers
 * fail is not healthy. The panel behind it says what each state means for the user.
 */
import { clsx } from 'clsx';
import { useShallow } from 'zustand/react/shallow';
import { PANEL_LOADING, Popover } from '@/components/ui/popover.tsx';
import { lazyPart } from '@/lib/lazy-part.tsx';
import { useNow } from '@/lib/use-now.ts';
import { useCallLog } from '@/data/call-log/call-log-store.ts';
import { healthLevel, useHealth, type HealthLevel } from '../api/get-readiness.ts';
import { callHealth, type CallHealth } from '../model/call-health.ts';
import type { HealthPanelProps } from './health-panel.tsx';
import { worstLevel } from '../model/levels.ts';

const LEVELS: Record<HealthLevel, { label: string; dot: string; pill: string }> = {
  ready: { label: 'Healthy', dot: 'bg-emerald-500', pill: 'text-emerald-700' },
  degraded: {
    label: 'Degraded',
    dot: 'bg-amber-500',
    pill: 'border-amber-200 bg-amber-50 text-amber-800',
  },
  failing: {
    label: 'Failing',
    dot: 'bg-rose-500 animate-pulse',
    pill: 'border-rose-200 bg-rose-50 text-rose-700',
  },
  unreachable: {
    label: 'Unreachable',
    dot: 'bg-rose-500',
    pill: 'border-rose-200 bg-rose-50 text-rose-700',
  },
  checking: {
    label: 'Checking…',
    dot: 'bg-slate-300 animate-pulse',
    pill: 'text-slate-500',
  },
};

// What each state means, the checks and the calls: read when the panel opens, so its code waits until then (or
// idle time after the first rows).
const { Component: HealthPanel } = lazyPart<HealthPanelProps>(
  () => import('./health-panel.tsx').then((m) => m.HealthPanel),
  { label: 'the API health panel', fallback: PANEL_LOADING },
);

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
    ? calls.waiting > 0
      ? `${calls.waiting} waiting`
      : calls.confinedTo.length > 0
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
        <HealthPanel
          level={level}
          label={look.label}
          dot={look.dot}
          fromCalls={fromCalls}
          confinedTo={calls.confinedTo}
          waiting={calls.waiting}
        />
      )}
    </Popover>
  );
}

/**
 * What the pill shows of the calls: when these stay the same, a new call re-renders nothing. The share of
 * failing calls is shown only when the calls are the trouble, so only then is it followed.
 */
function pillFacts({ level, total, failed, confinedTo, waiting }: CallHealth) {
  const failingPercent = level === 'ok' || total === 0 ? 0 : Math.round((failed / total) * 100);
  return { level, failingPercent, confinedTo: confinedTo.join(', '), waiting };
}
