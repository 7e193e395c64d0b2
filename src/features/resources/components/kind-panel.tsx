/**
 * One kind's objects in a project (or in all of them), live: the filters, how current the list is, what is
 * ticked, and the table. The label selector and the phase go to the API (a new watch per selector); the sort
 * and the text filter are applied here. All of them live in the URL.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { KindInfo } from '@/data/client/index.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { FolderIcon } from '@/components/ui/icons.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { titleCase } from '@/lib/format.ts';
import { lazyPart } from '@/lib/lazy-part.tsx';
import { holdWarming, markFirstViewPainted } from '@/lib/warm.ts';
import type { TableItem } from '@/shared/printer-columns.ts';
import { tableListOptions, tableTarget, useWatchedRows } from '../api/use-watched-list.ts';
import { useSelection } from '../hooks/use-selection.ts';
import { useTableParams } from '../hooks/use-table-params.ts';
import { useTableView } from '../hooks/use-table-view.ts';
import { useColumnLayout } from '../hooks/use-column-layout.ts';
import { withWidth } from '@/data/column-layout.ts';
import { useHotkeys } from '@/lib/use-hotkeys.ts';
import { usePreference } from '@/data/preferences.ts';
import { MENU_BUTTON } from './menu-button.ts';
import { COMPACT_ROW_HEIGHT, ROW_HEIGHT } from './table-row.tsx';
import { kindTraits, tableColumns } from '../kinds/registry.tsx';
import { hasLabel, withLabel } from '../table/label-selector.ts';
import { objectHref } from '../object-href.ts';
import { BulkActions, type BulkActionsHandle } from './bulk-actions.tsx';
import { RowMenuArea } from './row-menu.tsx';
import { LabelFilterContext, type LabelFilter } from './cells.tsx';
import { ResourceTable } from './resource-table.tsx';
import { TableToolbar } from './table-toolbar.tsx';
import type { ReconnectState } from './reconnect-note.tsx';
import { WatchStatus } from './watch-status.tsx';
import { formatCount, formatDateTime } from '@/lib/format.ts';
import { WatchTroublePanel } from '@/components/ui/watch-trouble.tsx';

/**
 * How long a key pressed before the rows came back waits for them: later, it was not meant for them. A busy
 * page can take over a second to draw them again after a filter is cleared.
 */
const START_AT_EXPIRES_MS = 5000;

// After the table: nobody chooses columns before the rows are there.
const TableMenus = lazy(() => import('./table-menus.tsx'));

// "Reconnected…", after trouble only: its code comes in idle time, or with the first reconnect.
const { Component: ReconnectNote } = lazyPart<{ list: ReconnectState }>(
  () => import('./reconnect-note.tsx').then((m) => m.ReconnectNote),
  { label: 'the note that the list came back', neededWhen: ({ list }) => list.reconnects > 0 },
);

export function KindPanel({ kind, project }: { kind: KindInfo; project: string | undefined }) {
  const { params, set } = useTableParams();
  const listOptions = tableListOptions(params);
  const { labelSelector } = listOptions;
  const objects = useWatchedRows(kind, project, listOptions);
  // The rows depend on the kind's name and plural only: discovery's answer for a kind drawn before it came
  // (project-resources.tsx) brings its verbs, and must not draw every row again.
  const { kind: kindName, plural } = kind;
  const allColumns = useMemo(() => tableColumns({ kind: kindName }, project === undefined), [kindName, project]);
  const columnLayout = useColumnLayout(kindName, allColumns);
  const { columns, widths, layout, set: setLayout } = columnLayout;
  const onResize = useCallback((id: string, px: number) => setLayout(withWidth(layout, id, px)), [layout, setLayout]);
  const rowHeight = usePreference('tableDensity') === 'compact' ? COMPACT_ROW_HEIGHT : ROW_HEIGHT;
  const query = useDeferredValue(params.q);
  const sort = useMemo(() => ({ column: params.sort, desc: params.desc }), [params.sort, params.desc]);
  const view = useTableView(objects, objects.synced, columns, sort, query, project === undefined);
  const selection = useSelection();
  // Bulk actions read the objects when a dialog opens, not on every render: no 50,000-long prop changes per
  // frame, and the array of them is built only then.
  const objectsRef = useRef(objects);
  useLayoutEffect(() => {
    objectsRef.current = objects;
  });
  const currentItems = useCallback(() => objectsRef.current.items, []);
  // How many the table lists, even before its last pages came: what reading all of them whole would cost.
  const listedCount = useCallback(() => listedOf(objectsRef.current), []);
  // The export reads the rows shown and the columns when it runs.
  const shownRef = useRef({ rows: view.rows, columns, listed: listedOf(objects) });
  useLayoutEffect(() => {
    shownRef.current = { rows: view.rows, columns, listed: listedOf(objects) };
  });
  const currentShown = useCallback(() => shownRef.current, []);
  const currentRows = useCallback(() => shownRef.current.rows, []);
  const bulk = useRef<BulkActionsHandle>(null);
  // Where the bulk actions and the export read the whole objects of rows: what the table lists.
  const { group, version } = kind;
  const { fieldSelector } = listOptions;
  const target = useMemo(
    () => tableTarget({ group, version, plural }, project, { labelSelector, fieldSelector }),
    [group, version, plural, project, labelSelector, fieldSelector],
  );

  // Ticks belong to one filtered list: a new filter starts with none.
  const filterKey = `${labelSelector ?? ''}\n${params.phase}\n${query}`;
  const [tickedFor, setTickedFor] = useState(filterKey);
  if (filterKey !== tickedFor) {
    setTickedFor(filterKey);
    selection.clear();
  }

  const labelFilter = useMemo<LabelFilter>(
    () => ({
      add: (key, value) => set((current) => ({ labels: withLabel(current.labels, key, value) })),
      has: (key, value) => hasLabel(params.labels, key, value),
    }),
    [params.labels, set],
  );
  const onSort = (column: string) => {
    const firstDesc = columns.find((c) => c.id === column)?.firstDesc ?? false;
    set((current) => (column === current.sort ? { desc: !current.desc } : { sort: column, desc: firstDesc }));
  };
  const hrefOf = useMemo(() => (o: TableItem) => objectHref({ plural }, o), [plural]);
  const where = project ?? 'any project';
  // Only what the status shows: a prop holding the 50,000 items would be walked by React's dev-mode profiling.
  const { status, since, attempt, error, retry, synced, nextRetryAt, syncedAt, delivery } = objects;
  const watchState = useMemo(
    () => ({ status, since, attempt, error, retry, delivery }),
    [status, since, attempt, error, retry, delivery],
  );
  const troubleState = useMemo(
    () => ({ status, since, attempt, error, retry, synced, nextRetryAt, syncedAt }),
    [status, since, attempt, error, retry, synced, nextRetryAt, syncedAt],
  );
  // The table is the first view: what it left out (menus, dialogs, other pages) loads once its list is whole or
  // given up on, not while the pages still come (warm.ts).
  const arriving = !synced && status !== 'stale';
  useEffect(() => {
    if (arriving) holdWarming();
    else markFirstViewPainted();
  }, [arriving]);

  const filtered = !!labelSelector || !!params.phase;
  const shown = view.rows.length;
  const total = objects.size;
  const noMatch = shown === 0 && objects.synced && (total > 0 || filtered);

  // A key pressed while nothing matched, as the rows come back (Clear filters, then j at once), is not lost: the
  // table drawn within five seconds starts with its cursor where the key asked.
  const pressed = useRef<{ last: boolean; at: number }>(undefined);
  const press = (last: boolean) => () => void (pressed.current = { last, at: Date.now() });
  useHotkeys(
    [
      ...(['list.next', 'list.previous', 'list.first', 'list.pageDown', 'list.pageUp'] as const).map((shortcut) => ({
        shortcut,
        handler: press(false),
      })),
      { shortcut: 'list.last', handler: press(true) },
    ],
    noMatch,
  );
  const startAt = useCallback(() => {
    const key = pressed.current;
    return key && Date.now() - key.at < START_AT_EXPIRES_MS ? (key.last ? 'last' : 'first') : undefined;
  }, []);

  let body;
  if (!objects.synced && objects.status === 'stale') {
    body = (
      <ErrorPanel
        embedded
        error={objects.error}
        title={`Could not list ${kind.plural} in ${where}`}
        onRetry={objects.retry}
        retrying={false}
      />
    );
  } else if (!objects.synced && total === 0) {
    body = (
      <div role="status" aria-label={`Loading ${kind.plural}`} aria-busy="true" className="space-y-3 p-4">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className="flex items-center gap-6">
            <Skeleton className="h-4 w-4" />
            <Skeleton className="h-4 w-1/4" />
            <Skeleton className="h-4 w-20" />
            <Skeleton className="ml-auto h-4 w-10" />
          </div>
        ))}
      </div>
    );
  } else if (objects.synced && total === 0 && !filtered) {
    body = (
      <EmptyState title={`No ${kind.plural} in ${where}`} icon={<FolderIcon className="size-6" />}>
        When a {kind.kind} is created{project ? ' in this project' : ''}, it will appear here.
      </EmptyState>
    );
  } else if (noMatch) {
    body = (
      <EmptyState title={`No ${kind.plural} match these filters`}>
        <button
          type="button"
          onClick={() => set({ q: '', labels: '', phase: '' })}
          className="font-medium text-indigo-600 hover:text-indigo-500"
        >
          Clear filters
        </button>
      </EmptyState>
    );
  } else {
    body = (
      <LabelFilterContext.Provider value={labelFilter}>
        <RowMenuArea kind={kind} items={currentItems} selection={selection} bulk={bulk} hrefOf={hrefOf}>
          <ResourceTable
            kind={kind}
            label={titleCase(kind.plural)}
            rows={view.rows}
            version={view.version}
            columns={columns}
            widths={widths}
            onResize={onResize}
            rowHeight={rowHeight}
            sort={sort}
            onSort={onSort}
            selection={selection}
            flash={view.flash}
            hrefOf={hrefOf}
            startAt={startAt}
          />
        </RowMenuArea>
      </LabelFilterContext.Provider>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b border-slate-200 px-3 py-2.5">
        <TableToolbar params={params} phases={kindTraits(kind).phases} plural={kind.plural} set={set} />
        <div className="flex h-8 items-center gap-3">
          <Suspense
            fallback={['Columns', 'Export'].map((name) => (
              <button key={name} type="button" disabled className={MENU_BUTTON}>
                {name}
              </button>
            ))}
          >
            <TableMenus
              api={columnLayout}
              sampleRows={currentRows}
              current={currentShown}
              target={target}
              fileBase={[kind.plural, project ?? 'all-projects']}
            />
          </Suspense>
          <ReconnectNote list={{ status: objects.status, reconnects: objects.reconnects, relists: objects.relists }} />
          <WatchStatus list={watchState} listing={objects.listing !== undefined} />
        </div>
      </div>
      <div className="flex min-h-9 items-center justify-between gap-4 border-b border-slate-100 bg-slate-50/60 px-3 py-1">
        <p aria-label="Count" className="text-xs text-slate-500 tabular-nums">
          {objects.synced ? (
            <>
              <span className="font-medium text-slate-700">{formatCount(total)}</span>{' '}
              {total === 1 ? kind.singular : kind.plural}
              {filtered ? ' matching the selectors' : ''}
              {shown !== total ? (
                <>
                  {' · '}
                  <span className="font-medium text-slate-700">{formatCount(shown)}</span> shown
                </>
              ) : null}
              {since !== undefined && status !== 'live' ? (
                <span className="font-medium text-amber-700">
                  {' '}
                  · out of date: as read before {formatDateTime(since)}
                </span>
              ) : null}
            </>
          ) : objects.listing ? (
            // The first pages are in the table already; the rest is on its way.
            <span aria-busy="true">
              Listing… <span className="font-medium text-slate-700">{formatCount(objects.listing.loaded)}</span>
              {objects.listing.total !== undefined ? ` of ${formatCount(objects.listing.total)}` : ''} {kind.plural} so
              far
            </span>
          ) : (
            'Listing…'
          )}
        </p>
        <BulkActions
          ref={bulk}
          kind={kind}
          project={project}
          target={target}
          items={currentItems}
          listed={listedCount}
          selection={selection}
        />
      </div>
      {/* A list that never arrived and was refused has its own error panel in the body. */}
      {synced || status !== 'stale' ? (
        <WatchTroublePanel
          watch={troubleState}
          what={`the ${kind.plural} of ${where}`}
          className="border-b border-slate-100 p-3"
        />
      ) : null}
      {body}
    </div>
  );
}

function listedOf(list: { size: number; listing?: { total?: number | undefined } | undefined }): number {
  return list.listing?.total ?? list.size;
}
