/** Saved views and pins of the API server in use, changed through the preferences store (use-places.ts reads them). */
import { ulid } from '@/shared/ulid.ts';
import { setPreference, usePreferencesStore, type Preferences } from '../preferences.ts';
import { MAX_NAME, MAX_PINS, MAX_VIEWS, pinKey, viewNameKey, type Pin, type SavedView } from './places.ts';
import { currentConnection } from './use-places.ts';

/** Changes the list of the connection in use, from the stored value of the moment (not a render's). */
function update<K extends 'savedViews' | 'pins'>(
  key: K,
  change: (list: NonNullable<Preferences[K][string]>) => NonNullable<Preferences[K][string]>,
): void {
  const connection = currentConnection();
  const all = usePreferencesStore.getState().values[key];
  const list = (all[connection] ?? []) as NonNullable<Preferences[K][string]>;
  setPreference(key, { ...all, [connection]: change(list) } as Preferences[K]);
}

/** Saves a view; throws with the reason when the name cannot be used. */
export function saveView(name: string, path: string, search: string): SavedView {
  const views = usePreferencesStore.getState().values.savedViews[currentConnection()] ?? [];
  const problem = viewNameProblem(views, name);
  if (problem) throw new Error(problem);
  const view: SavedView = { id: ulid(), name: name.trim(), path, search, createdAt: Date.now() };
  update('savedViews', (list) => [...list, view]);
  return view;
}

export function renameView(id: string, name: string): void {
  const views = usePreferencesStore.getState().values.savedViews[currentConnection()] ?? [];
  const problem = viewNameProblem(views, name, id);
  if (problem) throw new Error(problem);
  update('savedViews', (list) => list.map((v) => (v.id === id ? { ...v, name: name.trim() } : v)));
}

export function deleteView(id: string): void {
  update('savedViews', (list) => list.filter((v) => v.id !== id));
}

export function isPinned(pins: readonly Pin[], pin: Pin): boolean {
  const key = pinKey(pin);
  return pins.some((p) => pinKey(p) === key);
}

/** Pins what is not pinned and unpins what is; the newest pin first. */
export function togglePin(pin: Pin): void {
  const key = pinKey(pin);
  update('pins', (list) =>
    list.some((p) => pinKey(p) === key)
      ? list.filter((p) => pinKey(p) !== key)
      : [{ ...pin, pinnedAt: Date.now() }, ...list].slice(0, MAX_PINS),
  );
}

export function unpin(pin: Pin): void {
  const key = pinKey(pin);
  update('pins', (list) => list.filter((p) => pinKey(p) !== key));
}

/** Why a name cannot be given to a view (`except` is the view being renamed); undefined when it can. */
export function viewNameProblem(views: readonly SavedView[], name: string, except?: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the view a name.';
  if (trimmed.length > MAX_NAME) return `A name has at most ${MAX_NAME} characters.`;
  const clash = views.find((v) => v.id !== except && viewNameKey(v.name) === viewNameKey(trimmed));
  if (clash) return `A view named “${clash.name}” exists already.`;
  if (except === undefined && views.length >= MAX_VIEWS)
    return `At most ${MAX_VIEWS} views are kept; delete one first.`;
  return undefined;
}
