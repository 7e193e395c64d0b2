/**
 * One tooltip for the whole table: the whole value of a cell cut short (a name, an owner, a label, every label
 * of a row), shown on hover and on keyboard focus. Cells mark what may be cut with `data-peek` (its value is the
 * text to show; empty: the element's own text) and `data-peek-always` when there is always more to say; the
 * table listens once, so a row carries no tooltip of its own and stays as light as it was.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { matchesShortcut } from '@/lib/shortcuts.ts';
import { hasMore } from './cell-stops.ts';

const HOVER_DELAY_MS = 250;
const GAP = 6;

interface Shown {
  text: string;
  rect: DOMRect;
}

export interface CellPeekProps {
  container: RefObject<HTMLElement | null>;
}

export function CellPeek({ container }: CellPeekProps) {
  const id = useId();
  const [shown, setShown] = useState<Shown | undefined>(undefined);
  const tip = useRef<HTMLDivElement>(null);

  // Never past the window's right edge: moved left by what overflows, once its width is known.
  useLayoutEffect(() => {
    const el = tip.current;
    if (!el) return;
    const box = el.getBoundingClientRect();
    const overflow = box.right - (window.innerWidth - 8);
    if (overflow > 0) el.style.left = `${Math.max(8, box.left - overflow)}px`;
  }, [shown]);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let described: HTMLElement | undefined;
    let focused: HTMLElement | undefined;
    let hovered: HTMLElement | null = null;

    const peekOf = (node: EventTarget | null) =>
      node instanceof Element ? node.closest<HTMLElement>('[data-peek]') : null;
    const undescribe = () => {
      described?.removeAttribute('aria-describedby');
      described = undefined;
    };
    // Whether a tooltip is up, so that a scroll event with none up costs nothing.
    let up = false;
    const hide = () => {
      clearTimeout(timer);
      undescribe();
      if (up) setShown(undefined);
      up = false;
    };
    const show = (el: HTMLElement, describe: boolean) => {
      clearTimeout(timer);
      undescribe();
      const text = el.getAttribute('data-peek') || el.textContent || '';
      if (!text.trim()) return hide();
      if (describe) {
        el.setAttribute('aria-describedby', id);
        described = el;
      }
      up = true;
      setShown({ text, rect: el.getBoundingClientRect() });
    };
    // What the keyboard is on: a value, or a row whose name is cut short.
    const focusTarget = (el: Element | null): HTMLElement | undefined => {
      if (!(el instanceof HTMLElement) || !root.contains(el)) return undefined;
      const own = peekOf(el);
      if (own) return hasMore(own) ? own : undefined;
      const name =
        el.getAttribute('role') === 'row' ? el.querySelector<HTMLElement>('[role="rowheader"] [data-peek]') : null;
      return name && hasMore(name) ? name : undefined;
    };

    const back = () => (focused ? show(focused, true) : hide());
    // Rows move under a still pointer while the table scrolls: nothing is measured until the pointer has rested.
    const onOver = (e: PointerEvent) => {
      const el = peekOf(e.target);
      if (el === hovered) return;
      hovered = el;
      clearTimeout(timer);
      timer = setTimeout(
        () => (el && el.isConnected && hasMore(el) ? show(el, false) : back()),
        el ? HOVER_DELAY_MS : 0,
      );
    };
    const onLeave = () => {
      hovered = null;
      back();
    };
    const onFocusIn = (e: FocusEvent) => {
      focused = focusTarget(e.target as Element);
      if (focused) show(focused, focused === e.target);
      else hide();
    };
    const onFocusOut = (e: FocusEvent) => {
      if (root.contains(e.relatedTarget as Node | null)) return;
      focused = undefined;
      hide();
    };
    const onKey = (e: KeyboardEvent) => {
      if (matchesShortcut(e, 'overlay.close')) hide();
    };
    // The tooltip is placed once; anything that moves the cells takes it away.
    const onMove = () => {
      focused = undefined;
      hovered = null;
      hide();
    };

    root.addEventListener('pointerover', onOver);
    root.addEventListener('pointerleave', onLeave);
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    root.addEventListener('keydown', onKey);
    root.addEventListener('scroll', onMove, { passive: true });
    window.addEventListener('resize', onMove);
    return () => {
      clearTimeout(timer);
      undescribe();
      root.removeEventListener('pointerover', onOver);
      root.removeEventListener('pointerleave', onLeave);
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
      root.removeEventListener('keydown', onKey);
      root.removeEventListener('scroll', onMove);
      window.removeEventListener('resize', onMove);
    };
  }, [container, id]);

  if (!shown) return null;
  const { rect, text } = shown;
  // Below the value, or above it near the bottom of the window.
  const below = rect.bottom + 120 < window.innerHeight;
  const left = Math.max(8, rect.left - 8);
  return createPortal(
    <div
      ref={tip}
      id={id}
      role="tooltip"
      style={below ? { left, top: rect.bottom + GAP } : { left, top: rect.top - GAP, transform: 'translateY(-100%)' }}
      className="pointer-events-none fixed z-50 w-max max-w-md rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-5 break-words whitespace-pre-line text-white shadow-lg"
    >
      {text}
    </div>,
    document.body,
  );
}
