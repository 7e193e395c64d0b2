/**
 * The panel behind "Save view": a name for the table as the URL has it now, or, on a saved view, rename, a link
 * to share and delete.
 */
import { useId, useState, type FormEvent } from 'react';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { deleteView, MAX_NAME, renameView, saveView, type SavedView } from '@/data/places/index.ts';

export interface SaveViewPanelProps {
  /** The saved view this table is, if it is one. */
  current: SavedView | undefined;
  path: string;
  search: string;
  close: () => void;
}

export function SaveViewPanel({ current, path, search, close }: SaveViewPanelProps) {
  return current ? (
    <ViewOptions view={current} close={close} />
  ) : (
    <NameForm
      initial=""
      action="Save"
      onSubmit={(name) => {
        saveView(name, path, search);
        close();
      }}
    />
  );
}

function ViewOptions({ view, close }: { view: SavedView; close: () => void }) {
  const link = `${window.location.origin}${view.path}${view.search}`;
  return (
    <div className="space-y-3">
      <NameForm initial={view.name} action="Rename" onSubmit={(name) => renameView(view.id, name)} />
      <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <CopyButton value={link} label="Copy link to view" text="Copy link" />
        <button
          type="button"
          onClick={() => {
            deleteView(view.id);
            close();
          }}
          className="rounded-md px-2 py-1 text-xs font-medium text-rose-700 hover:bg-rose-50"
        >
          Delete view
        </button>
      </div>
    </div>
  );
}

/** A name, checked when submitted: the store says why it cannot be used (empty, too long, taken). */
function NameForm({
  initial,
  action,
  onSubmit,
}: {
  initial: string;
  action: string;
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const messageId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    try {
      onSubmit(name);
      setProblem(undefined);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <form onSubmit={submit} className="space-y-1.5">
      <label className="block text-xs font-medium text-slate-600">
        View name
        <input
          autoFocus
          value={name}
          maxLength={MAX_NAME + 20}
          onChange={(e) => {
            setName(e.target.value);
            setProblem(undefined);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? messageId : undefined}
          className="mt-1 block h-8 w-full rounded-md border border-slate-300 px-2 text-sm font-normal text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
        />
      </label>
      {problem ? (
        <p id={messageId} role="alert" className="text-xs text-rose-700">
          {problem}
        </p>
      ) : null}
      <button
        type="submit"
        className="rounded-md bg-indigo-600 px-3 py-1.5 text-xs font-medium text-white hover:bg-indigo-700"
      >
        {action}
      </button>
    </form>
  );
}
