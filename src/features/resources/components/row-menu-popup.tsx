/**
 * The row context menu itself (row-menu.tsx opens it): loaded the first time a menu opens, or warmed in idle time
 * after the first view; it takes the focus, keeps inside the window and closes on Escape or a click elsewhere.
 */
import { clsx } from 'clsx';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { LockIcon } from '@/components/ui/icons.tsx';
import type { KindInfo } from '@/data/client/index.ts';
import { matchesShortcut } from '@/lib/shortcuts.ts';
import type { TableItem } from '@/shared/printer-columns.ts';
import { useBulkCommands } from '../hooks/use-bulk-commands.ts';
import type { BulkAction } from '../table/bulk-plan.ts';

export interface Opened {
  id: string;
  object: TableItem;
  x: number;
  y: number;
}

/** Kept between the menu and the window's edges. */
const MARGIN = 8;

export interface RowMenuProps {
  kind: KindInfo;
  opened: Opened;
  onClose: (refocus: boolean) => void;
  onOpen: () => void;
  onRun: (action: BulkAction) => void;
}

export function RowMenu({ kind, opened, onClose, onOpen, onRun }: RowMenuProps) {
  const project = opened.object.metadata.namespace;
  const commands = useBulkCommands(kind, project, true);
  const menu = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState({ left: opened.x, top: opened.y, shown: false });
  const reasonId = useId();
  const name = opened.object.metadata.name ?? '';

  // Within the window: flipped left or up when there is no room to the right or below.
  useLayoutEffect(() => {
    const box = menu.current?.getBoundingClientRect();
    if (!box) return;
    const left = Math.max(MARGIN, Math.min(opened.x, window.innerWidth - box.width - MARGIN));
    const below = opened.y + box.height + MARGIN <= window.innerHeight;
    const top = below ? opened.y : Math.max(MARGIN, opened.y - box.height);
    setPlace({ left, top, shown: true });
  }, [opened.x, opened.y]);
  // Once placed (a hidden element takes no focus): the first item that can be chosen.
  useEffect(() => {
    if (place.shown) menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [place.shown]);

  // A press anywhere else, the window losing focus or resizing, or a scroll: the menu is done with.
  useEffect(() => {
    const away = (e: Event) => {
      if (!menu.current?.contains(e.target as Node)) onClose(false);
    };
    const done = () => onClose(false);
    document.addEventListener('pointerdown', away, true);
    document.addEventListener('scroll', away, true);
    window.addEventListener('blur', done);
    window.addEventListener('resize', done);
    return () => {
      document.removeEventListener('pointerdown', away, true);
      document.removeEventListener('scroll', away, true);
      window.removeEventListener('blur', done);
      window.removeEventListener('resize', done);
    };
  }, [onClose]);

  function move(e: KeyboardEvent<HTMLDivElement>) {
    const all = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => all[(i + all.length) % all.length]?.focus();
    if (matchesShortcut(e, 'menu.next')) go(at + 1);
    else if (matchesShortcut(e, 'menu.previous')) go(at < 0 ? -1 : at - 1);
    else if (matchesShortcut(e, 'menu.first')) go(0);
    else if (matchesShortcut(e, 'menu.last')) go(-1);
    else if (matchesShortcut(e, 'overlay.close') || matchesShortcut(e, 'menu.leave')) onClose(true);
    else return;
    e.preventDefault();
    e.stopPropagation();
  }

  return createPortal(
    <div
      ref={menu}
      role="menu"
      aria-label={`Actions for ${name}`}
      onKeyDown={move}
      onContextMenu={(e) => e.preventDefault()}
      style={{ left: place.left, top: place.top, visibility: place.shown ? 'visible' : 'hidden' }}
      className="fixed z-50 w-64 rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/5"
    >
      <p className="truncate border-b border-slate-100 px-3 pt-1 pb-1.5 text-xs text-slate-500">
        {kind.kind} <bdi className="font-mono font-medium text-slate-700">{name}</bdi>
      </p>
      <Item label="Open" onSelect={onOpen} />
      {commands.map((c, i) => (
        <Item
          key={c.action}
          label={c.label}
          reason={c.reason}
          reasonId={`${reasonId}-${i}`}
          hint={c.hint}
          danger={c.danger}
          locked={c.locked}
          onSelect={() => onRun(c.action)}
        />
      ))}
    </div>,
    document.body,
  );
}

function Item({
  label,
  reason,
  reasonId,
  hint,
  danger = false,
  locked = false,
  onSelect,
}: {
  label: string;
  reason?: string | undefined;
  reasonId?: string;
  hint?: string | undefined;
  danger?: boolean;
  locked?: boolean;
  onSelect: () => void;
}) {
  const off = reason !== undefined;
  const act = () => {
    if (!off) onSelect();
  };
  return (
    <div
      role="menuitem"
      tabIndex={-1}
      aria-disabled={off || undefined}
      aria-describedby={off ? reasonId : undefined}
      title={off ? reason : hint}
      onClick={act}
      onKeyDown={(e) => {
        if (matchesShortcut(e, 'menu.choose')) {
          e.preventDefault();
          act();
        }
      }}
      className={clsx(
        'mx-1 flex cursor-default flex-col rounded-md px-2 py-1.5 outline-none',
        off
          ? 'text-slate-400'
          : danger
            ? 'text-rose-700 hover:bg-rose-50 focus:bg-rose-50'
            : 'text-slate-700 hover:bg-slate-100 focus:bg-slate-100',
      )}
    >
      <span className="flex items-center gap-1.5">
        {locked ? <LockIcon className="size-3" /> : null}
        {label}
      </span>
      {off ? (
        <span id={reasonId} className="mt-0.5 text-xs leading-snug text-slate-500">
          {reason}
        </span>
      ) : null}
    </div>
  );
}
