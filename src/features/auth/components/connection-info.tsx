/**
 * Where the console sends requests and with which key, and a way to change the key. The key stays in memory
 * (see lib/api-key-store.ts): the field is a password input and nothing is written to the URL or storage.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useApiKeyStore } from '../../../lib/api-key-store.ts';
import { apiEndpointLabel } from '../../../lib/config.ts';
import { DEMO_API_KEY } from '../../../shared/protocol.ts';

export function ConnectionInfo() {
  const apiKey = useApiKeyStore((s) => s.apiKey);
  const setApiKey = useApiKeyStore((s) => s.setApiKey);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const inputId = useId();
  const keyLabel = !apiKey ? 'No API key' : apiKey === DEMO_API_KEY ? 'Demo key' : 'API key set';
  const endpoint = apiEndpointLabel();

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('apiKey');
    setApiKey(typeof value === 'string' ? value : '');
    setEditing(false);
    // Everything cached was read with the old key: read it again with the new one.
    void queryClient.resetQueries({ queryKey: ['nodus'] });
  }

  return (
    <div className="space-y-2 text-xs">
      <dl className="space-y-1">
        <div className="flex items-center justify-between gap-2">
          <dt className="text-slate-500">API</dt>
          <dd className="truncate font-mono text-slate-300" title={endpoint}>{endpoint.replace(/^https?:\/\//, '')}</dd>
        </div>
        <div className="flex items-center justify-between gap-2">
          <dt className="text-slate-500">Auth</dt>
          <dd className="flex items-center gap-1.5 text-slate-300">
            <span aria-hidden="true" className={apiKey ? 'size-1.5 rounded-full bg-emerald-400' : 'size-1.5 rounded-full bg-amber-400'} />
            {keyLabel}
            {editing ? null : (
              <button type="button" onClick={() => setEditing(true)} aria-label="Change API key" className="ml-1 font-medium text-indigo-400 hover:text-indigo-300">
                Change
              </button>
            )}
          </dd>
        </div>
      </dl>
      {editing ? (
        <form onSubmit={save} className="space-y-2">
          <label htmlFor={inputId} className="block text-slate-400">API key</label>
          <input
            id={inputId}
            name="apiKey"
            type="password"
            autoComplete="off"
            spellCheck={false}
            autoFocus
            className="w-full rounded-md border border-slate-700 bg-slate-800 px-2 py-1.5 font-mono text-slate-100 placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none"
            placeholder="Paste your key"
          />
          <div className="flex gap-2">
            <button type="submit" className="rounded-md bg-indigo-500 px-2.5 py-1 font-medium text-white hover:bg-indigo-400">Use key</button>
            <button type="button" onClick={() => setEditing(false)} className="rounded-md px-2.5 py-1 text-slate-400 hover:text-slate-200">Cancel</button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
