/**
 * Saved views, pins and the last project of the API server in use, read through the preferences store (one
 * versioned record in localStorage). Saving, renaming and pinning are edit-places.ts: the first view only reads.
 */
import { useEffect, useMemo } from 'react';
import { activeContext, useConnectionStore } from '../connection-store.ts';
import { setPreference, usePreference, usePreferencesStore } from '../preferences.ts';
import { connectionId, type Pin, type SavedView } from './places.ts';

const NO_VIEWS: readonly SavedView[] = [];
const NO_PINS: readonly Pin[] = [];

/** The connection in use, as places are kept under it. */
export function currentConnection(): string {
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
