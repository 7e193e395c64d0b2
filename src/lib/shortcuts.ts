/**
 * Every keyboard shortcut of the console, in one list: the handlers match keys through it (`useHotkeys`,
 * `matchesShortcut`) and the "?" sheet draws it, so what the sheet says is what the keys do. A handler that
 * reads a key any other way fails a unit test (shortcuts.test.ts).
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
  /** What it does, as the sheet says it. */
  does: string;
  /** Where in its group it works, when narrower than the group ("in the filter"). */
  where?: string;
  /** Any one of these. */
  keys: readonly KeyCombo[];
  /** macOS's keys, when not the same with ⌘ for Ctrl. */
  macKeys?: readonly KeyCombo[];
  /** Handled by the browser or the editor, not by the console's code: documented, never bound here. */
  builtin?: true;
}

export const SHORTCUTS = {
  'palette.toggle': { group: 'Anywhere', does: 'Open or close the command palette', keys: [{ key: 'k', mod: true }] },
  'shortcuts.show': { group: 'Anywhere', does: 'Show these keyboard shortcuts', keys: [{ key: '?' }] },
  'page.filter': { group: 'Anywhere', does: 'Go to the filter of the page', keys: [{ key: '/' }] },
  'overlay.close': {
    group: 'Anywhere',
    does: 'Close the dialog, menu or palette that is open',
    keys: [{ key: 'Escape' }],
  },

  'list.next': { group: 'Lists', does: 'Next row', keys: [{ key: 'j' }, { key: 'ArrowDown' }] },
  'list.previous': { group: 'Lists', does: 'Previous row', keys: [{ key: 'k' }, { key: 'ArrowUp' }] },
  'list.open': { group: 'Lists', does: 'Open the row', keys: [{ key: 'Enter' }] },

  'list.pageDown': { group: 'Tables of objects', does: 'A screen of rows down', keys: [{ key: 'PageDown' }] },
  'list.pageUp': { group: 'Tables of objects', does: 'A screen of rows up', keys: [{ key: 'PageUp' }] },
  'list.first': { group: 'Tables of objects', does: 'First row', keys: [{ key: 'Home' }] },
  'list.last': { group: 'Tables of objects', does: 'Last row', keys: [{ key: 'End' }] },
  'list.select': {
    group: 'Tables of objects',
    does: 'Select the row; with Shift, a range',
    keys: [{ key: ' ' }, { key: 'x' }],
  },
  'list.clearSelection': { group: 'Tables of objects', does: 'Clear the selection', keys: [{ key: 'Escape' }] },
  'list.nextCell': {
    group: 'Tables of objects',
    does: 'Next label chip or cut-off value in the row (Enter on a chip filters by it)',
    keys: [{ key: 'ArrowRight' }],
  },
  'list.previousCell': {
    group: 'Tables of objects',
    does: 'Previous label chip or cut-off value in the row',
    keys: [{ key: 'ArrowLeft' }],
  },
  'list.leaveCell': {
    group: 'Tables of objects',
    does: 'Back to the row',
    where: 'on a chip or value',
    keys: [{ key: 'Escape' }],
  },
  'filter.clear': {
    group: 'Tables of objects',
    does: 'Clear the filter',
    where: 'in the filter',
    keys: [{ key: 'Escape' }],
  },

  'column.wider': {
    group: 'Tables of objects',
    does: 'Widen the column (with Shift, by more)',
    where: 'on a column’s resize handle',
    keys: [{ key: 'ArrowRight' }],
  },
  'column.narrower': {
    group: 'Tables of objects',
    does: 'Narrow the column (with Shift, by more)',
    where: 'on a column’s resize handle',
    keys: [{ key: 'ArrowLeft' }],
  },

  'list.rowMenu': {
    group: 'Tables of objects',
    does: 'The row’s actions, as a right click shows them',
    keys: [{ key: 'ContextMenu' }, { key: 'F10', shift: true }],
  },
  'menu.next': { group: 'Menus', does: 'Next item', keys: [{ key: 'ArrowDown' }] },
  'menu.previous': { group: 'Menus', does: 'Previous item', keys: [{ key: 'ArrowUp' }] },
  'menu.first': { group: 'Menus', does: 'First item', keys: [{ key: 'Home' }] },
  'menu.last': { group: 'Menus', does: 'Last item', keys: [{ key: 'End' }] },
  'menu.choose': { group: 'Menus', does: 'Do what the item says', keys: [{ key: 'Enter' }, { key: ' ' }] },
  'menu.leave': { group: 'Menus', does: 'Close the menu and move on', keys: [{ key: 'Tab' }] },

  'palette.next': {
    group: 'Command palette',
    does: 'Next result',
    keys: [{ key: 'ArrowDown' }, { key: 'n', ctrl: true }],
  },
  'palette.previous': {
    group: 'Command palette',
    does: 'Previous result',
    keys: [{ key: 'ArrowUp' }, { key: 'p', ctrl: true }],
  },
  'palette.run': { group: 'Command palette', does: 'Open the result, or run the action', keys: [{ key: 'Enter' }] },
  'switcher.openFirst': {
    group: 'Command palette',
    does: 'Open the first project listed',
    where: 'in the project switcher',
    keys: [{ key: 'Enter' }],
  },

  'tabs.previous': { group: 'Object page', does: 'Previous tab', keys: [{ key: 'ArrowLeft' }] },
  'tabs.next': { group: 'Object page', does: 'Next tab', keys: [{ key: 'ArrowRight' }] },
  'tabs.first': { group: 'Object page', does: 'First tab', keys: [{ key: 'Home' }] },
  'tabs.last': { group: 'Object page', does: 'Last tab', keys: [{ key: 'End' }] },

  'log.nextMatch': {
    group: 'Logs',
    does: 'Next match',
    where: 'in the search field',
    keys: [{ key: 'Enter', shift: false }],
  },
  'log.previousMatch': {
    group: 'Logs',
    does: 'Previous match',
    where: 'in the search field',
    keys: [{ key: 'Enter', shift: true }],
  },
  'log.stopFollowing': {
    group: 'Logs',
    does: 'Stop following new lines, going up',
    where: 'in the log',
    keys: [{ key: 'ArrowUp' }, { key: 'PageUp' }, { key: 'Home' }],
  },

  'terminal.copy': {
    group: 'Terminal',
    does: 'Copy the selected text',
    keys: [{ key: 'c', ctrl: true, shift: true }],
    macKeys: [{ key: 'c', mod: true }],
  },
  'terminal.paste': {
    group: 'Terminal',
    does: 'Paste into the shell',
    keys: [{ key: 'v', ctrl: true, shift: true }],
    macKeys: [{ key: 'v', mod: true }],
    builtin: true,
  },
  'dock.taller': {
    group: 'Terminal',
    does: 'Make the dock taller',
    where: 'on its top edge',
    keys: [{ key: 'ArrowUp' }],
  },
  'dock.shorter': {
    group: 'Terminal',
    does: 'Make the dock shorter',
    where: 'on its top edge',
    keys: [{ key: 'ArrowDown' }],
  },
  'terminal.leave': {
    group: 'Terminal',
    does: 'Move the focus out of the terminal, to its tab (Tab itself goes to the shell)',
    keys: [{ key: 'F6' }],
  },

  'editor.suggest': {
    group: 'YAML editor',
    does: 'Suggest a field or value from the kind’s schema',
    keys: [{ key: ' ', ctrl: true }],
    builtin: true,
  },
  'editor.find': { group: 'YAML editor', does: 'Find in the text', keys: [{ key: 'f', mod: true }], builtin: true },
  'editor.tabFocus': {
    group: 'YAML editor',
    does: 'Let Tab move the focus out of the editor (it indents otherwise)',
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
