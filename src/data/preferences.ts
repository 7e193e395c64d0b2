/**
 * The person's preferences, in one store: each preference is declared once below (its default, what a stored
 * value must look like, and whether it lasts across visits, in localStorage, or only for this tab, in
 * sessionStorage). Each storage holds one versioned record under one key; a record of an older version goes
 * through the migrations, and anything unreadable (malformed JSON, an unknown version, a value of the wrong
 * shape) falls back to the defaults, value by value, so a bad record never breaks the console.
 */
import { create } from 'zustand';
import {
  parseLastProject,
  parsePins,
  parseSavedViews,
  type ByConnection,
  type Pin,
  type SavedView,
} from './places/places.ts';
import { parseLayouts, type ColumnLayout } from './column-layout.ts';

/** Where a preference is kept: across visits (localStorage) or for this tab only (sessionStorage). */
export type PreferenceScope = 'local' | 'session';

interface Definition<T> {
  scope: PreferenceScope;
  initial: T;
  /** The value as stored, or undefined when it is not one this console understands. */
  parse: (value: unknown) => T | undefined;
}

const oneOf =
  <T extends string>(...choices: readonly T[]) =>
  (value: unknown): T | undefined =>
    choices.find((c) => c === value);

/** Every preference. A new one is a line here (and, if an older record must be rewritten, a migration). */
export const PREFERENCES = {
  /** How times read: an age ("3m ago") or the date and time. For this tab only, so a new tab starts as usual. */
  timeFormat: { scope: 'session', initial: 'relative', parse: oneOf('relative', 'absolute') },
  /** Light or dark, or as the system says. Across visits; public/theme-boot.js reads it before the first paint. */
  theme: { scope: 'local', initial: 'system', parse: oneOf('system', 'light', 'dark') },
  /** Named table views, per API server (src/data/places). */
  savedViews: { scope: 'local', initial: {} as ByConnection<SavedView[]>, parse: parseSavedViews },
  /** Pinned projects and objects, per API server. */
  pins: { scope: 'local', initial: {} as ByConnection<Pin[]>, parse: parsePins },
  /** The project last visited, per API server: where `/` lands. */
  lastProject: { scope: 'local', initial: {} as ByConnection<string>, parse: parseLastProject },
  /** Each kind's table columns (order, hidden, widths, label columns), by kind; a kind not here has its defaults. */
  columnLayouts: { scope: 'local', initial: {} as Record<string, ColumnLayout>, parse: parseLayouts },
  /** How tall table rows are: compact fits about 25 rows in a 900 px high window. */
  tableDensity: { scope: 'local', initial: 'comfortable', parse: oneOf('comfortable', 'compact') },
} satisfies Record<string, Definition<unknown>>;

export type PreferenceKey = keyof typeof PREFERENCES;
export type Preferences = { [K in PreferenceKey]: NonNullable<ReturnType<(typeof PREFERENCES)[K]['parse']>> };
export type TimeFormat = Preferences['timeFormat'];
export type ThemePreference = Preferences['theme'];
export type TableDensity = Preferences['tableDensity'];

export const PREFERENCES_VERSION = 1;
/** One key per storage; the same record shape in both. */
export const PREFERENCES_KEY = 'nodus.console.preferences';

/** A stored record: the version it was written by and the values. */
export interface PreferencesRecord {
  version: number;
  values: Record<string, unknown>;
}

/** Steps from version n to n + 1, by n: each rewrites the values of a record of version n. */
export type Migrations = Readonly<Record<number, (values: Record<string, unknown>) => Record<string, unknown>>>;
export const MIGRATIONS: Migrations = {};

/**
 * The values of a stored record, brought up to `version`: undefined when there is nothing usable (malformed
 * JSON, no record, a version no migration leads from). A record from a newer console is read as it is: values
 * are only ever added, and each is checked on its own anyway.
 */
export function migrate(
  raw: string | null,
  migrations: Migrations = MIGRATIONS,
  version = PREFERENCES_VERSION,
): Record<string, unknown> | undefined {
  let record: unknown;
  try {
    record = raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
  const r = record as Partial<PreferencesRecord> | undefined;
  if (typeof r !== 'object' || r === null || !Number.isInteger(r.version)) return undefined;
  if (typeof r.values !== 'object' || r.values === null || Array.isArray(r.values)) return undefined;
  let values = r.values;
  for (let v = r.version!; v < version; v++) {
    const step = migrations[v];
    if (!step) return undefined;
    values = step(values);
  }
  return values;
}

/** The preferences of a scope as `values` has them, each one unreadable taking its default. */
function readScope(scope: PreferenceScope, values: Record<string, unknown> | undefined): Partial<Preferences> {
  const out: Record<string, unknown> = {};
  for (const [key, def] of Object.entries(PREFERENCES) as [PreferenceKey, Definition<unknown>][]) {
    if (def.scope !== scope) continue;
    const parsed = values === undefined ? undefined : def.parse(values[key]);
    out[key] = parsed ?? def.initial;
  }
  return out as Partial<Preferences>;
}

function load(storage: Storage | undefined, scope: PreferenceScope): Partial<Preferences> {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(PREFERENCES_KEY) ?? null;
  } catch {
    // Storage disabled (private mode): the defaults.
  }
  return readScope(scope, migrate(raw));
}

function save(storage: Storage | undefined, scope: PreferenceScope, prefs: Preferences): void {
  const values: Record<string, unknown> = {};
  for (const [key, def] of Object.entries(PREFERENCES) as [PreferenceKey, Definition<unknown>][])
    if (def.scope === scope) values[key] = prefs[key];
  try {
    storage?.setItem(PREFERENCES_KEY, JSON.stringify({ version: PREFERENCES_VERSION, values }));
  } catch {
    // Storage full or disabled: the preference lasts for this page only.
  }
}

export interface PreferencesState {
  values: Preferences;
  set: <K extends PreferenceKey>(key: K, value: Preferences[K]) => void;
  /**
   * Reads the lasting preferences again, as another tab wrote them: without it, this tab's next change would
   * write back its older copy and lose the other tab's (a view saved there, say).
   */
  reloadLocal: () => void;
}

export function createPreferencesStore(options: { local: Storage | undefined; session: Storage | undefined }) {
  const initial = { ...load(options.local, 'local'), ...load(options.session, 'session') } as Preferences;
  let reloading = false;
  const store = create<PreferencesState>()((setState) => ({
    values: initial,
    set: (key, value) => setState((s) => (s.values[key] === value ? s : { values: { ...s.values, [key]: value } })),
    reloadLocal: () => {
      reloading = true;
      try {
        setState((s) => ({ values: { ...s.values, ...load(options.local, 'local') } }));
      } finally {
        reloading = false;
      }
    },
  }));
  store.subscribe((s, before) => {
    if (reloading) return;
    const changed = (Object.keys(PREFERENCES) as PreferenceKey[]).filter((k) => s.values[k] !== before.values[k]);
    // Only the storage of a changed preference is written: a record this console cannot read is left alone
    // until the person changes something it holds.
    for (const scope of ['local', 'session'] as const)
      if (changed.some((k) => PREFERENCES[k].scope === scope))
        save(scope === 'local' ? options.local : options.session, scope, s.values);
  });
  return store;
}

function browserStorage(which: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[which];
  } catch {
    return undefined;
  }
}

export const usePreferencesStore = createPreferencesStore({
  local: browserStorage('localStorage'),
  session: browserStorage('sessionStorage'),
});

// Another tab changed the lasting preferences (a `storage` event comes only from other tabs).
if (typeof window !== 'undefined')
  window.addEventListener('storage', (change) => {
    if (change.key === PREFERENCES_KEY && change.storageArea === browserStorage('localStorage'))
      usePreferencesStore.getState().reloadLocal();
  });

/** One preference, re-rendering only when it changes. */
export function usePreference<K extends PreferenceKey>(key: K): Preferences[K] {
  return usePreferencesStore((s) => s.values[key]);
}

export function setPreference<K extends PreferenceKey>(key: K, value: Preferences[K]): void {
  usePreferencesStore.getState().set(key, value);
}
