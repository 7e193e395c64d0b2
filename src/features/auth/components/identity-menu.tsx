/**
 * Who the key in use belongs to, beside the context switcher: the API's own answer (SelfSubjectReview), never a
 * guess. The button names the user; its panel (and its hover title) shows the groups, the context and whether a
 * key is held, never the key itself. A refused key or an API that cannot say is told as such, with the way on.
 */
import { clsx } from 'clsx';
import { useState } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons.tsx';
import { PANEL_LOADING, Popover } from '@/components/ui/popover.tsx';
import { useIdentity } from '@/data/access/index.ts';
import { isApiError } from '@/data/client/index.ts';
import { activeContext, useConnectionStore } from '@/data/connection-store.ts';
import { lazyPart } from '@/lib/lazy-part.tsx';
import { ContextForm } from './lazy-context-form.ts';
import { Avatar, type Look } from './avatar.tsx';
import type { IdentityPanelProps } from './identity-panel.tsx';

function initialsOf(name: string): string {
  const parts = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : name.slice(0, 2);
  return letters.toUpperCase();
}

// Its groups, its context and the key's state: read when the panel opens, so its code waits until then (or idle
// time after the first rows).
const { Component: IdentityPanel } = lazyPart<IdentityPanelProps>(
  () => import('./identity-panel.tsx').then((m) => m.IdentityPanel),
  { label: 'the signed-in user panel', fallback: PANEL_LOADING },
);

export function IdentityMenu() {
  const { identity, pending, error } = useIdentity();
  const context = useConnectionStore(activeContext);
  const hasKey = useConnectionStore((s) => Boolean(s.keys[s.current]));
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
          <IdentityPanel
            look={look}
            onClose={close}
            onChangeKey={() => {
              close();
              setChangingKey(true);
            }}
          />
        )}
      </Popover>
      {changingKey ? <ContextForm context={context} keyOnly onClose={() => setChangingKey(false)} /> : null}
    </>
  );
}
