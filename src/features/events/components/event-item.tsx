/**
 * One Event as a line of an object's story: what happened (the reason in words, a warning marked), the API's
 * note, who caused it and when, how many times, and the request that did it, to copy or to find among the calls.
 */
import { clsx } from 'clsx';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { RelativeTime } from '@/components/ui/relative-time.tsx';
import type { EventObjectReference } from '@/shared/events.ts';
import { reasonLabel, type EventRow } from '../model/event-rows.ts';

export interface EventLinks {
  /** The page of the object an Event is about, when the console has one. */
  objectHref?: (regarding: EventObjectReference) => string | undefined;
  /** Opens the Support panel on this request (the app wires it). */
  onRequest?: (requestId: string) => void;
}

/** Memoized: a live list re-renders on every change, and an Event that did not change keeps its row (event-rows.ts). */
export const EventItem = memo(function EventItem({
  row,
  showObject,
  links,
}: {
  row: EventRow;
  showObject: boolean;
  links: EventLinks;
}) {
  const href = showObject ? links.objectHref?.(row.regarding) : undefined;
  let object: ReactNode = null;
  if (showObject) {
    const label = `${row.regarding.kind} ${row.regarding.name}`;
    object = href ? (
      <Link to={href} className="font-medium text-indigo-700 hover:underline">
        {label}
      </Link>
    ) : (
      <span className="font-medium text-slate-700">{label}</span>
    );
  }
  return (
    <div data-event={row.reason} className="flex gap-3 px-4 py-3">
      <span
        aria-hidden="true"
        className={clsx('mt-1.5 size-2 shrink-0 rounded-full', row.warning ? 'bg-amber-500' : 'bg-slate-300')}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
          {object}
          <span className={clsx('font-semibold', row.warning ? 'text-amber-800' : 'text-slate-900')}>
            {row.warning ? <span className="sr-only">Warning: </span> : null}
            <span title={row.reason}>{reasonLabel(row.reason)}</span>
          </span>
          {row.count > 1 ? (
            <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600" title={`Happened ${row.count} times`}>
              ×{row.count}
            </span>
          ) : null}
          <span className="ml-auto text-xs whitespace-nowrap text-slate-500">
            <span data-actor={row.actor ?? ''}>{row.actor ? `by ${row.actor}` : 'by Nodus'}</span> ·{' '}
            <RelativeTime timestamp={row.time} />
          </span>
        </div>
        {row.note ? <p className="mt-0.5 text-sm break-words text-slate-600">{row.note}</p> : null}
        {row.requestId ? (
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
            <span>Request</span>
            <code className="font-mono text-slate-700">{row.requestId}</code>
            <CopyButton value={row.requestId} label={`Copy request ID ${row.requestId}`} className="px-1.5 py-0.5" />
            {links.onRequest ? (
              <button
                type="button"
                onClick={() => links.onRequest!(row.requestId!)}
                className="rounded px-1.5 py-0.5 font-medium text-indigo-700 hover:bg-indigo-50"
              >
                Find in Support
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
});
