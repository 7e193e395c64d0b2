/**
 * The panel behind the signed-in user's button: who the API says the key belongs to (name, uid, groups), or why
 * it cannot say, the context it goes through, whether a key is held (never the key), and the ways on.
 */
import type { ReactNode } from 'react';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { KeyIcon } from '@/components/ui/action-icons.tsx';
import { useIdentity } from '@/data/access/index.ts';
import { isApiError } from '@/data/client/index.ts';
import { activeContext, apiUrlLabel, useConnectionStore } from '@/data/connection-store.ts';
import { Avatar, type Look } from './avatar.tsx';
import { MenuButton, SignOutButton } from './menu-button.tsx';
import { useSignOut } from './use-sign-out.ts';

export interface IdentityPanelProps {
  look: Look;
  onClose: () => void;
  onChangeKey: () => void;
}

export function IdentityPanel({ look, onClose, onChangeKey }: IdentityPanelProps) {
  const { identity, error } = useIdentity();
  const context = useConnectionStore(activeContext);
  const hasKey = useConnectionStore((s) => Boolean(s.keys[s.current]));
  const signOut = useSignOut();
  const refused = isApiError(error) && error.code === 401;
  const groups = identity?.groups ?? [];
  return (
    <div className="text-sm">
      <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-3">
        <Avatar tone={look.tone} initials={look.initials} large />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">
            <bdi>{identity?.username ?? look.value}</bdi>
          </p>
          {identity?.uid ? (
            <p className="truncate font-mono text-xs text-slate-500">
              <bdi>{identity.uid}</bdi>
            </p>
          ) : null}
        </div>
      </div>
      {identity ? (
        <Section title="Groups">
          {groups.length ? (
            <ul aria-label="Groups" className="flex flex-wrap gap-1.5">
              {groups.map((g) => (
                <li
                  key={g}
                  className="rounded-full bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700 ring-1 ring-slate-200 ring-inset"
                >
                  <bdi>{g}</bdi>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-500">None named by the API.</p>
          )}
        </Section>
      ) : !hasKey ? (
        <Section title="No key">
          <p className="text-slate-600">Context {context.name} has no API key in this tab.</p>
        </Section>
      ) : refused ? (
        <Section title="Key refused">
          <p className="text-slate-600">
            The API answered 401 Unauthorized: it does not accept the key of context {context.name}.
          </p>
        </Section>
      ) : error ? (
        <div className="px-4 py-3">
          <ErrorPanel compact error={error} title="Could not ask the API who you are" />
        </div>
      ) : null}
      <Section title="Through">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-[13px]">
          <dt className="text-slate-500">Context</dt>
          <dd className="truncate font-medium text-slate-900">{context.name}</dd>
          {context.org ? (
            <>
              <dt className="text-slate-500">Org</dt>
              <dd className="truncate text-slate-900">{context.org}</dd>
            </>
          ) : null}
          <dt className="text-slate-500">API</dt>
          <dd className="truncate font-mono text-xs leading-5 text-slate-700">{apiUrlLabel(context)}</dd>
          <dt className="text-slate-500">Key</dt>
          <dd className={hasKey ? 'text-emerald-700' : 'text-amber-700'}>
            {hasKey ? "set, in this tab's memory only" : 'none'}
          </dd>
        </dl>
      </Section>
      <div className="flex flex-wrap gap-1 border-t border-slate-100 px-2 py-1.5">
        <MenuButton onClick={onChangeKey}>
          <KeyIcon className="size-4" />
          {hasKey ? 'Change API key' : 'Enter API key'}
        </MenuButton>
        {signOut ? <SignOutButton signOut={signOut} onClose={onClose} /> : null}
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-b border-slate-100 px-4 py-3 last:border-b-0">
      <p className="mb-1.5 text-[11px] font-semibold uppercase tracking-wider text-slate-500">{title}</p>
      {children}
    </div>
  );
}
