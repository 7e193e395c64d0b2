/**
 * A folder's entries: folders first, then files, with size (rounded, the exact bytes on hover) and when each
 * changed. Past VIRTUALIZE_AT entries only the rows in view are drawn, so a folder of 50,000 files scrolls like one
 * of ten. Each file offers Download (with its progress in place of the button) and Delete.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { useRef, type ReactNode } from 'react';
import { FolderIcon } from '@/components/ui/icons.tsx';
import { TrashIcon } from '@/components/ui/action-icons.tsx';
import { formatAge, formatDateTime } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import { exactBytes, formatBytes } from '../lib/format-bytes.ts';
import type { FileItem } from '../lib/listing.ts';
import { percent, type ProgressSample } from '../lib/progress.ts';
import { DownloadIcon, FileIcon, XIcon } from './icons.tsx';

export const VIRTUALIZE_AT = 300;
const ROW_PX = 40;
const COLUMNS = 'grid grid-cols-[minmax(0,1fr)_6.5rem_7rem_5.5rem] items-center gap-3 px-4';

export interface RowActions {
  open: (item: FileItem) => void;
  download: (item: FileItem) => void;
  cancelDownload: (item: FileItem) => void;
  remove: (item: FileItem) => void;
  /** Why the key may not delete here (the API's access answer); Delete stays, off, saying so. */
  removeRefused?: string | undefined;
  /** A download of this entry in progress. */
  downloading: (item: FileItem) => ProgressSample | undefined;
  readOnly: boolean;
}

export function FileTable({
  items,
  actions,
  label,
}: {
  items: readonly FileItem[];
  actions: RowActions;
  label: string;
}) {
  // One clock for the table: a timer per row would re-render every row every second.
  const now = useNow(15_000);
  const header = (
    <div
      role="row"
      className={clsx(COLUMNS, 'h-8 border-b border-slate-100 bg-slate-50/60 text-xs font-medium text-slate-500')}
    >
      <span role="columnheader">Name</span>
      <span role="columnheader" className="text-right">
        Size
      </span>
      <span role="columnheader">Modified</span>
      <span role="columnheader" className="sr-only">
        Actions
      </span>
    </div>
  );
  return (
    <div role="table" aria-label={label} aria-rowcount={items.length + 1}>
      {header}
      {items.length > VIRTUALIZE_AT ? (
        <VirtualRows items={items} actions={actions} now={now} />
      ) : (
        <div role="rowgroup">
          {items.map((item, index) => (
            <Row key={item.name} item={item} index={index} actions={actions} now={now} />
          ))}
        </div>
      )}
    </div>
  );
}

function VirtualRows({ items, actions, now }: { items: readonly FileItem[]; actions: RowActions; now: number }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 12,
  });
  return (
    <div ref={scroller} role="rowgroup" className="max-h-[32rem] overflow-y-auto" data-testid="file-rows-virtual">
      <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div key={row.key} className="absolute inset-x-0" style={{ top: row.start, height: ROW_PX }}>
            <Row item={items[row.index]!} index={row.index} actions={actions} now={now} />
          </div>
        ))}
      </div>
    </div>
  );
}

function Row({ item, index, actions, now }: { item: FileItem; index: number; actions: RowActions; now: number }) {
  const folder = item.type === 'directory';
  const progress = folder ? undefined : actions.downloading(item);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={clsx(COLUMNS, 'group h-10 border-b border-slate-100 text-sm last:border-b-0 hover:bg-slate-50')}
    >
      <span role="cell" className="flex min-w-0 items-center gap-2">
        {folder ? (
          <FolderIcon className="size-4 shrink-0 text-indigo-500" />
        ) : (
          <FileIcon className="size-4 shrink-0 text-slate-400" />
        )}
        {folder ? (
          <button
            type="button"
            onClick={() => actions.open(item)}
            className="truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline"
          >
            <bdi>{item.name}</bdi>
          </button>
        ) : (
          <bdi className="truncate text-slate-800">{item.name}</bdi>
        )}
        {item.mount ? (
          <span
            title={`Volume ${item.mount.volume} is mounted here${item.mount.readOnly ? ', read-only' : ''}`}
            className="shrink-0 rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700"
          >
            Volume <bdi>{item.mount.volume}</bdi>
            {item.mount.readOnly ? ' · read-only' : ''}
          </span>
        ) : null}
      </span>
      <span role="cell" className="text-right text-slate-600 tabular-nums">
        {folder ? (
          <span className="text-slate-400">—</span>
        ) : (
          <span title={exactBytes(item.size)}>{formatBytes(item.size)}</span>
        )}
      </span>
      <span role="cell" className="text-slate-500">
        <time dateTime={item.modified} title={formatDateTime(item.modified)}>
          {formatAge(item.modified, Math.max(now, Date.parse(item.modified) || now))} ago
        </time>
      </span>
      <span role="cell" className="flex items-center justify-end gap-1">
        {progress ? (
          <DownloadProgress progress={progress} name={item.name} onCancel={() => actions.cancelDownload(item)} />
        ) : (
          <>
            {folder ? null : (
              <IconButton label={`Download ${item.name}`} onClick={() => actions.download(item)}>
                <DownloadIcon className="size-4" />
              </IconButton>
            )}
            {actions.readOnly || item.mount ? null : (
              <IconButton
                label={`Delete ${item.name}`}
                onClick={() => actions.remove(item)}
                danger
                off={actions.removeRefused}
              >
                <TrashIcon className="size-4" />
              </IconButton>
            )}
          </>
        )}
      </span>
    </div>
  );
}

function DownloadProgress({
  progress,
  name,
  onCancel,
}: {
  progress: ProgressSample;
  name: string;
  onCancel: () => void;
}) {
  const pct = percent(progress);
  return (
    <span className="flex items-center gap-1.5" role="status" aria-label={`Downloading ${name}`}>
      <span className="relative h-1.5 w-12 overflow-hidden rounded-full bg-slate-200">
        <span
          className={clsx(
            'absolute inset-y-0 left-0 rounded-full bg-indigo-500',
            pct === undefined && 'w-1/3 animate-pulse',
          )}
          style={pct === undefined ? undefined : { width: `${pct}%` }}
        />
      </span>
      <IconButton label={`Cancel the download of ${name}`} onClick={onCancel}>
        <XIcon className="size-3.5" />
      </IconButton>
    </span>
  );
}

function IconButton({
  label,
  onClick,
  danger,
  off,
  children,
}: {
  label: string;
  onClick: () => void;
  danger?: boolean;
  /** Why it is off: its title, hence its description (a row has no room for a tooltip of its own). */
  off?: string | undefined;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={off ?? label}
      aria-disabled={off ? true : undefined}
      onClick={() => {
        if (!off) onClick();
      }}
      className={clsx(
        'rounded-md p-1.5 text-slate-400 opacity-70 group-hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-500',
        off
          ? 'cursor-not-allowed opacity-40 group-hover:opacity-40'
          : danger
            ? 'hover:bg-rose-50 hover:text-rose-600'
            : 'hover:bg-slate-100 hover:text-slate-700',
      )}
    >
      {children}
    </button>
  );
}
