/**
 * The tabs of the detail view, held in the URL (`?tab=`), so each can be linked to and survives a reload.
 * Links in a tablist: arrows move between them (and open the one reached), Tab leaves the list.
 */
import { clsx } from 'clsx';
import { useRef, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { matchesShortcut } from '@/lib/shortcuts.ts';

export type DetailTab = 'overview' | 'files' | 'yaml' | 'logs' | 'events' | 'invoke' | 'edit';

export const TAB_LABELS: Record<DetailTab, string> = {
  overview: 'Overview',
  files: 'Files',
  yaml: 'YAML',
  logs: 'Logs',
  events: 'Events',
  invoke: 'Invoke',
  edit: 'Edit',
};

export function tabId(tab: DetailTab): string {
  return `object-tab-${tab}`;
}

export function DetailTabs({
  tabs,
  active,
  href,
}: {
  tabs: DetailTab[];
  active: DetailTab;
  href: (tab: DetailTab) => string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.indexOf(active);
    const step = matchesShortcut(event, 'tabs.next') ? 1 : matchesShortcut(event, 'tabs.previous') ? -1 : 0;
    const target = matchesShortcut(event, 'tabs.first')
      ? tabs[0]
      : matchesShortcut(event, 'tabs.last')
        ? tabs[tabs.length - 1]
        : step
          ? tabs[(index + step + tabs.length) % tabs.length]
          : undefined;
    if (!target) return;
    event.preventDefault();
    void navigate(href(target));
    list.current?.querySelector<HTMLElement>(`#${tabId(target)}`)?.focus();
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Views of the object"
      onKeyDown={onKeyDown}
      className="flex gap-1 border-b border-slate-200"
    >
      {tabs.map((tab) => (
        <Link
          key={tab}
          id={tabId(tab)}
          to={href(tab)}
          role="tab"
          aria-selected={tab === active}
          aria-controls={tab === active ? 'object-tabpanel' : undefined}
          tabIndex={tab === active ? 0 : -1}
          className={clsx(
            '-mb-px border-b-2 px-3 py-2 text-sm font-medium transition-colors focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:outline-indigo-500',
            tab === active
              ? 'border-indigo-600 text-indigo-700'
              : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
          )}
        >
          {TAB_LABELS[tab]}
        </Link>
      ))}
    </div>
  );
}
