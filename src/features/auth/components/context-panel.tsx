/**
 * The panel behind the context switcher: every context with its API and whether this tab holds its key, and the
 * ways to switch, change the key, edit or add a context, and sign out.
 */
import { clsx } from 'clsx';
import { CheckIcon, PlusIcon } from '@/components/ui/icons.tsx';
import { KeyIcon } from '@/components/ui/action-icons.tsx';
import { activeContext, apiUrlLabel, useConnectionStore, type ApiContext } from '@/data/connection-store.ts';
import { MenuButton, SignOutButton } from './menu-button.tsx';
import { useSignOut } from './use-sign-out.ts';

/** What the context form is open for. */
export type Editing = { mode: 'add' } | { mode: 'edit'; context: ApiContext; keyOnly: boolean } | undefined;

export interface ContextPanelProps {
  onClose: () => void;
  onEdit: (editing: Editing) => void;
}

export function ContextPanel({ onClose, onEdit }: ContextPanelProps) {
  const state = useConnectionStore();
  const context = activeContext(state);
  const signOut = useSignOut();
  return (
    <div className="py-1.5 text-sm">
      <p className="px-4 pb-1 pt-1.5 text-[11px] font-semibold uppercase tracking-wider text-slate-500">Contexts</p>
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
                  onClose();
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
            onClose();
            onEdit({ mode: 'edit', context, keyOnly: true });
          }}
          icon={<KeyIcon className="size-4" />}
        >
          Change API key
        </MenuButton>
        <MenuButton
          onClick={() => {
            onClose();
            onEdit({ mode: 'edit', context, keyOnly: false });
          }}
        >
          Edit context
        </MenuButton>
        <MenuButton
          onClick={() => {
            onClose();
            onEdit({ mode: 'add' });
          }}
          icon={<PlusIcon className="size-4" />}
        >
          Add
        </MenuButton>
      </div>
      {signOut ? (
        <div className="mt-1.5 border-t border-slate-100 px-2 pt-1.5">
          <SignOutButton signOut={signOut} onClose={onClose} />
          <p className="px-2 pb-1 text-xs text-slate-500">
            Forgets this context&apos;s key in this tab; the console asks for one again.
          </p>
        </div>
      ) : null}
    </div>
  );
}
