/**
 * The theme in use: the person's choice (light, dark, or "system"), with "system" following the operating
 * system's setting live. The page's `dark` class and `color-scheme` are set here once React runs; before that,
 * public/theme-boot.js sets them from the same stored preference so the first paint is already right.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { usePreference, type ThemePreference } from './preferences.ts';

export type Theme = 'light' | 'dark';

const QUERY = '(prefers-color-scheme: dark)';

let query: MediaQueryList | undefined;
/** One MediaQueryList for the page: React reads it on every render of a themed component. */
function systemQuery(): MediaQueryList | undefined {
  if (!query && typeof window !== 'undefined' && window.matchMedia) query = window.matchMedia(QUERY);
  return query;
}

function subscribeSystem(onChange: () => void): () => void {
  const system = systemQuery();
  system?.addEventListener('change', onChange);
  return () => system?.removeEventListener('change', onChange);
}

const systemIsDark = (): boolean => systemQuery()?.matches ?? false;

export function resolveTheme(preference: ThemePreference, systemDark: boolean): Theme {
  return preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
}

/** The theme in use now, re-rendering when the preference or (under "system") the system's setting changes. */
export function useTheme(): Theme {
  const preference = usePreference('theme');
  const systemDark = useSyncExternalStore(subscribeSystem, systemIsDark, () => false);
  return resolveTheme(preference, systemDark);
}

/** Puts the theme on the page: the class the stylesheet keys on, and the browser's own controls and scrollbars. */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** Keeps the page in the theme in use; mounted once, at the root. */
export function useApplyTheme(): void {
  const theme = useTheme();
  useEffect(() => applyTheme(document.documentElement, theme), [theme]);
}
