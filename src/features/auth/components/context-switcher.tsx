/**
 * The org/context switcher at the left of the top bar, like kubeconfig contexts: pick where the console
 * points (API URL, org) and with which key. Keys are kept in memory only; the panel says whether one is set,
 * never what it is.
 */
import { clsx } from 'clsx';
import { useState, type ReactNode } from 'react';
import { CheckIcon, ChevronDownIcon, KeyIcon, PlusIcon } from '@/components/ui/icons.tsx';
import { Popover } from '@/components/ui/popover.tsx';
import { activeContext, apiUrlLabel, useConnectionStore, type ApiContext } from '@/data/connection-store.ts';
import { ContextForm } from './lazy-context-form.ts';
import { useSignOut } from './use-sign-out.ts';

type Editing = { mode: 'add' } | { mode: 'edit'; context: ApiContext; keyOnly: boolean } | undefined;

export function ContextSwitcher() {
  const state = useConnectionStore();
  const context = activeContext(state);
  const [editing, setEditing] = useState<Editing>();
  const signOut = useSignOut();
  const org = context.org || context.name;

  return (
    <>
      <Popover
        label="Contexts"
        buttonClassName="flex h-9 items-center gap-2.5 rounded-md px-2 text-left hover:bg-slate-100"
        panelClassName="w-96"
        // The name comes from the text shown ("Context: staging (org acme)"), so what a speech user reads on the
        // button is part of it (WCAG 2.5.3); the org caption is said once, in the visually hidden part.
        button={
          <>
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-md bg-indigo-600 text-xs font-semibold uppercase text-white"
            >
              {org.slice(0, 2)}
            </span>
            <span className="min-w-0 leading-tight">
              <span aria-hidden="true" className="block text-[11px] font-medium uppercase tracking-wide text-slate-600">
                {context.org || 'Context'}
              </span>
              <span className="block max-w-40 truncate whitespace-nowrap text-sm font-semibold text-slate-900">
                <span className="sr-only">Context: </span>
                {context.name}
                {context.org ? <span className="sr-only"> (org {context.org})</span> : null}
              </span>
            </span>
            <ChevronDownIcon className="size-4 text-slate-400" />
          </>
        }
      >
        {(close) => (
          <div className="py-1.5 text-sm">
            <p className="px-4 pb-1 pt-1.5 text-[11px] font-semibold uppercase tracking-wider text-slate-500">
              Contexts
            </p>
            <ul>
              {state.contexts.map((c) => {
                const active = c.name === context.name;
                return (
                  <li key={c.name}>
                    <button
                      type="button"
                      aria-current={active ? 'true' : undefined}
                      onClick={() => {
                        state.use(c.name);
                        close();
                      }}
                      className={clsx(
                        'flex w-full items-start gap-3 px-4 py-2 text-left hover:bg-slate-50',
                        active && 'bg-indigo-50/60',
                      )}
                    >
                      <CheckIcon className={clsx('mt-0.5 size-4 shrink-0', active ? 'text-indigo-600' : 'invisible')} />
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium text-slate-900">{c.name}</span>
                        <span className="block truncate font-mono text-xs text-slate-600">{apiUrlLabel(c)}</span>
                      </span>
                      <span className="shrink-0 text-right text-xs text-slate-600">
                        {c.org ? <span className="block">org {c.org}</span> : null}
                        <span className={clsx('block', state.keys[c.name] ? 'text-emerald-700' : 'text-amber-700')}>
                          {state.keys[c.name] ? 'key set' : 'no key'}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <div className="mt-1.5 flex gap-1 border-t border-slate-100 px-2 pt-1.5">
              <MenuButton
                onClick={() => {
                  close();
                  setEditing({ mode: 'edit', context, keyOnly: true });
                }}
                icon={<KeyIcon className="size-4" />}
              >
                Change API key
              </MenuButton>
              <MenuButton
                onClick={() => {
                  close();
                  setEditing({ mode: 'edit', context, keyOnly: false });
                }}
              >
                Edit context
              </MenuButton>
              <MenuButton
                onClick={() => {
                  close();
                  setEditing({ mode: 'add' });
                }}
                icon={<PlusIcon className="size-4" />}
              >
                Add
              </MenuButton>
            </div>
            {signOut ? (
              <div className="mt-1.5 border-t border-slate-100 px-2 pt-1.5">
                <MenuButton
                  onClick={() => {
                    close();
                    signOut.run();
                  }}
                >
                  Sign out of {signOut.context}
                </MenuButton>
                <p className="px-2 pb-1 text-xs text-slate-500">
                  Forgets this context&apos;s key in this tab; the console asks for one again.
                </p>
              </div>
            ) : null}
          </div>
        )}
      </Popover>
      {editing ? (
        <ContextForm
          key={editing.mode === 'edit' ? editing.context.name : '+'}
          context={editing.mode === 'edit' ? editing.context : undefined}
          keyOnly={editing.mode === 'edit' && editing.keyOnly}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </>
  );
}

function MenuButton({ onClick, icon, children }: { onClick: () => void; icon?: ReactNode; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      {icon}
      {children}
    </button>
  );
}
