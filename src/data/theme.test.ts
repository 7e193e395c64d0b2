import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPreferencesStore, PREFERENCES_KEY, PREFERENCES_VERSION } from './preferences.ts';
import { resolveTheme } from './theme.ts';

/** Runs public/theme-boot.js against a stored record and a system setting; the class and color-scheme it set. */
function boot(stored: string | null, systemDark: boolean) {
  const classes = new Set<string>();
  const root = {
    classList: { add: (c: string) => classes.add(c) },
    style: { colorScheme: '' },
  };
  const window = { matchMedia: (q: string) => ({ matches: systemDark && q === '(prefers-color-scheme: dark)' }) };
  const localStorage = { getItem: (key: string) => (key === PREFERENCES_KEY ? stored : null) };
  const source = readFileSync(new URL('../../public/theme-boot.js', import.meta.url), 'utf8');
  new Function('window', 'document', 'localStorage', source)(window, { documentElement: root }, localStorage);
  return { dark: classes.has('dark'), scheme: root.style.colorScheme };
}

const record = (theme: unknown) => JSON.stringify({ version: PREFERENCES_VERSION, values: { theme } });

describe('theme', () => {
  it('follows the system only when the choice is "system"', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('is set before the first paint from the same stored preference', () => {
    expect(boot(record('dark'), false)).toEqual({ dark: true, scheme: 'dark' });
    expect(boot(record('light'), true)).toEqual({ dark: false, scheme: 'light' });
    expect(boot(record('system'), true)).toEqual({ dark: true, scheme: 'dark' });
    expect(boot(null, false)).toEqual({ dark: false, scheme: 'light' });
  });

  it('falls back to the system setting on a record it cannot read', () => {
    expect(boot('{not json', true)).toEqual({ dark: true, scheme: 'dark' });
    expect(boot(record('sideways'), false)).toEqual({ dark: false, scheme: 'light' });
  });

  it('reads what the switch stores: across visits, not for the tab only', () => {
    const stored = new Map<string, string>();
    const storage = (map: Map<string, string>) =>
      ({
        getItem: (k: string) => map.get(k) ?? null,
        setItem: (k: string, v: string) => void map.set(k, v),
      }) as Storage;
    const store = createPreferencesStore({ local: storage(stored), session: storage(new Map()) });
    expect(store.getState().values.theme).toBe('system');
    store.getState().set('theme', 'dark');
    expect(boot(stored.get(PREFERENCES_KEY) ?? null, false)).toEqual({ dark: true, scheme: 'dark' });
    expect(
      createPreferencesStore({ local: storage(stored), session: storage(new Map()) }).getState().values.theme,
    ).toBe('dark');
  });
});
