/**
 * The page frame: a dark sidebar (brand, the navigation the app passes in, a footer) and, on the right, the
 * top bar above the scrolling page. Slots only; the app decides what goes in them.
 *
 * In a window narrower than 1,024 px the sidebar would take a third of it and squeeze every page: there it is
 * a drawer, opened by the top bar's menu button and closed by Escape, a click or the focus going beside it, or a
 * link in it.
 */
import { clsx } from 'clsx';
import { useCallback, useEffect, useRef, useState, type FocusEvent, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { matchesShortcut } from '@/lib/shortcuts.ts';
import { LogoMark, MenuIcon } from '../ui/icons.tsx';

export interface AppShellProps {
  sidebar: ReactNode;
  topBar: ReactNode;
  footer?: ReactNode;
  /** Under the page, across its width (the terminals): stays while the page changes. */
  dock?: ReactNode;
  children: ReactNode;
}

const NAV_ID = 'app-navigation';
/** Tailwind's `lg`: from here up the sidebar is in place, below it a drawer. */
const WIDE = '(min-width: 64rem)';

export function AppShell({ sidebar, topBar, footer, dock, children }: AppShellProps) {
  const { pathname } = useLocation();
  // The drawer is open on the page it was opened on: a navigation from anywhere (Back, the palette) closes it,
  // and Forward does not open it again.
  const [openOn, setOpenOn] = useState<string | undefined>(undefined);
  if (openOn !== undefined && openOn !== pathname) setOpenOn(undefined);
  const open = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);

  const close = useCallback((refocus: boolean) => {
    setOpenOn(undefined);
    if (refocus) menuButton.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    // Into the drawer once it shows, as a person reading it would go.
    drawer.current?.querySelector<HTMLElement>('nav a, nav button')?.focus();
    // Escape closes it wherever the focus is (a click on its text leaves the focus on the page), before the
    // page's own keys see it; a dialog opened from it takes its own Escape first.
    const onKey = (event: KeyboardEvent) => {
      if (!matchesShortcut(event, 'overlay.close') || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      event.stopPropagation();
      close(true);
    };
    window.addEventListener('keydown', onKey, true);
    // Widened past the drawer's width, the sidebar is back in place: nothing is left open to close.
    const wide = window.matchMedia(WIDE);
    const onWide = () => wide.matches && close(false);
    onWide();
    wide.addEventListener('change', onWide);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      wide.removeEventListener('change', onWide);
    };
  }, [open, close]);

  // A link followed closes it, the page's own too (which does not navigate), and the focus goes back to the
  // button rather than to nowhere; a link opened in another tab leaves it open.
  const onClick = (event: MouseEvent) => {
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (open && plain && event.target instanceof Element && event.target.closest('a[href]')) close(true);
  };
  // The focus going elsewhere closes it: to the page, the top bar's other controls. Not to the button, whose
  // click then closes it, and not into a dialog opened from it, which gives the focus back when it closes.
  const onBlur = (event: FocusEvent) => {
    const to = event.relatedTarget;
    if (!open || !(to instanceof Element) || drawer.current?.contains(to) || to === menuButton.current) return;
    if (to.closest('dialog')) return;
    close(false);
  };

  return (
    <div className="flex h-screen overflow-hidden bg-slate-50 text-slate-900">
      {open ? (
        <div
          aria-hidden="true"
          data-scrim=""
          className="fixed inset-x-0 top-14 bottom-0 z-[44] bg-slate-900/40 lg:hidden"
          onClick={() => close(false)}
        />
      ) : null}
      <aside
        ref={drawer}
        id={NAV_ID}
        onClick={onClick}
        onBlur={onBlur}
        className={clsx(
          'w-60 shrink-0 flex-col border-r border-slate-800 bg-slate-900 text-slate-300 lg:flex',
          // Under the top bar, so that its button stays where it was to close the drawer again.
          open
            ? 'flex max-lg:fixed max-lg:top-14 max-lg:bottom-0 max-lg:left-0 max-lg:z-[45] max-lg:shadow-2xl'
            : 'hidden',
        )}
      >
        <div className="flex h-14 shrink-0 items-center gap-2.5 border-b border-slate-800 px-4">
          <LogoMark className="size-7 text-indigo-500" />
          <Link to="/" className="text-[15px] font-semibold tracking-tight text-white">
            Nodus Console
          </Link>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{sidebar}</div>
        {footer ? <div className="border-t border-slate-800 px-4 py-3">{footer}</div> : null}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-4 max-sm:gap-1 max-sm:px-3">
          <button
            ref={menuButton}
            type="button"
            aria-label="Navigation"
            aria-expanded={open}
            aria-controls={NAV_ID}
            onClick={() => (open ? close(false) : setOpenOn(pathname))}
            className="-ml-1.5 shrink-0 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 lg:hidden"
          >
            <MenuIcon className="size-5" />
          </button>
          {topBar}
        </header>
        <main className="min-h-0 flex-1 overflow-y-auto">{children}</main>
        {dock}
      </div>
    </div>
  );
}
