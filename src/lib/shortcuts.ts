/**
 * Every keyboard shortcut of the console, in one list: the handlers match keys through it (`useHotkeys`,
 * `matchesShortcut`) and the "?" sheet draws it, so what the sheet says is what the keys do. A handler that
 * reads a key any other way fails a unit test (shortcuts.test.ts). What each one does, in words, is the sheet's
 * (src/components/layout/shortcut-words.ts, one entry per id): the first view needs the keys, not the sentences.
 */

export interface KeyCombo {
  /** `KeyboardEvent.key`; letters compare case-insensitively. */
  key: string;
  /** ⌘ on macOS, Ctrl elsewhere. */
  mod?: boolean;
  /** Control on every system (Emacs-style moves, the editor's own keys). */
  ctrl?: boolean;
  /** true: Shift held; false: Shift not held; left out: either. */
  shift?: boolean;
}

/** Where a shortcut works: the "?" sheet's headings (their order and notes are the sheet's). */
export type ShortcutGroup =
  | 'Anywhere'
  | 'Lists'
  | 'Tables of objects'
  | 'Menus'
  | 'Command palette'
  | 'Object page'
  | 'Logs'
  | 'Terminal'
  | 'YAML editor';

export interface Shortcut {
  group: ShortcutGroup;
  /** Any one of these. */
  keys: readonly KeyCombo[];
  /** macOS's keys, when not the same with ⌘ for Ctrl. */
  macKeys?: readonly KeyCombo[];
  /** Handled by the browser or the editor, not by the console's code: documented, never bound here. */
  builtin?: true;
}

export const SHORTCUTS = {
  'palette.toggle': { group: 'Anywhere', keys: [{ key: 'k', mod: true }] },
  'shortcuts.show': { group: 'Anywhere', keys: [{ key: '?' }] },
  'page.filter': { group: 'Anywhere', keys: [{ key: '/' }] },
  'overlay.close': {
    group: 'Anywhere',
    keys: [{ key: 'Escape' }],
  },

  'list.next': { group: 'Lists', keys: [{ key: 'j' }, { key: 'ArrowDown' }] },
  'list.previous': { group: 'Lists', keys: [{ key: 'k' }, { key: 'ArrowUp' }] },
  'list.open': { group: 'Lists', keys: [{ key: 'Enter' }] },

  'list.pageDown': { group: 'Tables of objects', keys: [{ key: 'PageDown' }] },
  'list.pageUp': { group: 'Tables of objects', keys: [{ key: 'PageUp' }] },
  'list.first': { group: 'Tables of objects', keys: [{ key: 'Home' }] },
  'list.last': { group: 'Tables of objects', keys: [{ key: 'End' }] },
  'list.select': {
    group: 'Tables of objects',
    keys: [{ key: ' ' }, { key: 'x' }],
  },
  'list.clearSelection': { group: 'Tables of objects', keys: [{ key: 'Escape' }] },
  'list.nextCell': {
    group: 'Tables of objects',
    keys: [{ key: 'ArrowRight' }],
  },
  'list.previousCell': {
    group: 'Tables of objects',
    keys: [{ key: 'ArrowLeft' }],
  },
  'list.leaveCell': {
    group: 'Tables of objects',
    keys: [{ key: 'Escape' }],
  },
  'filter.clear': {
    group: 'Tables of objects',
    keys: [{ key: 'Escape' }],
  },

  'column.wider': {
    group: 'Tables of objects',
    keys: [{ key: 'ArrowRight' }],
  },
  'column.narrower': {
    group: 'Tables of objects',
    keys: [{ key: 'ArrowLeft' }],
  },

  'list.rowMenu': {
    group: 'Tables of objects',
    keys: [{ key: 'ContextMenu' }, { key: 'F10', shift: true }],
  },
  'menu.next': { group: 'Menus', keys: [{ key: 'ArrowDown' }] },
  'menu.previous': { group: 'Menus', keys: [{ key: 'ArrowUp' }] },
  'menu.first': { group: 'Menus', keys: [{ key: 'Home' }] },
  'menu.last': { group: 'Menus', keys: [{ key: 'End' }] },
  'menu.choose': { group: 'Menus', keys: [{ key: 'Enter' }, { key: ' ' }] },
  'menu.leave': { group: 'Menus', keys: [{ key: 'Tab' }] },

  'palette.next': {
    group: 'Command palette',
    keys: [{ key: 'ArrowDown' }, { key: 'n', ctrl: true }],
  },
  'palette.previous': {
    group: 'Command palette',
    keys: [{ key: 'ArrowUp' }, { key: 'p', ctrl: true }],
  },
  'palette.run': { group: 'Command palette', keys: [{ key: 'Enter' }] },
  'switcher.openFirst': {
    group: 'Command palette',
    keys: [{ key: 'Enter' }],
  },

  'tabs.previous': { group: 'Object page', keys: [{ key: 'ArrowLeft' }] },
  'tabs.next': { group: 'Object page', keys: [{ key: 'ArrowRight' }] },
  'tabs.first': { group: 'Object page', keys: [{ key: 'Home' }] },
  'tabs.last': { group: 'Object page', keys: [{ key: 'End' }] },

  'log.nextMatch': {
    group: 'Logs',
    keys: [{ key: 'Enter', shift: false }],
  },
  'log.previousMatch': {
    group: 'Logs',
    keys: [{ key: 'Enter', shift: true }],
  },
  'log.stopFollowing': {
    group: 'Logs',
    keys: [{ key: 'ArrowUp' }, { key: 'PageUp' }, { key: 'Home' }],
  },

  'terminal.copy': {
    group: 'Terminal',
    keys: [{ key: 'c', ctrl: true, shift: true }],
    macKeys: [{ key: 'c', mod: true }],
  },
  'terminal.paste': {
    group: 'Terminal',
    keys: [{ key: 'v', ctrl: true, shift: true }],
    macKeys: [{ key: 'v', mod: true }],
    builtin: true,
  },
  'dock.taller': {
    group: 'Terminal',
    keys: [{ key: 'ArrowUp' }],
  },
  'dock.shorter': {
    group: 'Terminal',
    keys: [{ key: 'ArrowDown' }],
  },
  'terminal.leave': {
    group: 'Terminal',
    keys: [{ key: 'F6' }],
  },

  'editor.suggest': {
    group: 'YAML editor',
    keys: [{ key: ' ', ctrl: true }],
    builtin: true,
  },
  'editor.find': { group: 'YAML editor', keys: [{ key: 'f', mod: true }], builtin: true },
  'editor.tabFocus': {
    group: 'YAML editor',
    keys: [{ key: 'm', ctrl: true }],
    macKeys: [{ key: 'm', ctrl: true, shift: true }],
    builtin: true,
  },
} as const satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof SHORTCUTS;

export const SHORTCUT_IDS = Object.keys(SHORTCUTS) as ShortcutId[];

export function shortcut(id: ShortcutId): Shortcut {
  return SHORTCUTS[id];
}

export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

export function keysOf(id: ShortcutId, mac = isMacPlatform()): readonly KeyCombo[] {
  const s = shortcut(id);
  return (mac && s.macKeys) || s.keys;
}

type KeyEventLike = Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>;

/** The combination of `id` that the event is, if any. */
export function matchesShortcut(event: KeyEventLike, id: ShortcutId, mac = isMacPlatform()): KeyCombo | undefined {
  if (event.altKey) return undefined;
  return keysOf(id, mac).find((combo) => {
    if (combo.key.toLowerCase() !== event.key.toLowerCase()) return false;
    if (combo.shift !== undefined && combo.shift !== event.shiftKey) return false;
    if (combo.ctrl) return event.ctrlKey;
    if (combo.mod) return event.metaKey || event.ctrlKey;
    return !event.metaKey && !event.ctrlKey;
  });
}

const KEY_NAMES: Record<string, string> = {
  ' ': 'Space',
  ArrowDown: '↓',
  ArrowUp: '↑',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  PageDown: 'Page Down',
  PageUp: 'Page Up',
};

/** The keys of one combination as drawn, one string per key: ["Ctrl", "K"], ["⌘", "K"], ["j"]. */
export function comboLabels(combo: KeyCombo, mac = isMacPlatform()): string[] {
  const labels: string[] = [];
  if (combo.ctrl) labels.push(mac ? '⌃' : 'Ctrl');
  if (combo.mod) labels.push(mac ? '⌘' : 'Ctrl');
  if (combo.shift) labels.push(mac ? '⇧' : 'Shift');
  const name = KEY_NAMES[combo.key] ?? combo.key;
  labels.push(labels.length > 0 && name.length === 1 ? name.toUpperCase() : name);
  return labels;
}

/** The value of `aria-keyshortcuts`: "Control+K" (or "Meta+K" on macOS), each combination apart by a space. */
export function ariaKeyShortcuts(id: ShortcutId, mac = isMacPlatform()): string {
  return keysOf(id, mac)
    .map((combo) => {
      const parts: string[] = [];
      if (combo.ctrl || (combo.mod && !mac)) parts.push('Control');
      if (combo.mod && mac) parts.push('Meta');
      if (combo.shift) parts.push('Shift');
      parts.push(combo.key === ' ' ? 'Space' : combo.key.length === 1 ? combo.key.toUpperCase() : combo.key);
      return parts.join('+');
    })
    .join(' ');
}
