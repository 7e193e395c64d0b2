/**
 * The command palette (⌘K / Ctrl+K): jump to any kind, project or object by typing part of its name.
 * Arrows move, Enter opens, Escape closes. Kinds and projects come from the app (discovery and the projects
 * list); objects are listed when the palette opens (api/object-names.ts).
 */
import { clsx } from 'clsx';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FolderIcon, GlobeIcon, GridIcon, SearchIcon } from '../../../components/ui/icons.tsx';
import { titleCase } from '../../../lib/format.ts';
import { matchesShortcut } from '../../../lib/shortcuts.ts';
import { useObjectNames, type NameKind, type ObjectName } from '../api/object-names.ts';
import { matchScore, rank } from '../match.ts';

export interface PaletteHrefs {
  kind: (plural: string) => string;
  project: (project: string) => string;
  object: (object: ObjectName) => string;
  allProjects: string;
  projectsPage: string;
}

export interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
  kinds: readonly NameKind[];
  projects: readonly string[];
  /** The project in view; undefined for all projects. */
  project: string | undefined;
  hrefs: PaletteHrefs;
  /** An icon for a kind (the navigation's). */
  kindIcon: (kind: string) => ReactNode;
}

interface Entry {
  id: string;
  group: 'Kinds' | 'Projects' | 'Objects';
  label: string;
  detail: string;
  keywords?: string[];
  href: string;
  icon: ReactNode;
}

const LIMITS = { Kinds: 8, Projects: 8, Objects: 12 } as const;

export function CommandPalette(props: CommandPaletteProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (props.open && dialog && !dialog.open) dialog.showModal();
    if (!props.open && dialog?.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      aria-label="Command palette"
      onClose={() => props.open && props.onClose()}
      onClick={(e) => e.target === e.currentTarget && props.onClose()}
      className="top-[10vh] mx-auto w-[min(40rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white p-0 shadow-2xl backdrop:bg-slate-900/40"
    >
      {props.open ? <PaletteBody {...props} /> : null}
    </dialog>
  );
}

function PaletteBody({ onClose, kinds, projects, project, hrefs, kindIcon }: CommandPaletteProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  // Objects from every project, those of the project in view first: a name is found wherever it lives.
  const objects = useObjectNames(kinds, true);
  const names = useMemo(
    () => (project ? [...objects.names].sort((a, b) => Number(b.project === project) - Number(a.project === project)) : objects.names),
    [objects.names, project],
  );
  const scope = project ?? 'all projects';

  const entries = useMemo(() => {
    const groups: Entry[][] = [
      kinds.map((k) => ({ id: `k:${k.plural}`, group: 'Kinds', label: titleCase(k.plural), detail: `in ${scope}`, keywords: [k.kind], href: hrefs.kind(k.plural), icon: kindIcon(k.kind) })),
      [
        { id: 'p:*', group: 'Projects', label: 'All projects', detail: 'every project at once', href: hrefs.allProjects, icon: <GlobeIcon className="size-4" /> },
        { id: 'p:page', group: 'Projects', label: 'Manage projects', detail: 'counts, spend, create, delete', keywords: ['projects'], href: hrefs.projectsPage, icon: <GridIcon className="size-4" /> },
        ...projects.map((p): Entry => ({ id: `p:${p}`, group: 'Projects', label: p, detail: 'project', href: hrefs.project(p), icon: <FolderIcon className="size-4" /> })),
      ],
      query.trim()
        ? names.map((o): Entry => ({
            id: `o:${o.project}/${o.plural}/${o.name}`,
            group: 'Objects',
            label: o.name,
            detail: `${o.kind} in ${o.project}`,
            keywords: [`${o.project}/${o.name}`],
            href: hrefs.object(o),
            icon: kindIcon(o.kind),
          }))
        : [],
    ];
    const ranked = groups
      .map((group) => rank(query, group).slice(0, LIMITS[group[0]?.group ?? 'Objects']))
      .filter((group) => group.length > 0);
    // The group holding the best match comes first; ties keep the order above.
    const best = (group: Entry[]) => (group[0] ? (matchScore(query, group[0]) ?? 9) : 9);
    return ranked.map((g, i) => ({ g, i })).sort((a, b) => best(a.g) - best(b.g) || a.i - b.i).flatMap(({ g }) => g);
  }, [kinds, projects, names, query, hrefs, kindIcon, scope]);

  const current = Math.min(active, entries.length - 1);
  const go = (entry: Entry | undefined) => {
    if (!entry) return;
    onClose();
    navigate(entry.href);
  };

  return (
    <div className="text-sm">
      <div className="flex items-center gap-3 border-b border-slate-100 px-4">
        <SearchIcon className="size-5 text-slate-400" />
        <input
          role="combobox"
          aria-label="Jump to a kind, project or object"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={entries[current] ? `${listId}-${current}` : undefined}
          autoFocus
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            const step = matchesShortcut(e, 'palette.next') ? 1 : matchesShortcut(e, 'palette.previous') ? -1 : 0;
            if (step) {
              e.preventDefault();
              setActive(Math.max(0, Math.min(entries.length - 1, current + step)));
            } else if (matchesShortcut(e, 'palette.run')) {
              e.preventDefault();
              go(entries[current]);
            }
          }}
          placeholder="Jump to a kind, project or object…"
          className="h-14 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-400 focus:outline-none"
        />
        <kbd className="rounded border border-slate-200 px-1.5 py-0.5 text-[11px] text-slate-500">Esc</kbd>
      </div>
      <div id={listId} role="listbox" aria-label="Results" className="max-h-[min(60vh,28rem)] overflow-y-auto p-2">
        {groupsOf(entries).map(({ group, start }) => (
          <div key={group[0]?.group} role="group" aria-labelledby={`${listId}-${group[0]?.group}`}>
            <p id={`${listId}-${group[0]?.group}`} className="px-3 pt-2 pb-1 text-[11px] font-semibold uppercase tracking-wider text-slate-500">
              {group[0]?.group}
            </p>
            {group.map((entry, j) => {
              const i = start + j;
              return (
                <div
                  key={entry.id}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === current}
                  onMouseMove={() => setActive(i)}
                  onClick={() => go(entry)}
                  className={clsx('flex cursor-pointer items-center gap-3 rounded-md px-3 py-2', i === current ? 'bg-indigo-50 text-indigo-900' : 'text-slate-700')}
                >
                  <span className={i === current ? 'text-indigo-500' : 'text-slate-400'}>{entry.icon}</span>
                  <span className="truncate font-medium">{entry.label}</span>
                  <span className="ml-auto shrink-0 text-xs text-slate-600">{entry.detail}</span>
                </div>
              );
            })}
          </div>
        ))}
        {entries.length === 0 ? (
          <p className="px-3 py-8 text-center text-slate-500">{objects.loading ? 'Searching…' : `Nothing matches “${query}”.`}</p>
        ) : null}
      </div>
      <footer className="flex items-center justify-between border-t border-slate-100 bg-slate-50/70 px-4 py-2 text-xs text-slate-500">
        <span>↑↓ to move · Enter to open</span>
        <span>
          {objects.loading ? 'Listing objects…' : `${objects.names.length} objects in all projects`}
          {objects.failed ? ` · ${objects.failed} kinds could not be listed` : ''}
        </span>
      </footer>
    </div>
  );
}

/** Consecutive entries of one group, with the index of the first. */
function groupsOf(entries: readonly Entry[]): { group: Entry[]; start: number }[] {
  const groups: { group: Entry[]; start: number }[] = [];
  entries.forEach((entry, i) => {
    const last = groups[groups.length - 1];
    if (last && last.group[0]?.group === entry.group) last.group.push(entry);
    else groups.push({ group: [entry], start: i });
  });
  return groups;
}
