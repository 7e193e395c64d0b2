/**
 * The actions on ticked rows (bulk-bar.tsx), kept out of the first view's JavaScript: they load in idle time
 * once the first rows are painted, or at the first tick. The count and Clear are drawn here, so they show at
 * once and keep their place (and the focus) when the actions arrive, which the bar draws into them; a row
 * menu's action waits for the code and then opens.
 */
import { useCallback, useImperativeHandle, useState, type ReactNode, type Ref } from 'react';
import { formatCount } from '@/lib/format.ts';
import { lazyPart } from '@/lib/lazy-part.tsx';
import type { TableItem } from '@/shared/printer-columns.ts';
import type { BulkAction } from '../table/bulk-plan.ts';
import type { BulkBarProps, BulkRequest } from './bulk-bar.tsx';

/** Opens an action's confirmation for these objects (a row's context menu), as the bar does for the ticked. */
export interface BulkActionsHandle {
  open: (action: BulkAction, objects: TableItem[]) => void;
}

const { Component: BulkBar } = lazyPart<BulkBarProps>(() => import('./bulk-bar.tsx').then((m) => m.BulkBar), {
  label: 'the actions for selected rows',
  neededWhen: (props) => props.selection.ids.size > 0 || props.request !== undefined,
});

export function BulkActions({
  ref,
  ...props
}: Omit<BulkBarProps, 'request' | 'onRequestTaken' | 'slot'> & { ref?: Ref<BulkActionsHandle> }) {
  const [request, setRequest] = useState<BulkRequest | undefined>(undefined);
  // Where the bar draws its buttons: an element inside the group, there while something is ticked.
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useImperativeHandle(ref, () => ({ open: (action, objects) => setRequest({ action, objects }) }), []);
  const taken = useCallback(() => setRequest(undefined), []);
  const count = props.selection.ids.size;
  return (
    <>
      {count > 0 ? (
        <SelectedGroup count={count} onClear={props.selection.clear}>
          <span ref={setSlot} className="contents" />
        </SelectedGroup>
      ) : null}
      <BulkBar {...props} slot={count > 0 ? slot : null} request={request} onRequestTaken={taken} />
    </>
  );
}

/** "3 selected · Clear", and the actions after it. */
export function SelectedGroup({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children?: ReactNode;
}) {
  return (
    <div role="group" aria-label="Selected rows" className="flex items-center gap-2">
      <span className="text-xs font-medium text-slate-700 tabular-nums">{formatCount(count)} selected</span>
      <button type="button" onClick={onClear} className="text-xs text-slate-500 hover:text-slate-800">
        Clear
      </button>
      <span className="h-4 w-px bg-slate-200" />
      {children}
    </div>
  );
}
