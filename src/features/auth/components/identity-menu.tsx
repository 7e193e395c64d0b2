/**
 * Who the key in use belongs to, beside the context switcher: the API's own answer (SelfSubjectReview), never a
 * guess. The button names the user; its panel (and its hover title) shows the groups, the context and whether a
 * key is held, never the key itself. A refused key or an API that cannot say is told as such, with the way on.
 */
import { clsx } from 'clsx';
import { useState, type ReactNode } from 'react';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { ChevronDownIcon, KeyIcon } from '@/components/ui/icons.tsx';
import { Popover } from '@/components/ui/popover.tsx';
import { useIdentity } from '@/data/access/index.ts';
import { isApiError } from '@/data/client/index.ts';
import { activeContext, apiUrlLabel, useConnectionStore } from '@/data/connection-store.ts';
import { ContextForm } from './lazy-context-form.ts';
import { useSignOut } from './use-sign-out.ts';

type Look = { tone: 'user' | 'warn' | 'wait'; caption: string; value: string; initials: string };

function initialsOf(name: string): string {
  const parts = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : name.slice(0, 2);
  return letters.toUpperCase();
}

export function IdentityMenu() {
  const { identity, pending, error } = useIdentity();
  const context = useConnectionStore(activeContext);
  const hasKey = useConnectionStore((s) => Boolean(s.keys[s.current]));
  const signOut = useSignOut();
  const [changingKey, setChangingKey] = useState(false);
  const refused = isApiError(error) && error.code === 401;

  const look: Look = !hasKey
    ? { tone: 'warn', caption: 'Not signed in', value: 'No key', initials: '?' }
    : identity
      ? { tone: 'user', caption: 'Signed in as', value: identity.username, initials: initialsOf(identity.username) }
      : refused
        ? { tone: 'warn', caption: 'Not signed in', value: 'Key refused', initials: '!' }
        : pending
          ? { tone: 'wait', caption: 'Signed in as', value: 'Checking…', initials: '' }
          : { tone: 'warn', caption: 'Signed in as', value: 'Unknown user', initials: '?' };
  const groups = identity?.groups ?? [];
  const title = identity
    ? `${identity.username}${groups.length ? ` · groups ${groups.join(', ')}` : ''} · context ${context.name}`
    : undefined;

  return (
    <>
      <Popover
        label="Signed-in user"
        buttonTitle={title}
        buttonClassName="flex h-9 items-center gap-2 rounded-md px-1.5 text-left hover:bg-slate-100 xl:pr-2.5"
        panelClassName="w-80"
        // The name comes from the text shown ("Signed in as: demo-user"), so a speech user can say what they see
        // (WCAG 2.5.3); below 1280 px only the initials show and the name stays the same.
        button={
          <>
            <Avatar tone={look.tone} initials={look.initials} />
            <span className="min-w-0 leading-tight">
              <span
                aria-hidden="true"
                className="hidden text-[11px] font-medium uppercase tracking-wide text-slate-600 xl:block"
              >
                {look.caption}
              </span>
              <span
                className={clsx(
                  'max-w-36 truncate text-sm font-semibold max-xl:sr-only xl:block',
                  look.tone === 'warn' ? 'text-amber-800' : 'text-slate-900',
                )}
              >
                <span className="sr-only">{look.caption}: </span>
                {look.value}
              </span>
            </span>
            <ChevronDownIcon className="hidden size-4 text-slate-400 xl:block" />
          </>
        }
      >
        {(close) => (
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
              <MenuButton
                onClick={() => {
                  close();
                  setChangingKey(true);
                }}
              >
                <KeyIcon className="size-4" />
                {hasKey ? 'Change API key' : 'Enter API key'}
              </MenuButton>
              {signOut ? (
                <MenuButton
                  onClick={() => {
                    close();
                    signOut.run();
                  }}
                >
                  Sign out of {signOut.context}
                </MenuButton>
              ) : null}
            </div>
          </div>
        )}
      </Popover>
      {changingKey ? <ContextForm context={context} keyOnly onClose={() => setChangingKey(false)} /> : null}
    </>
  );
}

function Avatar({ tone, initials, large }: { tone: Look['tone']; initials: string; large?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-full font-semibold',
        large ? 'size-10 text-sm' : 'size-7 text-[11px]',
        tone === 'user' && 'bg-teal-700 text-white',
        tone === 'warn' && 'bg-amber-100 text-amber-800 ring-1 ring-amber-300 ring-inset',
        tone === 'wait' && 'animate-pulse bg-slate-200',
      )}
    >
      {initials}
    </span>
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

function MenuButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      {children}
    </button>
  );
}
