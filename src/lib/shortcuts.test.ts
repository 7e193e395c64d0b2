import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHORTCUT_GROUPS } from '../components/layout/shortcuts-sheet.tsx';
import { SHORTCUT_WORDS } from '../components/layout/shortcut-words.ts';
import {
  ariaKeyShortcuts,
  comboLabels,
  matchesShortcut,
  SHORTCUT_IDS,
  SHORTCUTS,
  shortcut,
  type ShortcutId,
} from './shortcuts.ts';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const REGISTRY = join(SRC, 'lib', 'shortcuts.ts');

/** The console's own code (the mock is a server: no keyboard there); tests excluded. */
function sources(dir = SRC): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'mock' ? [] : sources(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || path === REGISTRY) return [];
    return [{ path: relative(SRC, path), text: readFileSync(path, 'utf8') }];
  });
}

const press = (key: string, mods: Partial<Record<'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('matching keys against the list of shortcuts', () => {
  it('takes ⌘ on macOS and Ctrl elsewhere for the palette, and no single key with a modifier', () => {
    expect(matchesShortcut(press('k', { ctrlKey: true }), 'palette.toggle', false)).toBeDefined();
    expect(matchesShortcut(press('K', { metaKey: true }), 'palette.toggle', true)).toBeDefined();
    expect(matchesShortcut(press('k'), 'palette.toggle', false)).toBeUndefined();
    expect(matchesShortcut(press('k'), 'list.previous', false)).toBeDefined();
    expect(matchesShortcut(press('k', { ctrlKey: true }), 'list.previous', false)).toBeUndefined();
    expect(matchesShortcut(press('j', { altKey: true }), 'list.next', false)).toBeUndefined();
  });

  it('holds Shift to what a shortcut says, and lets it be either where it says nothing', () => {
    expect(matchesShortcut(press('Enter'), 'log.nextMatch')).toBeDefined();
    expect(matchesShortcut(press('Enter', { shiftKey: true }), 'log.nextMatch')).toBeUndefined();
    expect(matchesShortcut(press('Enter', { shiftKey: true }), 'log.previousMatch')).toBeDefined();
    expect(matchesShortcut(press('?', { shiftKey: true }), 'shortcuts.show')).toBeDefined();
    expect(matchesShortcut(press('X', { shiftKey: true }), 'list.select')).toEqual({ key: 'x' });
  });

  it('takes Control itself, on every system, where a shortcut says ctrl', () => {
    expect(matchesShortcut(press('n', { ctrlKey: true }), 'palette.next', true)).toBeDefined();
    expect(matchesShortcut(press('n', { metaKey: true }), 'palette.next', true)).toBeUndefined();
    expect(matchesShortcut(press('ArrowDown'), 'palette.next', true)).toBeDefined();
  });
});

describe('drawing keys', () => {
  it('names keys as a keyboard shows them, per system', () => {
    expect(comboLabels({ key: 'k', mod: true }, false)).toEqual(['Ctrl', 'K']);
    expect(comboLabels({ key: 'k', mod: true }, true)).toEqual(['⌘', 'K']);
    expect(comboLabels({ key: 'Enter', shift: true }, false)).toEqual(['Shift', 'Enter']);
    expect(comboLabels({ key: 'j' }, false)).toEqual(['j']);
    expect(comboLabels({ key: ' ' }, false)).toEqual(['Space']);
    expect(comboLabels({ key: 'ArrowDown' }, false)).toEqual(['↓']);
    expect(ariaKeyShortcuts('palette.toggle', false)).toBe('Control+K');
    expect(ariaKeyShortcuts('palette.toggle', true)).toBe('Meta+K');
    expect(ariaKeyShortcuts('list.next', false)).toBe('J ArrowDown');
  });
});

describe('the list of shortcuts is what the keys do', () => {
  const code = sources();

  it('documents every shortcut: a group the sheet shows, what it does, and keys', () => {
    for (const id of SHORTCUT_IDS) {
      const s = shortcut(id);
      expect(SHORTCUT_GROUPS, id).toContain(s.group);
      expect(SHORTCUT_WORDS[id].does.trim(), id).not.toBe('');
      expect(s.keys.length, id).toBeGreaterThan(0);
    }
  });

  it('never lists one key twice for one place', () => {
    const seen = new Map<string, ShortcutId>();
    for (const id of SHORTCUT_IDS) {
      const s = shortcut(id);
      for (const combo of s.keys) {
        const where = `${s.group}|${SHORTCUT_WORDS[id].where ?? ''}|${combo.key.toLowerCase()}|${!!combo.mod}|${!!combo.ctrl}|${combo.shift ?? '*'}`;
        expect(seen.get(where), `${id} and ${seen.get(where)} share a key`).toBeUndefined();
        seen.set(where, id);
      }
    }
  });

  it('binds every shortcut the console handles itself somewhere in its code', () => {
    const all = code.map((f) => f.text).join('\n');
    const unbound = SHORTCUT_IDS.filter((id) => !shortcut(id).builtin && !all.includes(`'${id}'`));
    expect(unbound, 'documented but handled nowhere').toEqual([]);
  });

  it('reads keys only through the list: every shortcut in the code is one it documents', () => {
    const used = code.flatMap((f) =>
      [...f.text.matchAll(/(?:shortcut:\s*|matchesShortcut\([^,()]+,\s*|keysOf\(|ariaKeyShortcuts\()'([^']+)'/g)].map(
        (m) => ({ file: f.path, id: m[1]! }),
      ),
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((u) => !(u.id in SHORTCUTS))).toEqual([]);
    // A handler that compares a key event's key itself would work without being on the sheet.
    const direct = code
      .filter((f) => /\b(?:e|ev|evt|event|keyEvent|keyboardEvent)\.(?:key|code|keyCode|which)\b/.test(f.text))
      .map((f) => f.path);
    expect(direct, 'read a key without the list of shortcuts (src/lib/shortcuts.ts)').toEqual([]);
  });
});
