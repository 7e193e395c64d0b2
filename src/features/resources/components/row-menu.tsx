/**
 * A row's context menu: right click on a row, or the Menu key or Shift+F10 on the focused one. It offers what
 * the action bar offers (the same commands, off for the same reasons) for that one object, plus Open. The area
 * listens on the rows' container, so the rows themselves know nothing of it; a row is found by its data-uid.
 */
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { KindInfo } from '@/data/client/index.ts';
import { lazyPart } from '@/lib/lazy-part.tsx';
import { matchesShortcut } from '@/lib/shortcuts.ts';
import type { TableItem } from '@/shared/printer-columns.ts';
import type { Selection } from '../hooks/use-selection.ts';
import { objectKey } from '../table/snapshot-diff.ts';
import type { BulkActionsHandle } from './bulk-actions.tsx';
import type { Opened, RowMenuProps } from './row-menu-popup.tsx';

const ROW = '[role="row"][data-uid]';

// The menu's code comes with its first opening (or in idle time before): the table's first view needs none of it.
const { Component: RowMenu } = lazyPart<RowMenuProps>(() => import('./row-menu-popup.tsx').then((m) => m.RowMenu), {
  label: 'the row menu',
  overlay: true,
});

export function RowMenuArea({
  kind,
  items,
  selection,
  bulk,
  hrefOf,
  children,
}: {
  kind: KindInfo;
  items: () => readonly TableItem[];
  selection: Selection;
  bulk: RefObject<BulkActionsHandle | null>;
  hrefOf: (object: TableItem) => string;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState<Opened | undefined>(undefined);
  const area = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  function openAt(row: HTMLElement, x: number, y: number) {
    const id = row.dataset.uid ?? '';
    const object = items().find((o) => objectKey(o) === id);
    if (object) setOpened({ id, object, x, y });
  }

  /** Back to the row the menu was for, when it is still drawn. */
  function close(refocus: boolean) {
    const id = opened?.id;
    setOpened(undefined);
    if (refocus && id !== undefined) {
      area.current?.querySelector<HTMLElement>(`${ROW}[data-uid="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
    }
  }

  return (
    <div
      ref={area}
      className="flex min-h-0 flex-1 flex-col"
      onContextMenu={(e) => {
        const row = (e.target as HTMLElement).closest<HTMLElement>(ROW);
        if (!row) return;
        e.preventDefault();
        // The Menu key fires this too, at no pointer position: the menu then sits under the row.
        if (e.clientX === 0 && e.clientY === 0) {
          const box = row.getBoundingClientRect();
          openAt(row, box.left + 40, box.bottom);
        } else openAt(row, e.clientX, e.clientY);
      }}
      onKeyDown={(e) => {
        if (!matchesShortcut(e, 'list.rowMenu')) return;
        const row = (e.target as HTMLElement).closest<HTMLElement>(ROW);
        if (!row) return;
        e.preventDefault();
        const box = row.getBoundingClientRect();
        openAt(row, box.left + 40, box.bottom);
      }}
    >
      {children}
      {opened ? (
        <RowMenu
          key={`${opened.id}:${opened.x}:${opened.y}`}
          kind={kind}
          opened={opened}
          onClose={close}
          onOpen={() => {
            close(false);
            void navigate(hrefOf(opened.object));
          }}
          onRun={(action) => {
            close(false);
            // Ticked, so the bar says what the dialog acts on, and a failure stays ticked to try again.
            selection.select([opened.id]);
            bulk.current?.open(action, [opened.object]);
          }}
        />
      ) : null}
    </div>
  );
}
