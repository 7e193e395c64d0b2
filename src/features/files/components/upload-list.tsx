/**
 * The uploads into one tree, each with its progress (bytes, speed, time left) and Cancel; a failed one says why
 * with the API's Status (a full Volume's reason, fix and requestId) and offers Retry with the same bytes.
 */
import { clsx } from 'clsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { CheckIcon } from '@/components/ui/icons.tsx';
import { cancelUpload, dismissUploads, isActive, retryUpload, type Upload } from '../api/uploads.ts';
import { describeProgress, percent } from '../lib/progress.ts';
import { UploadIcon, XIcon } from './icons.tsx';

export function UploadList({ uploads, treeKey }: { uploads: readonly Upload[]; treeKey: string }) {
  if (uploads.length === 0) return null;
  const active = uploads.filter(isActive).length;
  return (
    <section aria-label="Uploads" className="border-b border-slate-100 bg-slate-50/50">
      <header className="flex items-center justify-between px-4 pt-2.5 pb-1 text-xs">
        <span className="font-medium text-slate-700">
          {active > 0 ? `Uploading ${active} of ${uploads.length}` : `Uploads (${uploads.length})`}
        </span>
        {uploads.length > active ? (
          <button
            type="button"
            onClick={() => dismissUploads(treeKey)}
            className="font-medium text-slate-500 hover:text-slate-800"
          >
            Clear finished
          </button>
        ) : null}
      </header>
      <ul className="space-y-1 px-4 pb-2.5">
        {uploads.map((u) => (
          <UploadRow key={u.id} upload={u} />
        ))}
      </ul>
    </section>
  );
}

export function UploadRow({ upload, compact }: { upload: Upload; compact?: boolean }) {
  const pct = percent({ done: upload.sent, total: upload.size });
  const failed = upload.phase === 'failed';
  return (
    <li aria-label={`Upload of ${upload.name}`} className="rounded-md bg-white px-3 py-2 ring-1 ring-slate-200">
      <div className="flex items-center gap-3 text-sm">
        <UploadIcon
          className={clsx(
            'size-4 shrink-0',
            failed ? 'text-rose-500' : upload.phase === 'done' ? 'text-emerald-600' : 'text-indigo-500',
          )}
        />
        <bdi className="min-w-0 flex-1 truncate font-medium text-slate-800" title={upload.path}>
          {upload.name}
        </bdi>
        <span className="shrink-0 text-xs text-slate-500 tabular-nums" role="status">
          {statusText(upload)}
        </span>
        <span className="flex shrink-0 items-center gap-1">
          {isActive(upload) ? (
            <button
              type="button"
              onClick={() => cancelUpload(upload.id)}
              className="rounded-md border border-slate-200 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50"
            >
              Cancel
            </button>
          ) : null}
          {/* A failure's own panel offers Retry beside its reason; the tray's short line does not. */}
          {(failed && compact) || upload.phase === 'cancelled' ? (
            <button
              type="button"
              onClick={() => retryUpload(upload.id)}
              className="rounded-md border border-slate-200 bg-white px-2 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
            >
              Retry
            </button>
          ) : null}
          {upload.phase === 'done' ? <CheckIcon className="size-4 text-emerald-600" aria-label="Uploaded" /> : null}
          {!isActive(upload) ? (
            <button
              type="button"
              aria-label={`Dismiss ${upload.name}`}
              title="Dismiss"
              onClick={() => dismissUploads(upload.key, upload.id)}
              className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
            >
              <XIcon className="size-3.5" />
            </button>
          ) : null}
        </span>
      </div>
      {upload.phase === 'uploading' || upload.phase === 'queued' ? (
        <div
          role="progressbar"
          aria-label={`Uploading ${upload.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct ?? 0}
          className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full rounded-full bg-indigo-500 transition-[width]" style={{ width: `${pct ?? 0}%` }} />
        </div>
      ) : null}
      {failed && compact ? (
        <p className="mt-1 text-xs break-words text-rose-700">
          <bdi>{errorMessage(upload.error)}</bdi>
        </p>
      ) : null}
      {failed && !compact ? (
        <ErrorPanel
          className="mt-2"
          error={upload.error}
          title={`Could not upload ${upload.name}`}
          onRetry={() => retryUpload(upload.id)}
          compact
        />
      ) : null}
    </li>
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function statusText(upload: Upload): string {
  switch (upload.phase) {
    case 'queued':
      return 'Waiting…';
    case 'uploading':
      return `${describeProgress({ done: upload.sent, total: upload.size, startedAt: upload.startedAt, at: upload.at })} · ${percent({ done: upload.sent, total: upload.size }) ?? 0}%`;
    case 'done':
      return 'Uploaded';
    case 'cancelled':
      return 'Cancelled';
    case 'failed':
      return 'Failed';
  }
}
