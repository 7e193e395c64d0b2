/**
 * Deleting a project takes everything in it, so the dialog says exactly what goes and asks for the project's
 * name before the button works. The API stops running work and posts final charges first; the project shows
 * Terminating until then.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { useDeleteProject } from '../api/project-writes.ts';
import { SlowNote } from '@/components/ui/slow-note.tsx';

export function DeleteProjectDialog({
  project,
  contents,
  onClose,
}: {
  project: string;
  contents: string[];
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteProject();
  const inputId = useId();
  const matches = typed === project;

  // isPending reaches the button only after a render: without this flag a double-click sends two DELETEs.
  const submitting = useRef(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!matches || submitting.current) return;
    submitting.current = true;
    remove.mutate(project, {
      onSuccess: onClose,
      onSettled: () => {
        submitting.current = false;
      },
    });
  }

  return (
    <Dialog open onClose={onClose} title={`Delete project ${project}`}>
      <form onSubmit={submit} className="space-y-4 px-5 py-4 text-sm">
        <div className="space-y-2 text-slate-700">
          <p>
            This deletes the project <strong className="font-mono">{project}</strong> and everything in it
            {contents.length ? `: ${contents.join(', ')}` : ''}.
          </p>
          <p>
            Running work is stopped and its final charges post before anything goes; until then the project shows
            Terminating. It cannot be undone.
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor={inputId} className="block font-medium text-slate-700">
            Type <span className="font-mono">{project}</span> to confirm
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            className="w-full rounded-md border border-slate-300 px-2.5 py-1.5 font-mono shadow-sm focus:border-rose-500 focus:outline-none focus:ring-2 focus:ring-rose-500/20"
          />
        </div>
        {remove.isError ? <ErrorPanel error={remove.error} title={`Could not delete project ${project}`} /> : null}
        <div className="flex justify-end gap-2">
          <SlowNote busy={remove.isPending} className="mr-auto" />
          <button
            type="button"
            onClick={onClose}
            className="rounded-md px-3 py-1.5 font-medium text-slate-600 hover:bg-slate-100"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={!matches || remove.isPending}
            className="rounded-md bg-rose-600 px-3 py-1.5 font-medium text-white shadow-sm hover:bg-rose-700 disabled:opacity-40"
          >
            {remove.isPending ? 'Deleting…' : 'Delete project'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
