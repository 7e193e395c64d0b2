/**
 * Add or edit a context, or only change the key of the one in use. The key field is a password input whose
 * value goes to the in-memory store and nowhere else; leaving it empty keeps the key already held.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useConnectionStore, type ApiContext } from '@/data/connection-store.ts';

const NAME = /^[a-z0-9]([-a-z0-9._]*[a-z0-9])?$/i;

export interface ContextFormProps {
  context: ApiContext | undefined;
  keyOnly: boolean;
  onClose: () => void;
}

export function ContextForm({ context, keyOnly, onClose }: ContextFormProps) {
  const store = useConnectionStore();
  const [problem, setProblem] = useState<string>();
  const ids = { name: useId(), url: useId(), org: useId(), key: useId() };
  const builtIn = context?.name === store.contexts[0]?.name;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (field: string) => String(form.get(field) ?? '').trim();
    const key = text('apiKey');
    if (keyOnly) {
      store.setApiKey(key);
      onClose();
      return;
    }
    const next = { name: text('name'), apiUrl: text('apiUrl').replace(/\/+$/, ''), org: text('org') };
    if (!NAME.test(next.name)) return setProblem('A name is letters, digits, dots, dashes and underscores.');
    if (next.name !== context?.name && store.contexts.some((c) => c.name === next.name))
      return setProblem(`There is already a context named "${next.name}".`);
    if (next.apiUrl && !/^https?:\/\/[^/\s]+/.test(next.apiUrl))
      return setProblem('The API URL starts with http:// or https://, or is empty for this origin.');
    store.saveContext(next, key || undefined, context?.name);
    if (!context) store.use(next.name);
    onClose();
  }

  const title = keyOnly
    ? `API key for ${context?.name ?? ''}`
    : context
      ? `Edit context ${context.name}`
      : 'Add a context';
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description="Keys are held in this tab's memory only: never in the URL or the browser's storage."
    >
      <form onSubmit={submit} className="space-y-4 px-5 py-4 text-sm">
        {keyOnly ? null : (
          <>
            <Field id={ids.name} label="Name">
              <input
                id={ids.name}
                name="name"
                defaultValue={context?.name}
                readOnly={builtIn}
                required
                autoFocus
                className={input}
              />
            </Field>
            <Field id={ids.url} label="API URL" hint="Empty: the console's own origin (the development proxy).">
              <input
                id={ids.url}
                name="apiUrl"
                defaultValue={context?.apiUrl}
                placeholder="https://api.nodus.dev"
                className={input}
              />
            </Field>
            <Field id={ids.org} label="Org">
              <input id={ids.org} name="org" defaultValue={context?.org} className={input} />
            </Field>
          </>
        )}
        <Field
          id={ids.key}
          label="API key"
          hint={keyOnly ? undefined : 'Leave empty to keep the key this context already has.'}
        >
          <input
            id={ids.key}
            name="apiKey"
            type="password"
            autoComplete="off"
            spellCheck={false}
            autoFocus={keyOnly}
            className={`${input} font-mono`}
          />
        </Field>
        {problem ? (
          <p role="alert" className="text-sm text-rose-700">
            {problem}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-2 pt-1">
          {context && !builtIn && !keyOnly ? (
            <button
              type="button"
              onClick={() => {
                store.removeContext(context.name);
                onClose();
              }}
              className="rounded-md px-3 py-1.5 font-medium text-rose-700 hover:bg-rose-50"
            >
              Remove context
            </button>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            <button
              type="button"
              onClick={onClose}
              className="rounded-md px-3 py-1.5 font-medium text-slate-600 hover:bg-slate-100"
            >
              Cancel
            </button>
            <button
              type="submit"
              className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white shadow-sm hover:bg-indigo-700"
            >
              {keyOnly ? 'Use key' : 'Save'}
            </button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}

const input =
  'w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20 read-only:bg-slate-50 read-only:text-slate-500';

function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}
