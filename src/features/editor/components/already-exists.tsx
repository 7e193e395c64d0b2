/**
 * AlreadyExists: an object with the draft's name is there already. Shows the existing object beside the draft
 * (Monaco's diff), and offers to open it or to give the draft another name.
 */
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DiffEditor } from '@/components/code-editor/index.ts';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import type { ApiError } from '@/data/client/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { reviewedObjectYaml } from '../model/review-model.ts';
import { nameProblem } from '../model/validate.ts';

interface Props {
  kind: string;
  name: string;
  error: ApiError;
  existing: NodusObject | undefined;
  readError: ApiError | undefined;
  draftText: string;
  existingHref: string;
  onRename: (name: string) => void;
}

export function AlreadyExists({ kind, name, error, existing, readError, draftText, existingHref, onRename }: Props) {
  const [newName, setNewName] = useState(`${name}-2`.slice(0, 63));
  const problem = newName === name ? 'That is the name already taken' : nameProblem(newName);
  const inputId = useId();
  const existingText = useMemo(
    () => (existing ? reviewedObjectYaml({ ...existing, status: undefined }) : ''),
    [existing],
  );
  return (
    <section
      aria-label="Name already taken"
      className="space-y-3 rounded-lg border border-amber-300 bg-white p-4 text-sm"
    >
      <div>
        <h3 className="text-base font-semibold text-slate-900">{`A ${kind} named “${name}” already exists`}</h3>
        <p className="mt-0.5 text-slate-600">
          Nothing was created. It differs from your draft where marked below: open it, or give your draft another name.
        </p>
      </div>
      <ErrorPanel error={error} embedded />
      <div className="flex flex-wrap items-end gap-3">
        <Link
          to={existingHref}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-700 shadow-sm hover:bg-slate-50"
        >
          {`Open the existing ${kind}`}
        </Link>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!problem) onRename(newName);
          }}
        >
          <div>
            <label htmlFor={inputId} className="block text-xs font-medium text-slate-600">
              New name for the draft
            </label>
            <input
              id={inputId}
              value={newName}
              onChange={(e) => setNewName(e.target.value.trim())}
              aria-invalid={problem ? true : undefined}
              className="w-56 rounded-md border border-slate-300 px-2.5 py-1.5 font-mono shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20 aria-invalid:border-rose-400"
            />
          </div>
          <button
            type="submit"
            disabled={!!problem}
            className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white shadow-sm hover:bg-indigo-700 disabled:opacity-50"
          >
            Rename the draft
          </button>
        </form>
      </div>
      {problem && newName !== '' && <p className="text-xs text-rose-700">{problem}</p>}
      {existing ? (
        <div>
          <div className="mb-1 grid grid-cols-2 text-xs font-medium text-slate-500">
            <span>{`Existing ${kind} on the server`}</span>
            <span>Your draft</span>
          </div>
          <div className="overflow-hidden rounded-md border border-slate-200">
            <DiffEditor
              original={existingText}
              modified={draftText}
              ariaLabel={`Existing ${kind} and your draft`}
              height={360}
            />
          </div>
        </div>
      ) : readError ? (
        <ErrorPanel error={readError} title={`Could not read the existing ${kind}`} embedded />
      ) : (
        <p className="text-xs text-slate-500">{`Reading the existing ${kind}…`}</p>
      )}
    </section>
  );
}
