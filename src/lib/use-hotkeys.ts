/**
 * Keyboard shortcuts for the whole page, bound by their id in the console's one list of shortcuts
 * (shortcuts.ts), which the "?" sheet shows. Single keys never fire while the user types in a field, nor under
 * a modal dialog.
 */
import { useLayoutEffect, useRef } from 'react';
import { matchesShortcut, type ShortcutId } from './shortcuts.ts';

/** Inputs that take no typing: a key pressed on a ticked row's checkbox still moves through the rows. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName);
}

export interface Hotkey {
  /** Which shortcut: its keys and what the sheet says of it come from shortcuts.ts. */
  shortcut: ShortcutId;
  /** Fires only when this says so (the key is left to the page otherwise). */
  when?: (event: KeyboardEvent) => boolean;
  handler: (event: KeyboardEvent) => void;
}

/**
 * Listens on the document while mounted; the latest handlers are used without re-subscribing. Bound before the
 * browser paints: a key pressed the moment the rows it moves through are drawn is heard, not lost.
 */
export function useHotkeys(hotkeys: Hotkey[], enabled = true): void {
  const latest = useRef(hotkeys);
  useLayoutEffect(() => {
    latest.current = hotkeys;
  });
  useLayoutEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      for (const hotkey of latest.current) {
        const combo = matchesShortcut(event, hotkey.shortcut);
        if (!combo) continue;
        const single = !combo.mod && !combo.ctrl;
        if (single && isTypingTarget(event.target)) continue;
        // A modal dialog (the palette, a confirmation) owns the keyboard while it is open.
        if (single && document.querySelector('dialog[open]')) continue;
        if (hotkey.when && !hotkey.when(event)) continue;
        event.preventDefault();
        hotkey.handler(event);
        return;
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** Buttons and links act on Enter themselves. */
export function isControlTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('a[href], button, [role="button"]') !== null;
}

/** `/`: focus the filter of the page (the first search field in the main area). */
export function focusPageFilter(): void {
  const field = document.querySelector<HTMLInputElement>('main input[type="search"]');
  field?.focus();
  field?.select();
}
