/**
 * "Save view" beside a table's filters: names the table as the URL has it now (path and whole query string:
 * sort, filters, columns) so the sidebar and the palette can bring it back. On a saved view it names the view
 * and offers rename, a link to share, and delete.
 */
import { useLocation } from 'react-router';
import { BookmarkIcon } from '@/components/ui/place-icons.tsx';
import { PANEL_LOADING, Popover } from '@/components/ui/popover.tsx';
import { isTablePath, useSavedViews, viewAt } from '@/data/places/index.ts';
import { lazyPart } from '@/lib/lazy-part.tsx';
import type { SaveViewPanelProps } from './save-view-panel.tsx';

// The name form, rename, share and delete: read when the panel opens, so its code waits until then (or idle time
// after the first rows).
const { Component: SaveViewPanel } = lazyPart<SaveViewPanelProps>(
  () => import('./save-view-panel.tsx').then((m) => m.SaveViewPanel),
  { label: 'the saved view panel', fallback: PANEL_LOADING },
);

export function SaveViewControl({ plural }: { plural: string }) {
  const { pathname, search } = useLocation();
  const views = useSavedViews();
  // A project's page with no kind in its URL shows `plural`: the view names it, so it opens that kind.
  const path = isTablePath(pathname) ? pathname : `${pathname.replace(/\/+$/, '')}/${encodeURIComponent(plural)}`;
  if (!isTablePath(path)) return null;
  const current = viewAt(views, path, search);
  return (
    <Popover
      label={current ? `View ${current.name}` : 'Save view'}
      buttonLabel={current ? `View: ${current.name}` : 'Save view'}
      button={
        <>
          <BookmarkIcon className="size-4" />
          <span className="max-w-40 truncate">{current ? current.name : 'Save view'}</span>
        </>
      }
      buttonClassName={
        current
          ? 'inline-flex h-8 items-center gap-1.5 rounded-md border border-indigo-200 bg-indigo-50 px-2.5 text-[13px] font-medium text-indigo-700'
          : 'inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-200 bg-white px-2.5 text-[13px] text-slate-600 shadow-xs hover:bg-slate-50'
      }
      panelClassName="w-80 p-3"
    >
      {(close) => <SaveViewPanel current={current} path={path} search={search} close={close} />}
    </Popover>
  );
}
