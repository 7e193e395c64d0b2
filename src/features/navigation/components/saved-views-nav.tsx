/**
 * The sidebar's saved views (src/data/places), each a link to its table as saved; the one the page shows is
 * current. Nothing at all while there are none.
 */
import { clsx } from 'clsx';
import { Link, useLocation } from 'react-router';
import { BookmarkIcon } from '@/components/ui/place-icons.tsx';
import { describeViewPath, useSavedViews, viewAt } from '@/data/places/index.ts';

export function SavedViewsNav() {
  const views = useSavedViews();
  const { pathname, search } = useLocation();
  if (views.length === 0) return null;
  const active = viewAt(views, pathname, search);
  return (
    <div>
      <h2 className="mb-1.5 px-2 text-[11px] font-semibold uppercase tracking-wider text-slate-400">Views</h2>
      <ul aria-label="Saved views" className="space-y-0.5">
        {views.map((view) => {
          const { plural, project } = describeViewPath(view.path);
          const current = view.id === active?.id;
          return (
            <li key={view.id}>
              <Link
                to={`${view.path}${view.search}`}
                aria-current={current ? 'page' : undefined}
                className={clsx(
                  'group flex items-center gap-2.5 rounded-md px-2 py-1.5 text-sm transition-colors',
                  current
                    ? 'bg-slate-800 font-medium text-white'
                    : 'text-slate-300 hover:bg-slate-800/60 hover:text-white',
                )}
              >
                <BookmarkIcon className="size-4 shrink-0 text-slate-500 group-aria-[current=page]:text-indigo-400" />
                <span className="truncate">{view.name}</span>
                <span className="ml-auto truncate font-mono text-[11px] text-slate-400">
                  {plural} · {project ?? 'all'}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
