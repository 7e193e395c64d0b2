/**
 * Saved views, pins and the last project of the API server in use, read and changed through the preferences
 * store (one versioned record in localStorage).
 */
import { useEffect, useMemo } from 'react';
import { ulid } from 'ulid';
import { activeContext, useConnectionStore } from '../connection-store.ts';
import { setPreference, usePreference, usePreferencesStore, type Preferences } from '../preferences.ts';
import { connectionId, MAX_PINS, pinKey, viewNameProblem, type Pin, type SavedView } from './places.ts';

const NO_VIEWS: readonly SavedView[] = [];
const NO_PINS: readonly Pin[] = [];

function currentConnection(): string {
  return connectionId(activeContext(useConnectionStore.getState()));
}

export function useConnectionId(): string {
  const apiUrl = useConnectionStore((s) => activeContext(s).apiUrl);
  const org = useConnectionStore((s) => activeContext(s).org);
  return useMemo(() => connectionId({ apiUrl, org }), [apiUrl, org]);
}

export function useSavedViews(): readonly SavedView[] {
  const connection = useConnectionId();
  return usePreference('savedViews')[connection] ?? NO_VIEWS;
}

export function usePins(): readonly Pin[] {
  const connection = useConnectionId();
  return usePreference('pins')[connection] ?? NO_PINS;
}

export function useLastProject(): string | undefined {
  const connection = useConnectionId();
  return usePreference('lastProject')[connection];
}

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

export function rememberProject(project: string): void {
  const connection = currentConnection();
  const all = usePreferencesStore.getState().values.lastProject;
  if (all[connection] !== project) setPreference('lastProject', { ...all, [connection]: project });
}

/** Remembers the project of the page in view (none: nothing), so the next visit to `/` lands there. */
export function useRememberProject(project: string | undefined): void {
  useEffect(() => {
    if (project !== undefined && project !== '') rememberProject(project);
  }, [project]);
}
