/**
 * The command palette (⌘K / Ctrl+K): jump to any kind, project or object by typing part of its name, or run an
 * action (actions.ts); pins and saved views come first (place-entries.tsx). Arrows move, Enter opens or runs, Escape closes. Kinds and projects come from the app
 * (discovery and the projects list); objects are listed when the palette opens (api/object-names.ts).
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  CopyIcon,
  FolderIcon,
  GlobeIcon,
  GridIcon,
  ClockIcon,
  KeyboardIcon,
  MoonIcon,
  PlusIcon,
  SearchIcon,
} from '@/components/ui/icons.tsx';
import { ArrowsRightLeftIcon, SignOutIcon, TerminalIcon } from '@/components/ui/action-icons.tsx';
import { useAccessList } from '@/data/access/index.ts';
import { setPreference, usePreference } from '@/data/preferences.ts';
import { presentationOf } from '@/kinds/index.ts';
import { titleCase } from '@/lib/format.ts';
import { comboLabels, keysOf, matchesShortcut } from '@/lib/shortcuts.ts';
import { paletteActions, type ActionIcon, type ActionKind } from '../actions.ts';
import { useObjectNames, type NameKind, type ObjectName } from '../api/object-names.ts';
import { matchScore, rank } from '../match.ts';
import { PaletteResults, type Entry } from './palette-results.tsx';
import { usePlaceEntries } from './place-entries.tsx';

export interface PaletteHrefs {
  kind: (plural: string) => string;
  project: (project: string) => string;
  object: (object: ObjectName) => string;
  allProjects: string;
  projectsPage: string;
  newObject: (project: string, plural: string) => string;
  /** The view in place in another project (the same kind). */
  switchProject: (project: string) => string;
}

export interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
  kinds: readonly (NameKind & ActionKind)[];
  projects: readonly string[];
  /** The project in view; undefined for all projects. */
  project: string | undefined;
  /** The kind in view (its plural) and the object in view, for the actions that act on them. */
  plural?: string;
  object?: { kind: string; name: string };
  hrefs: PaletteHrefs;
  /** An icon for a kind (the navigation's). */
  kindIcon: (kind: string) => ReactNode;
  onShowShortcuts: () => void;
  /** Present while the context in use has a key to forget. */
  signOut?: { context: string; run: () => void };
  /** A short result to show and announce (the copy's). */
  onNotice: (message: string) => void;
  /** Opens a terminal in a running object whose kind execs; absent where there is no terminal. */
  onOpenTerminal?: (object: ObjectName) => void;
}

const LIMITS = { Pinned: 8, Views: 8, Kinds: 8, Projects: 8, Objects: 12, Actions: 8 } as const;
// Pins and saved views first: they are what the person chose to keep at hand.
const GROUP_ORDER = ['Pinned', 'Views', 'Kinds', 'Projects', 'Objects', 'Actions'] as const;

const ACTION_ICONS: Record<ActionIcon, ReactNode> = {
  new: <PlusIcon className="size-4" />,
  switch: <ArrowsRightLeftIcon className="size-4" />,
  copy: <CopyIcon className="size-4" />,
  keys: <KeyboardIcon className="size-4" />,
  clock: <ClockIcon className="size-4" />,
  theme: <MoonIcon className="size-4" />,
  'sign-out': <SignOutIcon className="size-4" />,
  terminal: <TerminalIcon className="size-4" />,
};

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
      // Chromium sends `close` only at its next frame, after a key pressed at once (Escape then ⌘K): Escape's
      // `cancel` comes at once, and a late `close` counts only if the palette is still shut by then.
      onCancel={() => props.onClose()}
      onClose={() => props.open && !ref.current?.open && props.onClose()}
      onClick={(e) => e.target === e.currentTarget && props.onClose()}
      className="top-[10vh] mx-auto w-[min(40rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white p-0 shadow-2xl backdrop:bg-slate-900/40"
    >
      {props.open ? <PaletteBody {...props} /> : null}
    </dialog>
  );
}

function PaletteBody(props: CommandPaletteProps) {
  const {
    onClose,
    kinds,
    projects,
    project,
    hrefs,
    kindIcon,
    plural,
    object,
    signOut,
    onShowShortcuts,
    onNotice,
    onOpenTerminal,
  } = props;
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [refusal, setRefusal] = useState<string>();
  const listId = useId();
  // Objects from every project, those of the project in view first: a name is found wherever it lives.
  const objects = useObjectNames(kinds, true);
  const denied = usePaletteAccess(kinds, project, objects.names);
  // An action chosen while its access is still asked runs once the answer comes (or says why not).
  const [queued, setQueued] = useState<string>();
  const scope = project ?? 'all projects';
  const timeFormat = usePreference('timeFormat');
  const theme = usePreference('theme');
  const places = usePlaceEntries({
    project,
    plural,
    object,
    projectHref: hrefs.project,
    objectHref: hrefs.object,
    kindIcon,
    onNotice,
  });

  // Everything that does not depend on what is typed is built once, so a keystroke only ranks.
  const groups = useMemo(() => {
    const names = project
      ? [...objects.names].sort((a, b) => Number(b.project === project) - Number(a.project === project))
      : objects.names;
    const copyName = (name: string) => {
      // Outside a secure context there is no Clipboard API.
      const copied = navigator.clipboard
        ? navigator.clipboard.writeText(name)
        : Promise.reject(new Error('no clipboard'));
      copied.then(
        () => onNotice(`Copied “${name}”`),
        () => onNotice('Could not copy the name; select it on the page instead'),
      );
    };
    const actions = paletteActions({
      kinds,
      projects,
      project,
      plural,
      object,
      signOut,
      copyName,
      showShortcuts: onShowShortcuts,
      timeFormat: { current: timeFormat, set: (f) => setPreference('timeFormat', f) },
      theme: { current: theme, set: (t) => setPreference('theme', t) },
      newObjectHref: hrefs.newObject,
      switchProjectHref: hrefs.switchProject,
      objects: objects.names,
      denied,
      ...(onOpenTerminal ? { openTerminal: (o: ObjectName) => onOpenTerminal(o) } : {}),
    });
    return {
      Pinned: places.Pinned,
      Views: places.Views,
      Kinds: kinds.map((k): Entry => ({
        id: `k:${k.plural}`,
        group: 'Kinds',
        label: titleCase(k.plural),
        detail: `in ${scope}`,
        keywords: [k.kind],
        href: hrefs.kind(k.plural),
        icon: kindIcon(k.kind),
      })),
      Projects: [
        {
          id: 'p:*',
          group: 'Projects',
          label: 'All projects',
          detail: 'every project at once',
          href: hrefs.allProjects,
          icon: <GlobeIcon className="size-4" />,
        },
        {
          id: 'p:page',
          group: 'Projects',
          label: 'Manage projects',
          detail: 'counts, spend, create, delete',
          keywords: ['projects'],
          href: hrefs.projectsPage,
          icon: <GridIcon className="size-4" />,
        },
        ...projects.map((p): Entry => ({
          id: `p:${p}`,
          group: 'Projects',
          label: p,
          detail: 'project',
          href: hrefs.project(p),
          icon: <FolderIcon className="size-4" />,
        })),
      ] satisfies Entry[],
      Objects: names.map((o): Entry => ({
        id: `o:${o.project}/${o.plural}/${o.name}`,
        group: 'Objects',
        label: o.name,
        detail: `${o.kind} in ${o.project}`,
        keywords: [`${o.project}/${o.name}`],
        href: hrefs.object(o),
        icon: kindIcon(o.kind),
      })),
      Actions: [
        ...places.actions,
        ...actions.map((a): Entry => ({ ...a, group: 'Actions', icon: ACTION_ICONS[a.icon] })),
      ],
    };
  }, [
    kinds,
    projects,
    project,
    plural,
    object,
    signOut,
    objects.names,
    hrefs,
    kindIcon,
    scope,
    onShowShortcuts,
    timeFormat,
    theme,
    onNotice,
    onOpenTerminal,
    denied,
    places,
  ]);

  const entries = useMemo((): Entry[] => {
    const typed = query.trim() !== '';
    const ranked = GROUP_ORDER
      // Objects only once something is typed: the list is long and unordered.
      .map((name) => (name === 'Objects' && !typed ? [] : rank(query, groups[name]).slice(0, LIMITS[name])))
      .filter((group) => group.length > 0);
    // The group holding the best match comes first; ties keep the order above.
    const best = (group: Entry[]) => (group[0] ? (matchScore(query, group[0]) ?? 9) : 9);
    return ranked
      .map((g, i) => ({ g, i }))
      .sort((a, b) => best(a.g) - best(b.g) || a.i - b.i)
      .flatMap(({ g }) => g);
  }, [groups, query]);

  const current = Math.min(active, entries.length - 1);
  const go = (entry: Entry | undefined) => {
    if (!entry) return;
    // An action the key may not run says why, where the person is looking, instead of acting.
    if (entry.pending) {
      setQueued(entry.id);
      return setRefusal(entry.disabled);
    }
    setQueued(undefined);
    if (entry.disabled) return setRefusal(entry.disabled);
    onClose();
    if (entry.run) entry.run();
    else if (entry.href) void navigate(entry.href);
  };

  const answered = queued === undefined ? undefined : entries.find((e) => e.id === queued && !e.pending);
  const latestGo = useRef(go);
  latestGo.current = go;
  useEffect(() => {
    if (answered) latestGo.current(answered);
  }, [answered]);

  return (
    <div className="text-sm">
      <div className="flex items-center gap-3 border-b border-slate-100 px-4">
        <SearchIcon className="size-5 text-slate-400" />
        <input
          role="combobox"
          aria-label="Jump to a kind, project or object, or run an action"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={entries[current] ? `${listId}-${current}` : undefined}
          autoFocus
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setRefusal(undefined);
            setQueued(undefined);
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
          placeholder="Jump to a kind, project or object, or run an action…"
          className="h-14 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-400 focus:outline-none"
        />
        <kbd className="rounded border border-slate-200 px-1.5 py-0.5 text-[11px] text-slate-500">Esc</kbd>
      </div>
      <PaletteResults
        listId={listId}
        entries={entries}
        current={current}
        onHover={setActive}
        onChoose={go}
        empty={objects.loading ? 'Searching…' : `Nothing matches “${query}”.`}
      />
      <p role="status" className="empty:hidden border-t border-amber-100 bg-amber-50 px-4 py-2 text-xs text-amber-900">
        {refusal}
      </p>
      <footer className="flex items-center justify-between border-t border-slate-100 bg-slate-50/70 px-4 py-2 text-xs text-slate-500">
        <span>
          {keyText('palette.previous')}
          {keyText('palette.next')} to move · {keyText('palette.run')} to open or run
        </span>
        <span>
          {objects.loading ? 'Listing objects…' : `${objects.names.length} objects in all projects`}
          {objects.failed ? ` · ${objects.failed} kinds could not be listed` : ''}
        </span>
      </footer>
    </div>
  );
}

/** The first key of a shortcut, as the footer names it. */
function keyText(id: 'palette.next' | 'palette.previous' | 'palette.run'): string {
  const first = keysOf(id)[0];
  return first ? comboLabels(first).join(' ') : '';
}

/**
 * What the palette's actions need to know of the key in the project in view: may it create each kind, and open
 * a terminal in the kinds that exec. One rules review of the project answers most of it (src/data/access).
 */
function usePaletteAccess(
  kinds: readonly (NameKind & ActionKind)[],
  project: string | undefined,
  objects: readonly ObjectName[],
) {
  // A terminal is asked about only where one would be offered: a running object of the kind in the project.
  const running = new Set(objects.filter((o) => o.project === project && o.phase === 'Running').map((o) => o.plural));
  const questions = project
    ? kinds.flatMap((k) => {
        const attributes = { verb: 'create' as const, group: k.group, resource: k.plural, namespace: project };
        return [
          ...(k.verbs.includes('create') ? [{ what: 'create' as const, plural: k.plural, ...attributes }] : []),
          ...(presentationOf(k.kind).exec && running.has(k.plural)
            ? [{ what: 'exec' as const, plural: k.plural, ...attributes, subresource: 'exec' }]
            : []),
        ];
      })
    : [];
  const answers = useAccessList(questions.map(({ what: _what, plural: _plural, ...attributes }) => attributes));
  // The answers as text, so the actions are rebuilt when an answer changes, not on every render.
  const key = answers.map((a) => (a.allowed ? '' : `${a.pending ? '…' : '!'}${a.reason ?? ''}`)).join('\n');
  const questionsKey = questions.map((q) => `${q.what}:${q.plural}`).join(',');
  return useMemo(() => {
    const reasons = key.split('\n');
    const byQuestion = new Map(
      questionsKey.split(',').map((q, i) => {
        const r = reasons[i] ?? '';
        return [q, r ? { reason: r.slice(1), pending: r.startsWith('…') } : undefined] as const;
      }),
    );
    return (what: 'create' | 'exec', plural: string) => byQuestion.get(`${what}:${plural}`);
  }, [key, questionsKey]);
}
