/** The notes above the editor: a restored draft, a change on the server while editing, and a save's answer. */
import { CheckIcon } from '@/components/ui/icons.tsx';
import type { MergeResult } from '../model/merge/index.ts';
import { formatDateTime } from '@/lib/format.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { toYaml } from '../model/edit-yaml.ts';
import { MERGED_BY, ValueView } from './value-view.tsx';

export function RestoredNotice({
  savedAt,
  baseRv,
  onDiscard,
}: {
  savedAt: string;
  baseRv: string | undefined;
  onDiscard: () => void;
}) {
  const when = savedAt ? formatDateTime(savedAt) : 'earlier';
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-2.5 text-sm text-indigo-950"
    >
      <span>
        Restored your unsaved edit from {when} (started from resourceVersion <code className="font-mono">{baseRv}</code>
        ).
      </span>
      <button type="button" onClick={onDiscard} className="text-xs font-medium text-indigo-700 hover:underline">
        Discard my edit
      </button>
    </div>
  );
}

export interface LiveChangeNoticeProps {
  kindName: string;
  theirs: NodusObject;
  preview: MergeResult<NodusObject> | undefined;
  onReview: () => void;
}

/** How many fields each list of the notice names; the three-way view lists them all. */
const NOTICE_ROWS = 5;

/**
 * The watch shows the server's copy moved in fields the person can edit, while they have unsaved work. The count
 * and the first list name only the fields changed on both sides to different values; what merges by itself (the
 * server's changes, and changes both made alike) is listed apart, so it is never read as a conflict.
 */
export function LiveChangeNotice({ kindName, theirs, preview, onReview }: LiveChangeNoticeProps) {
  const conflicts = preview?.conflicts ?? [];
  const merged = preview?.changes.filter((c) => c.by !== 'mine') ?? [];
  const overlaps = conflicts.length;
  return (
    <section
      role="status"
      aria-label="Changed on the server"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-amber-950">
            Someone changed this {kindName} while you were editing (now resourceVersion{' '}
            <code className="font-mono">{theirs.metadata.resourceVersion}</code>).
          </p>
          <p className="mt-0.5 text-amber-900">
            {!preview
              ? 'Fix the YAML error below to see how your edit merges with it.'
              : overlaps
                ? `${overlaps} field${overlaps === 1 ? '' : 's'} changed on both sides, to different values, and need${overlaps === 1 ? 's' : ''} your choice before saving:`
                : 'Nothing overlaps with your edit: saving merges both.'}
          </p>
        </div>
        <button
          type="button"
          onClick={onReview}
          disabled={!preview}
          className="shrink-0 rounded-md bg-amber-600 px-3 py-1.5 text-xs font-semibold text-white shadow-sm hover:bg-amber-500 disabled:opacity-50"
        >
          Review and merge
        </button>
      </div>
      {overlaps ? (
        <ul className="mt-1.5 space-y-1" aria-label="Changed on both sides">
          {conflicts.slice(0, NOTICE_ROWS).map((c) => (
            <li
              key={c.pathText}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 rounded-md border border-rose-200 bg-white px-2.5 py-1.5"
            >
              <code className="font-mono text-[13px] font-semibold text-slate-900">{c.pathText}</code>
              <span className="flex items-baseline gap-1.5 text-xs text-amber-800">
                server now <ValueView value={c.theirs} className="inline" />
              </span>
              <span className="flex items-baseline gap-1.5 text-xs text-indigo-700">
                your edit <ValueView value={c.mine} className="inline" />
              </span>
            </li>
          ))}
          <MoreRows count={overlaps - NOTICE_ROWS} />
        </ul>
      ) : null}
      {merged.length ? (
        <div className="mt-2.5">
          <p className="text-xs font-semibold uppercase tracking-wide text-amber-900">
            Merged automatically · no choice needed
          </p>
          <ul className="mt-1 space-y-0.5 text-amber-950" aria-label="Merged automatically">
            {merged.slice(0, NOTICE_ROWS).map((c) => (
              <li key={`${c.by}:${c.pathText}`} className="flex flex-wrap items-baseline gap-x-2">
                <code className="font-mono text-[13px]">{c.pathText}</code>
                <ValueView value={c.after} className="inline" />
                <span className={`text-xs ${MERGED_BY[c.by].className}`}>{MERGED_BY[c.by].text}</span>
              </li>
            ))}
            <MoreRows count={merged.length - NOTICE_ROWS} />
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function MoreRows({ count }: { count: number }) {
  return count > 0 ? <li className="text-xs text-amber-900">and {count} more, in Review and merge</li> : null;
}

/** As kubectl shows an object: without who set which field. */
function withoutManagedFields(object: NodusObject): NodusObject {
  const { managedFields: _managed, ...metadata } = object.metadata;
  return { ...object, metadata };
}

export function SavedNotice({
  object,
  fromRv,
  mergedFromServer,
  onDismiss,
}: {
  object: NodusObject;
  fromRv: string | undefined;
  mergedFromServer: { pathText: string; after: unknown }[];
  onDismiss: () => void;
}) {
  return (
    <section
      role="status"
      aria-label="Saved"
      className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-950"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="flex items-center gap-1.5 font-semibold">
          <CheckIcon className="size-4 text-emerald-700" />
          Saved. resourceVersion <code className="font-mono">{fromRv}</code> →{' '}
          <code className="font-mono">{object.metadata.resourceVersion}</code>
          {object.metadata.generation !== undefined ? (
            <span className="font-normal text-emerald-800">· generation {object.metadata.generation}</span>
          ) : null}
        </p>
        <button type="button" onClick={onDismiss} className="text-xs font-medium text-emerald-800 hover:underline">
          Dismiss
        </button>
      </div>
      {mergedFromServer.length ? (
        <div className="mt-1.5">
          <p>Merged with changes made on the server meanwhile (kept as they are):</p>
          <ul className="mt-1 space-y-0.5" aria-label="Merged from the server">
            {mergedFromServer.map((c) => (
              <li key={c.pathText} className="flex flex-wrap items-baseline gap-2">
                <code className="font-mono text-[13px]">{c.pathText}</code>
                <ValueView value={c.after} className="inline" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-xs font-medium text-emerald-800">The server&apos;s answer</summary>
        <pre className="mt-1 max-h-72 overflow-auto rounded-md bg-white/70 p-2 font-mono text-xs text-slate-800">
          {toYaml(withoutManagedFields(object))}
        </pre>
      </details>
    </section>
  );
}
