/**
 * The delete confirmation says exactly what goes: the object; while its finalizers clear, that it stays
 * (Cancelling or Terminating) and is billed until then; and for an owner (a Pipeline), each object it owns,
 * unless "Keep its Jobs (orphan)" is ticked, which sends propagationPolicy Orphan.
 */
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog.tsx';
import { PhaseBadge } from '@/components/ui/phase-badge.tsx';
import type { NodusObject } from '@/shared/protocol.ts';
import type { Propagation } from '../api/object-writes.ts';
import { explainFinalizer } from '../model/finalizers.ts';
import { DialogFooter } from '@/components/ui/dialog-footer.tsx';

export interface OwnedObjects {
  kind: string;
  items: readonly NodusObject[];
  /** The list has arrived (until then the count is not known). */
  synced: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function DeleteDialog({
  kind,
  object,
  owned,
  onClose,
  onDelete,
}: {
  kind: string;
  object: NodusObject;
  owned: OwnedObjects | undefined;
  onClose: () => void;
  onDelete: (propagation: Propagation) => void;
}) {
  const [orphan, setOrphan] = useState(false);
  const name = object.metadata.name ?? '';
  const finalizers = object.metadata.finalizers ?? [];
  const n = owned?.items.length ?? 0;
  const children = owned ? plural(n, owned.kind) : '';
  const confirm =
    !owned || n === 0
      ? `Delete ${kind} ${name}`
      : orphan
        ? `Delete ${kind}, keep its ${children}`
        : `Delete ${kind} and its ${children}`;
  return (
    <Dialog open onClose={onClose} title={`Delete ${kind} ${name}?`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onDelete(orphan ? 'Orphan' : 'Background');
        }}
      >
        <div className="space-y-3 px-5 py-4 text-sm text-slate-600">
          <p>
            <strong className="font-medium text-slate-900">
              {kind} {name}
            </strong>{' '}
            is stopped, then removed. This cannot be undone.
          </p>
          {finalizers.length ? (
            <div>
              <p>
                It stays, marked as deleting, until{' '}
                {finalizers.length === 1 ? 'its finalizer clears' : 'its finalizers clear'}:
              </p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {finalizers.map((f) => (
                  <li key={f}>
                    <code className="rounded bg-slate-100 px-1 font-mono text-xs text-slate-800">{f}</code>:{' '}
                    {explainFinalizer(f).waiting}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {owned ? (
            <section
              aria-label={`Its ${owned.kind}s`}
              className="rounded-md bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-600/20 ring-inset"
            >
              {!owned.synced ? (
                <p>Looking up the {owned.kind}s it owns…</p>
              ) : n === 0 ? (
                <p>It owns no {owned.kind}s now.</p>
              ) : (
                <>
                  <p>
                    {orphan ? (
                      <>
                        Its <strong className="font-semibold">{children}</strong> stay, no longer owned by it:
                      </>
                    ) : (
                      <>
                        Its <strong className="font-semibold">{children}</strong> {n === 1 ? 'is' : 'are'} deleted with
                        it:
                      </>
                    )}
                  </p>
                  <ul aria-label={`${owned.kind}s it owns`} className="mt-1.5 max-h-40 space-y-1 overflow-y-auto">
                    {owned.items.map((o) => (
                      <li key={o.metadata.uid ?? o.metadata.name} className="flex items-center justify-between gap-3">
                        <span
                          className={
                            orphan ? 'font-mono text-xs' : 'font-mono text-xs line-through decoration-rose-500/70'
                          }
                        >
                          {o.metadata.name}
                        </span>
                        <PhaseBadge phase={o.status?.phase} />
                      </li>
                    ))}
                  </ul>
                  <label className="mt-2.5 flex items-center gap-2 border-t border-amber-600/15 pt-2 font-medium">
                    <input
                      type="checkbox"
                      checked={orphan}
                      onChange={(e) => setOrphan(e.target.checked)}
                      className="size-4 rounded border-slate-300 text-indigo-600"
                    />
                    Keep its {owned.kind}s (orphan)
                  </label>
                </>
              )}
            </section>
          ) : null}
        </div>
        <DialogFooter confirmLabel={confirm} danger onCancel={onClose} />
      </form>
    </Dialog>
  );
}
