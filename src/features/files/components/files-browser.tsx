/**
 * The files of a Volume or a Sandbox (any kind whose facts say `files`): the folder in the URL (`?path=`) with its
 * breadcrumb, a Volume's use against its size, Upload (picker or drop anywhere on the card) with each file's
 * progress, New folder, and per entry Download and Delete. When the tree cannot be read (a Sandbox that is not
 * Running) the API's Status says why instead of an empty folder.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchState } from '@/lib/use-search-state.ts';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { RefreshIcon } from '@/components/ui/icons.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import type { KindInfo } from '@/data/client/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { deleteEntry, invalidateTree, makeFolder } from '../api/file-writes.ts';
import { useFileList } from '../api/list-files.ts';
import { targetKey, type FilesTarget } from '../api/target.ts';
import { startUploads, useUploads, useShowUploads, type NewUpload } from '../api/uploads.ts';
import { refusalOf, useFilesAccess } from '../api/use-files-access.ts';
import { exactBytes, formatBytes, GIB } from '../lib/format-bytes.ts';
import { formatCount } from '@/lib/format.ts';
import { existingFiles, sortItems, type FileItem } from '../lib/listing.ts';
import { crumbsOf, joinPath, normalisePath } from '../lib/paths.ts';
import { DeleteEntryDialog, NewFolderDialog, ReplaceDialog } from './dialogs.tsx';
import { DropZone } from './drop-zone.tsx';
import { FileTable } from './file-table.tsx';
import { FolderPlusIcon, UploadIcon } from './icons.tsx';
import { UploadList } from './upload-list.tsx';
import { UsageBar } from './usage-bar.tsx';
import { WriteButton } from './write-button.tsx';
import { useDownloads } from './use-downloads.ts';

export interface FilesBrowserProps {
  kind: KindInfo;
  project: string;
  name: string;
  /** The object now: a Volume's size and use come from it until the listing says more exactly. */
  object: NodusObject;
}

type Pending =
  { kind: 'delete'; item: FileItem } | { kind: 'folder' } | { kind: 'replace'; files: NewUpload[]; taken: string[] };

export function FilesBrowser({ kind, project, name, object }: FilesBrowserProps) {
  const target: FilesTarget = { kind, project, name };
  const key = targetKey(target);
  const [search, setSearch] = useSearchState();
  const path = normalisePath(search.get('path') ?? '/');
  const listing = useFileList(target, path);
  const uploads = useUploads(key);
  useShowUploads(key);
  const queryClient = useQueryClient();
  const downloads = useDownloads(target);
  const picker = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [writeError, setWriteError] = useState<unknown>(undefined);
  const access = useFilesAccess(target);
  // A drop or a pick the key may not upload says why, where the files would have gone.
  const [dropRefused, setDropRefused] = useState<string>();
  useEffect(() => setWriteError(undefined), [pending]);
  // A Sandbox that could not be read while it started can be once it runs: ask again when its phase moves.
  const phase = typeof object.status?.phase === 'string' ? object.status.phase : undefined;
  const latest = useRef(listing);
  latest.current = listing;
  useEffect(() => {
    if (latest.current.isError) void latest.current.refetch();
  }, [phase]);

  const go = (to: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (to === '/') next.delete('path');
      else next.set('path', to);
      return next;
    });

  const items = listing.data ? sortItems(listing.data.items) : [];
  const canWrite = listing.isSuccess && listing.data.mount?.readOnly !== true;

  function queue(files: NewUpload[]) {
    if (files.length === 0) return;
    const refused = refusalOf(access.add);
    setDropRefused(refused);
    if (refused) return;
    const there = existingFiles(listing.data);
    const taken = files.map((f) => f.name).filter((n) => there.has(n));
    if (taken.length > 0) setPending({ kind: 'replace', files, taken });
    else startUploads(queryClient, target, path, files);
  }

  async function write(action: () => Promise<void>) {
    setBusy(true);
    setWriteError(undefined);
    try {
      await action();
      await invalidateTree(queryClient, target);
      setPending(undefined);
    } catch (error) {
      setWriteError(error);
    } finally {
      setBusy(false);
    }
  }

  const usage = listing.data?.usage;
  // Until the listing says, a Volume's own figures (a Sandbox has none: its bar shows inside a mounted Volume).
  const used = usage?.usedBytes ?? gib(object.status?.usedGiB);
  const capacity = usage?.capacityBytes ?? (used === undefined ? undefined : gib(object.spec?.sizeGiB));
  const readOnly = listing.data?.mount?.readOnly === true;

  return (
    <section aria-label="Files" className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-2.5">
        <nav aria-label="Folder" className="min-w-0">
          <ol className="flex flex-wrap items-center gap-1 text-sm">
            {crumbsOf(path, name).map((crumb, i, all) => (
              <li key={crumb.path} className="flex min-w-0 items-center gap-1">
                {i > 0 ? <span className="text-slate-300">/</span> : null}
                {i === all.length - 1 ? (
                  <bdi aria-current="location" className="truncate font-semibold text-slate-900">
                    {crumb.name}
                  </bdi>
                ) : (
                  <button
                    type="button"
                    onClick={() => go(crumb.path)}
                    className="truncate font-medium text-indigo-600 hover:text-indigo-500 hover:underline"
                  >
                    <bdi>{crumb.name}</bdi>
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => void listing.refetch()}
            aria-label="Refresh the folder"
            title="Refresh the folder"
            className="rounded-md border border-slate-200 bg-white p-1.5 text-slate-500 hover:bg-slate-50 hover:text-slate-800"
          >
            <RefreshIcon className={listing.isFetching ? 'size-4 animate-spin' : 'size-4'} />
          </button>
          <WriteButton
            label="New folder"
            icon={<FolderPlusIcon className="size-4" />}
            refused={refusalOf(access.add)}
            locked={!access.add.allowed && !access.add.pending}
            disabled={!canWrite}
            onClick={() => setPending({ kind: 'folder' })}
          />
          <WriteButton
            label="Upload"
            primary
            icon={<UploadIcon className="size-4" />}
            refused={refusalOf(access.add)}
            locked={!access.add.allowed && !access.add.pending}
            disabled={!canWrite}
            onClick={() => picker.current?.click()}
          />
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            aria-label="Files to upload"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])].map((f) => ({ name: f.name, body: f }));
              event.target.value = '';
              queue(files);
            }}
          />
        </div>
      </header>
      {used !== undefined && capacity !== undefined ? (
        <UsageBar used={used} capacity={capacity} volume={usage && usage.volume !== name ? usage.volume : undefined} />
      ) : null}
      {readOnly ? (
        <p className="border-b border-slate-100 bg-amber-50/60 px-4 py-2 text-xs text-amber-800">
          Volume <bdi className="font-mono">{listing.data?.mount?.volume}</bdi> is mounted read-only here: write to it
          from its own page, or mount it without readOnly.
        </p>
      ) : null}
      {dropRefused ? (
        <p role="alert" className="border-b border-amber-100 bg-amber-50 px-4 py-2 text-xs text-amber-900">
          Nothing was uploaded. {dropRefused}
        </p>
      ) : null}
      <UploadList uploads={uploads} treeKey={key} />
      <DropZone enabled={canWrite} folder={path} onFiles={queue}>
        {listing.isPending ? (
          <div role="status" aria-busy="true" aria-label="Loading the folder" className="space-y-2 px-4 py-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-3/5" />
          </div>
        ) : listing.isError ? (
          <ErrorPanel
            embedded
            error={listing.error}
            title={
              path === '/'
                ? `Could not read the files of ${kind.kind} ${name}`
                : `Could not read ${path} of ${kind.kind} ${name}`
            }
            onRetry={() => void listing.refetch()}
            retrying={listing.isFetching}
          />
        ) : items.length === 0 ? (
          <div className="px-6 py-12 text-center">
            <p className="text-sm font-semibold text-slate-900">This folder is empty</p>
            <p className="mt-1 text-sm text-slate-500">
              {canWrite ? 'Drop files here, or choose Upload.' : 'It is read-only here.'}
            </p>
          </div>
        ) : (
          <FileTable
            items={items}
            label={`Files in ${path}`}
            actions={{
              open: (item) => go(joinPath(path, item.name)),
              download: (item) => downloads.start(joinPath(path, item.name), item.name),
              cancelDownload: (item) => downloads.cancel(joinPath(path, item.name)),
              downloading: (item) => downloads.progress.get(joinPath(path, item.name)),
              remove: (item) => setPending({ kind: 'delete', item }),
              removeRefused: refusalOf(access.remove),
              readOnly,
            }}
          />
        )}
      </DropZone>
      {items.length > 0 ? <Totals items={items} /> : null}
      {downloads.error ? (
        <div className="border-t border-slate-100 p-3">
          <ErrorPanel
            error={downloads.error.error}
            title={`Could not download ${downloads.error.name}`}
            onRetry={downloads.retry}
          />
        </div>
      ) : null}
      {pending?.kind === 'delete' ? (
        <DeleteEntryDialog
          item={pending.item}
          path={joinPath(path, pending.item.name)}
          busy={busy}
          error={writeError}
          onClose={() => setPending(undefined)}
          onDelete={() =>
            void write(() => deleteEntry(target, joinPath(path, pending.item.name), pending.item.type === 'directory'))
          }
        />
      ) : null}
      {pending?.kind === 'folder' ? (
        <NewFolderDialog
          folder={path}
          taken={new Set(items.map((i) => i.name))}
          busy={busy}
          error={writeError}
          onClose={() => setPending(undefined)}
          onCreate={(folder) => void write(() => makeFolder(target, joinPath(path, folder)))}
        />
      ) : null}
      {pending?.kind === 'replace' ? (
        <ReplaceDialog
          names={pending.taken}
          refused={refusalOf(access.replace)}
          onClose={() => setPending(undefined)}
          onReplace={() => {
            startUploads(queryClient, target, path, pending.files);
            setPending(undefined);
          }}
          onSkip={
            pending.taken.length < pending.files.length
              ? () => {
                  const taken = new Set(pending.taken);
                  startUploads(
                    queryClient,
                    target,
                    path,
                    pending.files.filter((f) => !taken.has(f.name)),
                  );
                  setPending(undefined);
                }
              : undefined
          }
        />
      ) : null}
    </section>
  );
}

/** What the folder holds, at the foot of its list. */
function Totals({ items }: { items: readonly FileItem[] }) {
  let folders = 0;
  let bytes = 0;
  for (const item of items) {
    if (item.type === 'directory') folders++;
    else bytes += item.size;
  }
  const files = items.length - folders;
  const count = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
  return (
    <p className="border-t border-slate-100 bg-slate-50/60 px-4 py-2 text-xs text-slate-500 tabular-nums">
      {count(folders, 'folder')} · {count(files, 'file')} · <span title={exactBytes(bytes)}>{formatBytes(bytes)}</span>{' '}
      in files here
    </p>
  );
}

function gib(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? Math.round(n * GIB) : undefined;
}
