/**
 * The top of the detail view: what it is (kind, name, phase), how old,
 * what it has spent against its cap, whether the view is live, what the API says of its phase
 * (status.message), and the actions. The name (it may come from the URL) and the message sit in <bdi>s: a
 * bidirectional control in them reorders their own text only.
 */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { PhaseBadge } from '@/components/ui/phase-badge.tsx';
import type { NodusObject } from '@/shared/protocol.ts';
import type { MoneyMeter } from '../model/kinds.ts';
import { CostMeter } from './cost-meter.tsx';
import { RelativeTime } from '@/components/ui/relative-time.tsx';

export function DetailHeader({
  kind,
  name,
  object,
  deleted,
  meter,
  showMessage = true,
  live,
  actions,
}: {
  kind: string;
  name: string;
  object: NodusObject;
  deleted: boolean;
  meter: MoneyMeter | undefined;
  /** False when a banner below already says what status.message says. */
  showMessage?: boolean;
  live: ReactNode;
  actions: ReactNode;
}) {
  const phase = typeof object.status?.phase === 'string' ? object.status.phase : undefined;
  const message = typeof object.status?.message === 'string' ? object.status.message : undefined;
  return (
    <header className="mt-2">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-semibold tracking-wide text-slate-600 uppercase ring-1 ring-slate-200 ring-inset">
              {kind}
            </span>
            <h1
              className={clsx(
                'font-mono text-2xl font-semibold tracking-tight break-all',
                deleted ? 'text-slate-500 line-through decoration-slate-400' : 'text-slate-900',
              )}
            >
              <bdi>{name}</bdi>
            </h1>
            {/* One badge: once deleted, the last phase is history. */}
            {deleted ? (
              <span
                data-testid="phase"
                className="rounded-full bg-slate-800 px-2 py-0.5 text-xs font-medium text-white"
              >
                Deleted
              </span>
            ) : (
              <span data-testid="phase">
                <PhaseBadge phase={phase} />
              </span>
            )}
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-1.5 text-xs text-slate-500">
            <span>
              Created{' '}
              <RelativeTime
                timestamp={object.metadata.creationTimestamp}
                className="font-medium text-slate-700 tabular-nums"
              />
            </span>
            {meter ? <CostMeter meter={meter} /> : null}
            {live}
          </div>
        </div>
        {actions}
      </div>
      {message && showMessage ? (
        <p
          data-testid="status-message"
          className={clsx('mt-3 text-sm', phase === 'Failed' ? 'text-rose-700' : 'text-slate-600')}
        >
          <bdi>{message}</bdi>
        </p>
      ) : null}
    </header>
  );
}
