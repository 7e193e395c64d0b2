/**
 * The files browser's questions: delete (saying what goes, and everything inside a folder), a new folder's
 * name, and whether to replace files an upload would write over.
 */
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog.tsx';
import { DialogFooter, secondaryButtonClass } from '@/components/ui/dialog-footer.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { nameProblem } from '../lib/paths.ts';
import type { FileItem } from '../lib/listing.ts';

export function DeleteEntryDialog({
  item,
  path,
  busy,
  error,
  onClose,
  onDelete,
}: {
  item: FileItem;
  path: string;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onDelete: () => void;
}) {
  const folder = item.type === 'directory';
  return (
    <Dialog open onClose={onClose} title={`Delete ${folder ? 'folder' : 'file'} ${item.name}?`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onDelete();
        }}
      >
        <div className="space-y-3 px-5 py-4 text-sm text-slate-600">
          <p>
            <code className="rounded bg-slate-100 px-1 font-mono text-xs break-all text-slate-800">{path}</code>{' '}
            {folder ? 'and everything in it are' : 'is'} removed. This cannot be undone.
          </p>
          {error ? <ErrorPanel error={error} title={`Could not delete ${item.name}`} compact /> : null}
        </div>
        <DialogFooter
          confirmLabel={busy ? 'Deleting…' : `Delete ${folder ? 'folder' : 'file'}`}
          danger
          confirmDisabled={busy}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

export function NewFolderDialog({
  folder,
  taken,
  busy,
  error,
  onClose,
  onCreate,
}: {
  folder: string;
  taken: ReadonlySet<string>;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onCreate: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = nameProblem(name) ?? (taken.has(name) ? `${name} is already in this folder.` : undefined);
  return (
    <Dialog open onClose={onClose} title="New folder" description={`In ${folder}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!problem) onCreate(name);
        }}
      >
        <div className="space-y-3 px-5 py-4 text-sm">
          <label className="block">
            <span className="font-medium text-slate-700">Name</span>
            <input
              autoFocus
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setTouched(true);
              }}
              aria-invalid={touched && problem !== undefined}
              aria-describedby="new-folder-problem"
              className="mt-1 block w-full rounded-md border border-slate-300 px-2.5 py-1.5 font-mono text-sm text-slate-900 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30"
            />
          </label>
          <p id="new-folder-problem" className="min-h-5 text-xs text-rose-700">
            {touched ? problem : null}
          </p>
          {error ? <ErrorPanel error={error} title={`Could not make the folder ${name}`} compact /> : null}
        </div>
        <DialogFooter confirmLabel={busy ? 'Creating…' : 'Create folder'} confirmDisabled={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export function ReplaceDialog({
  names,
  refused,
  onClose,
  onReplace,
  onSkip,
}: {
  names: readonly string[];
  /** Why the key may not write over a file here (the API's access answer); Replace is then off. */
  refused?: string | undefined;
  onClose: () => void;
  onReplace: () => void;
  /** Upload only the files that are new; undefined when every file is already there. */
  onSkip: (() => void) | undefined;
}) {
  const one = names.length === 1;
  return (
    <Dialog
      open
      onClose={onClose}
      title={one ? `Replace ${names[0]}?` : `Replace ${names.length} files?`}
      description={one ? 'A file with this name is already in this folder.' : 'These files are already in this folder.'}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!refused) onReplace();
        }}
      >
        <div className="px-5 py-4 text-sm text-slate-600">
          {one ? null : (
            <ul className="max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5 font-mono text-xs text-slate-800">
              {names.map((n) => (
                <li key={n} className="break-all">
                  {n}
                </li>
              ))}
            </ul>
          )}
          <p className={one ? undefined : 'mt-3'}>
            Replacing writes the new bytes over the old ones; the old ones are gone.
          </p>
          {refused ? (
            <p role="note" className="mt-3 rounded-md bg-amber-50 px-2.5 py-1.5 text-amber-900">
              {refused}
            </p>
          ) : null}
        </div>
        <DialogFooter
          confirmLabel={one ? 'Replace' : 'Replace all'}
          confirmDisabled={refused !== undefined}
          danger
          onCancel={onClose}
          extra={
            onSkip ? (
              <button type="button" onClick={onSkip} className={secondaryButtonClass}>
                Upload only new files
              </button>
            ) : null
          }
        />
      </form>
    </Dialog>
  );
}
