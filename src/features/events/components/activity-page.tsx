/**
 * A project's Activity: every Event of the last day, newest first and live, filterable by the kind of object, the
 * reason, the person who caused it (or Nodus itself) and warnings; one request's events from the Support panel
 * (`?request=`). The filters live in the URL, so a view of "what kim did to Jobs today" can be shared. Rows are
 * virtualized: a busy project keeps thousands of events.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef } from 'react';
import { useSearchState } from '@/lib/use-search-state.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { WatchTroublePanel } from '@/components/ui/watch-trouble.tsx';
import { useProjectEvents } from '../api/use-events.ts';
import { facetsOf, matches, NODUS_ITSELF, reasonLabel, type EventFilter } from '../model/event-rows.ts';
import { EventItem, type EventLinks } from './event-item.tsx';
import { Breadcrumb, scopeCrumbs } from '@/components/ui/breadcrumb.tsx';
import { measureWithoutLayout } from '@/lib/measure-without-layout.ts';

/** Lists shorter than this are drawn whole; longer ones only around what is in view. */
const VIRTUALIZE_AT = 200;
const ROW_ESTIMATE_PX = 76;

function filterOf(search: URLSearchParams): EventFilter {
  return {
    kind: search.get('kind') ?? undefined,
    reason: search.get('reason') ?? undefined,
    actor: search.get('actor') ?? undefined,
    warnings: search.get('warnings') === '1',
    request: search.get('request') ?? undefined,
  };
}

export function ActivityPage({ project, links }: { project: string; links: EventLinks }) {
  const [search, setSearch] = useSearchState({ immediate: true });
  const filter = filterOf(search);
  const { rows, watch } = useProjectEvents(project);
  const facets = useMemo(() => facetsOf(rows, filter), [rows, filter.kind, filter.reason, filter.actor]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = useMemo(
    () => rows.filter((row) => matches(row, filter)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, filter.kind, filter.reason, filter.actor, filter.warnings, filter.request],
  );
  const set = (name: string, value: string | undefined) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const filtered = Boolean(filter.kind || filter.reason || filter.actor || filter.warnings || filter.request);

  return (
    <div className="mx-auto max-w-6xl px-8 py-6">
      <Breadcrumb className="mb-2" trail={[...scopeCrumbs(project), { label: 'Activity' }]} />
      <header className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Activity</h1>
          <p className="text-sm text-slate-500">
            What happened in <span className="font-medium text-slate-700">{project}</span> in the last day, and who did
            it. Live.
          </p>
        </div>
        <p aria-live="polite" className="text-sm text-slate-500 tabular-nums">
          {watch.synced ? `${shown.length.toLocaleString()} of ${rows.length.toLocaleString()} events` : ''}
        </p>
      </header>

      <form
        role="search"
        aria-label="Filter the activity"
        onSubmit={(e) => e.preventDefault()}
        className="mb-4 flex flex-wrap items-center gap-2 text-sm"
      >
        <Select label="Kind" value={filter.kind} onChange={(v) => set('kind', v)} all="All kinds">
          {facets.kinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </Select>
        <Select label="Reason" value={filter.reason} onChange={(v) => set('reason', v)} all="All reasons">
          {facets.reasons.map((r) => (
            <option key={r} value={r}>
              {reasonLabel(r)}
            </option>
          ))}
        </Select>
        <Select label="Person" value={filter.actor} onChange={(v) => set('actor', v)} all="Everyone">
          {facets.actors.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
          {facets.nodus || filter.actor === NODUS_ITSELF ? <option value={NODUS_ITSELF}>Nodus itself</option> : null}
        </Select>
        <label className="flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-slate-700">
          <input
            type="checkbox"
            checked={Boolean(filter.warnings)}
            onChange={(e) => set('warnings', e.target.checked ? '1' : undefined)}
            className="accent-amber-600"
          />
          Warnings only
        </label>
        {filter.request ? (
          <span className="flex items-center gap-1 rounded-md bg-indigo-50 px-2.5 py-1.5 text-indigo-800">
            Request <code className="font-mono">{filter.request}</code>
            <button
              type="button"
              aria-label="Show every request's events"
              onClick={() => set('request', undefined)}
              className="ml-1 rounded px-1 hover:bg-indigo-100"
            >
              ×
            </button>
          </span>
        ) : null}
        {filtered ? (
          <button
            type="button"
            onClick={() => setSearch(new URLSearchParams(), { replace: true })}
            className="rounded-md px-2 py-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            Clear filters
          </button>
        ) : null}
      </form>

      <WatchTroublePanel watch={watch} what={`the events of ${project}`} className="mb-3" />
      {!watch.synced && rows.length === 0 ? (
        watch.error ? null : (
          <div role="status" aria-busy="true" aria-label="Loading events" className="space-y-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-200 px-4 py-10 text-center text-sm text-slate-500">
          {rows.length === 0
            ? 'Nothing happened here in the last day. Events show here as they happen.'
            : 'No event matches these filters.'}
        </p>
      ) : (
        <EventRows rows={shown} links={links} />
      )}
    </div>
  );
}

function Select({
  label,
  value,
  onChange,
  all,
  children,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  all: string;
  children: React.ReactNode;
}) {
  return (
    <label className="flex items-center gap-1.5 text-slate-600">
      <span className="sr-only">{label}</span>
      <select
        aria-label={label}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        className="rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-slate-800"
      >
        <option value="">{all}</option>
        {children}
      </select>
    </label>
  );
}

/** Memoized: the page renders on every flush of the watch, and the rows change only as often as useRows says. */
const EventRows = memo(function EventRows({
  rows,
  links,
}: {
  rows: ReturnType<typeof useProjectEvents>['rows'];
  links: EventLinks;
}) {
  const frame = 'divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm';
  if (rows.length <= VIRTUALIZE_AT) {
    return (
      <ol aria-label="Events, newest first" className={frame}>
        {rows.map((row) => (
          <li key={row.id}>
            <EventItem row={row} showObject links={links} />
          </li>
        ))}
      </ol>
    );
  }
  return <VirtualRows rows={rows} links={links} frame={frame} />;
});

function VirtualRows({
  rows,
  links,
  frame,
}: {
  rows: ReturnType<typeof useProjectEvents>['rows'];
  links: EventLinks;
  frame: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    getItemKey: (index) => rows[index]!.id,
    measureElement: measureWithoutLayout,
    // Few beyond the screen: at the top of a busy project every redraw brings a whole screen of new rows.
    overscan: 3,
  });
  return (
    <div ref={scroller} className="max-h-[calc(100vh-16rem)] overflow-y-auto rounded-lg" data-testid="activity-virtual">
      <ol
        aria-label="Events, newest first"
        className={`relative ${frame}`}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            aria-setsize={rows.length}
            aria-posinset={item.index + 1}
            className="absolute inset-x-0"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <EventItem row={rows[item.index]!} showObject links={links} />
          </li>
        ))}
      </ol>
    </div>
  );
}
