/** Saved views and pins of the API server in use, changed through the preferences store (use-places.ts reads them). */
import { ulid } from '@/shared/ulid.ts';
import { setPreference, usePreferencesStore, type Preferences } from '../preferences.ts';
import { MAX_PINS, pinKey, viewNameProblem, type Pin, type SavedView } from './places.ts';
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
