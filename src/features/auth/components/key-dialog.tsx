/**
 * The dialog that asks for a key (key-prompt.tsx decides when): why it is asked, with the 401's requestId, and a
 * field whose value is held in this tab's memory only.
 */
import type { FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog.tsx';
import { activeContext, apiUrlLabel, useConnectionStore } from '@/data/connection-store.ts';

export interface KeyDialogProps {
  open: boolean;
  /** The person signed out of the context in use (rather than the API refusing its key). */
  signedOut: boolean;
  /** The context had a key, which the API refused. */
  hadKey: boolean;
  /** The refusing answer's requestId. */
  requestId: string | undefined;
  onDismiss: () => void;
}

export function KeyDialog({ open, signedOut, hadKey, requestId, onDismiss }: KeyDialogProps) {
  const setApiKey = useConnectionStore((s) => s.setApiKey);
  const context = useConnectionStore(activeContext);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setApiKey(String(new FormData(event.currentTarget).get('apiKey') ?? ''));
  }

  return (
    <Dialog
      open={open}
      onClose={onDismiss}
      title="API key needed"
      description={
        signedOut ? (
          <>
            You signed out of context {context.name}: its key is forgotten. Enter a key to use the API at{' '}
            <span className="font-mono text-slate-700">{apiUrlLabel(context)}</span> again.
          </>
        ) : (
          <>
            The API at <span className="font-mono text-slate-700">{apiUrlLabel(context)}</span> answered 401
            Unauthorized:{' '}
            {hadKey
              ? `it does not accept the key of context ${context.name}.`
              : `context ${context.name} has no key yet.`}
          </>
        )
      }
    >
      <form onSubmit={submit} className="space-y-3 px-5 py-4 text-sm">
        <label className="block space-y-1">
          <span className="block font-medium text-slate-700">API key</span>
          <input
            name="apiKey"
            type="password"
            required
            autoFocus
            autoComplete="off"
            spellCheck={false}
            className="w-full rounded-md border border-slate-300 px-2.5 py-1.5 font-mono shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20"
          />
        </label>
        <p className="text-xs text-slate-500">
          Held in this tab&apos;s memory only.
          {requestId ? (
            <>
              {' '}
              Request ID <code className="font-mono">{requestId}</code>.
            </>
          ) : null}
        </p>
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onDismiss}
            className="rounded-md px-3 py-1.5 font-medium text-slate-600 hover:bg-slate-100"
          >
            Not now
          </button>
          <button
            type="submit"
            className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white shadow-sm hover:bg-indigo-700"
          >
            Use key
          </button>
        </div>
      </form>
    </Dialog>
  );
}
