/**
 * What each keyboard shortcut does, as the "?" sheet says it: one entry for every shortcut of src/lib/shortcuts.ts
 * (a missing or extra one is a type error), kept apart so the first view carries the keys without the sentences.
 */
import type { ShortcutId } from '@/lib/shortcuts.ts';

export interface ShortcutWords {
  /** What it does. */
  does: string;
  /** Where in its group it works, when narrower than the group ("in the filter"). */
  where?: string;
}

export const SHORTCUT_WORDS: Record<ShortcutId, ShortcutWords> = {
  'palette.toggle': { does: 'Open or close the command palette' },
  'shortcuts.show': { does: 'Show these keyboard shortcuts' },
  'page.filter': { does: 'Go to the filter of the page' },
  'overlay.close': { does: 'Close the dialog, menu or palette that is open' },
  'list.next': { does: 'Next row' },
  'list.previous': { does: 'Previous row' },
  'list.open': { does: 'Open the row' },
  'list.pageDown': { does: 'A screen of rows down' },
  'list.pageUp': { does: 'A screen of rows up' },
  'list.first': { does: 'First row' },
  'list.last': { does: 'Last row' },
  'list.select': { does: 'Select the row; with Shift, a range' },
  'list.clearSelection': { does: 'Clear the selection' },
  'list.nextCell': { does: 'Next label chip or cut-off value in the row (Enter on a chip filters by it)' },
  'list.previousCell': { does: 'Previous label chip or cut-off value in the row' },
  'list.leaveCell': { does: 'Back to the row', where: 'on a chip or value' },
  'filter.clear': { does: 'Clear the filter; on an empty one, leave it for the rows', where: 'in the filter' },
  'column.wider': { does: 'Widen the column (with Shift, by more)', where: 'on a column’s resize handle' },
  'column.narrower': { does: 'Narrow the column (with Shift, by more)', where: 'on a column’s resize handle' },
  'list.rowMenu': { does: 'The row’s actions, as a right click shows them' },
  'menu.next': { does: 'Next item' },
  'menu.previous': { does: 'Previous item' },
  'menu.first': { does: 'First item' },
  'menu.last': { does: 'Last item' },
  'menu.choose': { does: 'Do what the item says' },
  'menu.leave': { does: 'Close the menu and move on' },
  'palette.next': { does: 'Next result' },
  'palette.previous': { does: 'Previous result' },
  'palette.run': { does: 'Open the result, or run the action' },
  'switcher.openFirst': { does: 'Open the first project listed', where: 'in the project switcher' },
  'tabs.previous': { does: 'Previous tab' },
  'tabs.next': { does: 'Next tab' },
  'tabs.first': { does: 'First tab' },
  'tabs.last': { does: 'Last tab' },
  'log.nextMatch': { does: 'Next match', where: 'in the search field' },
  'log.previousMatch': { does: 'Previous match', where: 'in the search field' },
  'log.stopFollowing': { does: 'Stop following new lines, going up', where: 'in the log' },
  'terminal.copy': { does: 'Copy the selected text' },
  'terminal.paste': { does: 'Paste into the shell' },
  'dock.taller': { does: 'Make the dock taller', where: 'on its top edge' },
  'dock.shorter': { does: 'Make the dock shorter', where: 'on its top edge' },
  'terminal.leave': { does: 'Move the focus out of the terminal, to its tab (Tab itself goes to the shell)' },
  'editor.suggest': { does: 'Suggest a field or value from the kind’s schema' },
  'editor.find': { does: 'Find in the text' },
  'editor.tabFocus': { does: 'Let Tab move the focus out of the editor (it indents otherwise)' },
};
