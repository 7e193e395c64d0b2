/**
 * The three-way view: what the person started from, what the server has now and their edit. Each field changed on
 * both sides to different values is a card to resolve, first; changes that do not overlap are listed apart as
 * merged; the result is shown against the server's copy before it is saved against the server's resourceVersion.
 */
import { DiffEditor } from '@/components/code-editor/index.ts';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { withoutServerFields } from '../model/merge/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { editableFieldsDiffer, toYaml } from '../model/edit-yaml.ts';
import type { EditSession } from '../model/use-edit-session.ts';
import { ConflictCard } from './conflict-card.tsx';
import { MERGED_BY, SideChip, ValueView } from './value-view.tsx';

export interface ConflictViewProps {
  session: EditSession;
  kindName: string;
  live: NodusObject | undefined;
  /** Why the key may not save (the API's access answer), if it may not. */
  refused?: string | undefined;
}

export function ConflictView({ session, kindName, live, refused }: ConflictViewProps) {
  const { merge, mergeResult: result } = session;
  if (!merge || !result) return null;
  const total = result.conflicts.length;
  const done = total - result.unresolved;
  const newer =
    live &&
    live.metadata.resourceVersion !== merge.theirs.metadata.resourceVersion &&
    live.metadata.uid === merge.theirs.metadata.uid &&
    editableFieldsDiffer(live, merge.theirs)
      ? live
      : undefined;

  return (
    <section aria-label="Merge your edit with the server's changes" className="space-y-5">
      <header className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3">
        <h3 className="text-sm font-semibold text-amber-950">
          {merge.origin === 'save-conflict'
            ? `Not saved yet: this ${kindName} changed on the server since you opened it`
            : `This ${kindName} changed on the server while you were editing`}
        </h3>
        <p className="mt-1 text-sm text-amber-900">
          You started from resourceVersion <code className="font-mono">{merge.base.metadata.resourceVersion}</code>; the
          server now has <code className="font-mono">{merge.theirs.metadata.resourceVersion}</code>. Changes that do not
          overlap are merged for you, as git would;
          {total === 1
            ? ' pick a value for the field you both changed, then save.'
            : total
              ? ` pick a value for each of the ${total} fields you both changed, then save.`
              : ' nothing overlaps, so you can save the merge as it is.'}
        </p>
        <div className="mt-2 flex flex-wrap gap-2" aria-label="Legend">
          <SideChip side="base" />
          <SideChip side="theirs" />
          <SideChip side="mine" />
        </div>
      </header>

      {newer ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-white px-4 py-3 text-sm"
        >
          <span className="text-slate-800">
            The server changed again (resourceVersion{' '}
            <code className="font-mono">{newer.metadata.resourceVersion}</code>).
          </span>
          <button
            type="button"
            onClick={() => session.mergeWithLatest(newer)}
            className="rounded-md bg-amber-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-amber-500"
          >
            Merge with the latest
          </button>
        </div>
      ) : null}

      {total ? (
        <section aria-labelledby="conflicts-title">
          <h4 id="conflicts-title" className="mb-2 text-sm font-semibold text-slate-900">
            Changed on both sides{' '}
            <span className="font-normal text-slate-500">
              · {done} of {total} resolved
            </span>
          </h4>
          <ul className="space-y-3" aria-label="Conflicts">
            {result.conflicts.map((c) => (
              <ConflictCard
                key={c.pathText}
                conflict={c}
                onResolve={(v) => session.resolve(c.pathText, v)}
                onReopen={() => session.unresolve(c.pathText)}
              />
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="merged-auto" className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <h4 id="merged-auto" className="border-b border-slate-100 px-4 py-2.5 text-sm font-semibold text-slate-900">
          Merged automatically
          {result.changes.length ? (
            <span className="font-normal text-slate-500">
              {' '}
              · {result.changes.length} field{result.changes.length === 1 ? '' : 's'}, no choice needed
            </span>
          ) : null}
        </h4>
        {result.changes.length ? (
          <ul className="divide-y divide-slate-100" aria-label="Merged automatically">
            {result.changes.map((c) => (
              <li
                key={`${c.by}:${c.pathText}`}
                className="grid grid-cols-[minmax(10rem,16rem)_1fr_auto] items-start gap-3 px-4 py-2 text-sm"
              >
                <code className="break-all font-mono text-[13px] text-slate-900">{c.pathText}</code>
                <span className="flex min-w-0 flex-wrap items-center gap-2">
                  <ValueView value={c.before} className="text-slate-500 line-through decoration-slate-400" />
                  <span aria-hidden className="text-slate-400">
                    →
                  </span>
                  <ValueView value={c.after} />
                </span>
                <span className={`text-xs font-medium ${MERGED_BY[c.by].className}`}>{MERGED_BY[c.by].text}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-4 py-3 text-sm text-slate-500">Nothing else changed.</p>
        )}
      </section>

      <section aria-labelledby="merge-result">
        <h4 id="merge-result" className="mb-2 text-sm font-semibold text-slate-900">
          What will be saved{' '}
          <span className="font-normal text-slate-500">· server now (left) against the merge (right)</span>
        </h4>
        <DiffEditor
          original={toYaml(withoutServerFields(merge.theirs))}
          modified={toYaml(withoutServerFields(result.merged))}
          ariaLabel="Server now against the merged result"
          height={280}
        />
      </section>

      {session.outcome?.type === 'failed' ? (
        <ErrorPanel error={session.outcome.error} title={`Could not save the merged ${kindName}`} />
      ) : null}

      <div className="sticky bottom-0 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white/95 py-3 backdrop-blur">
        <button
          type="button"
          onClick={() => {
            if (!refused) session.saveMerged();
          }}
          disabled={result.unresolved > 0 || session.saving}
          aria-disabled={refused ? true : undefined}
          aria-describedby={refused ? 'merged-save-refused' : undefined}
          className="rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-slate-300 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-300"
        >
          {session.saving ? 'Saving…' : 'Save merged'}
        </button>
        {refused ? (
          <span id="merged-save-refused" className="text-sm text-amber-800">
            {refused}
          </span>
        ) : result.unresolved > 0 ? (
          <span className="text-sm text-slate-600">
            Resolve {result.unresolved} more field{result.unresolved === 1 ? '' : 's'} to save.
          </span>
        ) : (
          <span className="text-sm text-slate-600">
            Saves against resourceVersion <code className="font-mono">{merge.theirs.metadata.resourceVersion}</code>.
          </span>
        )}
        <span className="flex-1" />
        <button
          type="button"
          onClick={session.editMerged}
          disabled={result.unresolved > 0}
          className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          Edit the merged YAML
        </button>
        <button
          type="button"
          onClick={session.closeMerge}
          className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Back to my edit
        </button>
      </div>
    </section>
  );
}
