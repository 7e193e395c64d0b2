/**
 * Create a project by name. The name rules are checked as you type (a DNS label, as the API requires); the
 * API's own answer, an error included, is shown as it came.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '@/components/ui/dialog.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { useCreateProject } from '../api/project-writes.ts';
import { SlowNote } from '@/components/ui/slow-note.tsx';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export function nameProblem(name: string): string | undefined {
  if (name === '') return undefined;
  if (name.length > 63) return 'At most 63 characters.';
  if (!DNS_LABEL.test(name)) return 'Lowercase letters, digits and dashes; it starts and ends with a letter or digit.';
  return undefined;
}

export function CreateProjectDialog({
  onClose,
  projectHref,
}: {
  onClose: () => void;
  projectHref: (project: string) => string;
}) {
  const [name, setName] = useState('');
  const [open, setOpen] = useState(false);
  const create = useCreateProject();
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = useId();
  const problem = nameProblem(name);

  // The mutation's isPending reaches the button only after a render, so a double-click would submit twice (two
  // POSTs, the second answered AlreadyExists); this flag is set in the same event.
  const submitting = useRef(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name || problem || submitting.current) return;
    submitting.current = true;
    create.mutate(name, {
      onSuccess: () => (open ? navigate(projectHref(name)) : onClose()),
      onSettled: () => {
        submitting.current = false;
      },
    });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="New project"
      description="A project holds your objects and their spend; its name cannot change later."
    >
      <form onSubmit={submit} className="space-y-4 px-5 py-4 text-sm">
        <div className="space-y-1">
          <label htmlFor={inputId} className="block font-medium text-slate-700">
            Project name
          </label>
          <input
            id={inputId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={hintId}
            placeholder="team-nlp"
            className="w-full rounded-md border border-slate-300 px-2.5 py-1.5 font-mono shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20 aria-invalid:border-rose-400"
          />
          <p id={hintId} className={problem ? 'text-xs text-rose-700' : 'text-xs text-slate-500'}>
            {problem ?? 'Lowercase letters, digits and dashes, up to 63 characters.'}
          </p>
        </div>
        <label className="flex items-center gap-2 text-slate-600">
          <input
            type="checkbox"
            checked={open}
            onChange={(e) => setOpen(e.target.checked)}
            className="accent-indigo-600"
          />
          Open it once created
        </label>
        {create.isError ? <ErrorPanel error={create.error} title={`Could not create project ${name}`} /> : null}
        <div className="flex justify-end gap-2">
          <SlowNote busy={create.isPending} className="mr-auto" />
          <button
            type="button"
            onClick={onClose}
            className="rounded-md px-3 py-1.5 font-medium text-slate-600 hover:bg-slate-100"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={!name || Boolean(problem) || create.isPending}
            className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white shadow-sm hover:bg-indigo-700 disabled:opacity-50"
          >
            {create.isPending ? 'Creating…' : 'Create project'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
