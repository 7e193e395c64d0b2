/**
 * What the palette can do besides jumping somewhere: make a new object of a kind in the project in view, switch
 * project keeping the kind in view, copy the name of the object in view, open a terminal in a running object of
 * the project in view whose kind execs, switch between ages and absolute times, choose the theme, show the keyboard
 * shortcuts, sign out.
 * The app hands in the data and the callbacks; this only decides which actions there are and how they read. What
 * the key may not do (asked of the API by the palette) is listed, off, with why: never hidden without a word.
 */
import { presentationOf } from '@/kinds/index.ts';
import { titleCase } from '@/lib/format.ts';

export type ActionIcon = 'new' | 'switch' | 'copy' | 'keys' | 'clock' | 'theme' | 'sign-out' | 'terminal';
export type ThemeChoice = 'system' | 'light' | 'dark';

export interface PaletteAction {
  id: string;
  label: string;
  detail: string;
  keywords?: string[];
  icon: ActionIcon;
  /** Where it goes, or what it runs. */
  href?: string;
  run?: () => void;
  /** Why it is off (the key may not, or it is being asked); Enter says this instead of acting. */
  disabled?: string;
  /** Off only until the API answers: Enter runs it then, if it may. */
  pending?: boolean;
}

export interface ActionKind {
  kind: string;
  plural: string;
  verbs: readonly string[];
}

export interface ActionContext {
  kinds: readonly ActionKind[];
  projects: readonly string[];
  /** The project in view; undefined for all projects. */
  project: string | undefined;
  /** The kind in view (its plural), if any. */
  plural: string | undefined;
  /** The object in view, if any. */
  object: { kind: string; name: string } | undefined;
  newObjectHref: (project: string, plural: string) => string;
  /** The same view in another project. */
  switchProjectHref: (project: string) => string;
  copyName: (name: string) => void;
  showShortcuts: () => void;
  /** How times read in this tab, and how to change it; absent where there is no such switch. */
  timeFormat?: { current: 'relative' | 'absolute'; set: (format: 'relative' | 'absolute') => void };
  /** The theme chosen, and how to change it; absent where there is no such switch. */
  theme?: { current: ThemeChoice; set: (theme: ThemeChoice) => void };
  /** Present while the context in use has a key to forget. */
  signOut: { context: string; run: () => void } | undefined;
  /** Objects listed for the palette, with their phase; those that exec and run get "Open terminal in". */
  objects?: readonly { name: string; project: string; kind: string; plural: string; phase?: string }[];
  /** Absent where there is no terminal to open. */
  openTerminal?: (object: { name: string; project: string; kind: string; plural: string }) => void;
  /**
   * Why the key may not create objects of a kind (by plural) in the project in view, or open a terminal in
   * them (`exec`), as the API answered; undefined where it may.
   */
  denied?: (what: 'create' | 'exec', plural: string) => { reason: string; pending: boolean } | undefined;
}

export function paletteActions(c: ActionContext): PaletteAction[] {
  const actions: PaletteAction[] = [];
  if (c.object) {
    const { name, kind } = c.object;
    actions.push({
      id: 'a:copy-name',
      label: 'Copy name',
      detail: `of ${kind} ${name}`,
      keywords: ['copy object name'],
      icon: 'copy',
      run: () => c.copyName(name),
    });
  }
  const project = c.project;
  if (project !== undefined) {
    const creatable = c.kinds.filter((k) => k.verbs.includes('create'));
    // The kind in view first: "new" then Enter makes one of what you are looking at.
    const ordered = [
      ...creatable.filter((k) => k.plural === c.plural),
      ...creatable.filter((k) => k.plural !== c.plural),
    ];
    for (const k of ordered) {
      actions.push({
        id: `a:new:${k.plural}`,
        label: `New ${k.kind}`,
        detail: `in ${project}`,
        keywords: [`create ${k.kind}`],
        icon: 'new',
        href: c.newObjectHref(project, k.plural),
        ...offWith(c.denied?.('create', k.plural)),
      });
    }
  }
  const openTerminal = c.openTerminal;
  if (openTerminal && project !== undefined) {
    for (const o of c.objects ?? []) {
      if (o.project !== project || o.phase !== 'Running' || !presentationOf(o.kind).exec) continue;
      actions.push({
        id: `a:terminal:${o.plural}/${o.name}`,
        label: `Open terminal in ${o.name}`,
        detail: `${o.kind} in ${project}`,
        keywords: ['shell', 'exec', 'console'],
        icon: 'terminal',
        run: () => openTerminal(o),
        ...offWith(c.denied?.('exec', o.plural)),
      });
    }
  }
  actions.push({
    id: 'a:shortcuts',
    label: 'Keyboard shortcuts',
    detail: 'every key the console knows',
    keywords: ['help', 'hotkeys', 'keys'],
    icon: 'keys',
    run: c.showShortcuts,
  });
  const time = c.timeFormat;
  if (time) {
    const absolute = time.current === 'absolute';
    actions.push({
      id: 'a:time-format',
      label: absolute ? 'Show relative times' : 'Show absolute times',
      detail: absolute ? 'how long ago, in this tab' : 'the date and time, in this tab',
      keywords: ['time', 'date', 'age', 'timestamps', absolute ? 'relative' : 'absolute'],
      icon: 'clock',
      run: () => time.set(absolute ? 'relative' : 'absolute'),
    });
  }
  if (c.signOut) {
    const { context, run } = c.signOut;
    actions.push({
      id: 'a:sign-out',
      label: `Sign out of ${context}`,
      detail: 'forgets the API key in this tab',
      keywords: ['log out', 'logout'],
      icon: 'sign-out',
      run,
    });
  }
  const theme = c.theme;
  // The two themes not in use: the one in use is no action.
  if (theme)
    for (const choice of THEMES.filter((t) => t.value !== theme.current))
      actions.push({
        id: `a:theme:${choice.value}`,
        label: `Theme: ${choice.value}`,
        detail: choice.detail,
        keywords: ['theme', 'dark mode', 'light mode', 'appearance', 'colors'],
        icon: 'theme',
        run: () => theme.set(choice.value),
      });
  for (const p of c.projects) {
    if (p === project) continue;
    actions.push({
      id: `a:switch:${p}`,
      label: `Switch to project ${p}`,
      detail: c.plural ? `keeps ${titleCase(c.plural)} in view` : 'project',
      keywords: [`switch ${p}`],
      icon: 'switch',
      href: c.switchProjectHref(p),
    });
  }
  return actions;
}

const THEMES: readonly { value: ThemeChoice; detail: string }[] = [
  { value: 'dark', detail: 'always dark, remembered' },
  { value: 'light', detail: 'always light, remembered' },
  { value: 'system', detail: 'as the system is set, remembered' },
];

function offWith(off: { reason: string; pending: boolean } | undefined): { disabled?: string; pending?: boolean } {
  if (off === undefined) return {};
  return off.pending ? { disabled: off.reason, pending: true } : { disabled: off.reason };
}
