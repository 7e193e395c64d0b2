/**
 * The one trail every page shows above its title: Projects › project (or All projects) › what the page is.
 * Each step is a link but the last, the page itself (aria-current="page"); names sit in <bdi>s, so a
 * bidirectional control in one reorders only its own text. Kinds appear by their display name (`Jobs`).
 */
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { ChevronRightIcon } from './icons.tsx';

export interface Crumb {
  label: string;
  /** Where the step goes; the last step is the page itself and is not a link, so needs none. */
  href?: string;
}

/** Where every trail starts: the projects page, then the project (or every project). */
export function scopeCrumbs(project: string | undefined): Crumb[] {
  return [
    { label: 'Projects', href: '/projects' },
    project === undefined
      ? { label: 'All projects', href: '/all' }
      : { label: project, href: `/projects/${encodeURIComponent(project)}` },
  ];
}

export function Breadcrumb({ trail, className }: { trail: readonly Crumb[]; className?: string }) {
  const last = trail.length - 1;
  return (
    <nav aria-label="Breadcrumb" className={clsx('min-w-0 text-sm text-slate-500', className)}>
      <ol className="flex min-w-0 items-center gap-1.5">
        {trail.map((crumb, i) => (
          <li
            key={`${i}:${crumb.label}`}
            className={clsx(
              'flex min-w-0 items-center gap-1.5',
              // The page's own step gives way last; a long name before it is cut short first.
              (i === last || i === 0) && 'shrink-0',
              i === last && 'max-w-[60%]',
            )}
          >
            {i > 0 ? <ChevronRightIcon aria-hidden className="size-4 shrink-0 text-slate-400" /> : null}
            {i === last ? (
              <bdi aria-current="page" className="truncate font-medium text-slate-700" title={crumb.label}>
                {crumb.label}
              </bdi>
            ) : crumb.href === undefined ? (
              <bdi className="max-w-[16rem] truncate">{crumb.label}</bdi>
            ) : (
              <Link
                to={crumb.href}
                title={crumb.label}
                className="max-w-[16rem] truncate hover:text-indigo-600 hover:underline"
              >
                <bdi>{crumb.label}</bdi>
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
