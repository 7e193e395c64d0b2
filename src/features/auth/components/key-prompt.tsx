/**
 * Asks for a key when the API answered 401 to a call made with the key now in use, or right after the person
 * signed out of the context in use. Shown once per key (or context): "Not now" leaves the page's own error
 * panels to say what failed.
 */
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useCallLog } from '@/data/call-log/call-log-store.ts';
import { activeContext, apiUrlLabel, useConnectionStore } from '@/data/connection-store.ts';

export function KeyPrompt() {
  const connection = useConnectionStore();
  const refused = useCallLog((s) => s.calls.find((c) => c.status === 401 && c.startedAt >= connection.changedAt));
  const [dismissed, setDismissed] = useState(-1);
  const context = activeContext(connection);
  const hadKey = Boolean(connection.keys[context.name]);
  const signedOut = !hadKey && connection.signedOut.includes(context.name);
  const open = (refused !== undefined || signedOut) && dismissed !== connection.generation;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    connection.setApiKey(String(new FormData(event.currentTarget).get('apiKey') ?? ''));
  }

  return (
    <Dialog
      open={open}
      onClose={() => setDismissed(connection.generation)}
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
          {refused?.requestId ? (
            <>
              {' '}
              Request ID <code className="font-mono">{refused.requestId}</code>.
            </>
          ) : null}
        </p>
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={() => setDismissed(connection.generation)}
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
