/**
 * The org/context switcher at the left of the top bar, like kubeconfig contexts: pick where the console
 * points (API URL, org) and with which key. Keys are kept in memory only; the panel says whether one is set,
 * never what it is.
 */
import { useState } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons.tsx';
import { PANEL_LOADING, Popover } from '@/components/ui/popover.tsx';
import { activeContext, useConnectionStore } from '@/data/connection-store.ts';
import { lazyPart } from '@/lib/lazy-part.tsx';
import type { ContextPanelProps, Editing } from './context-panel.tsx';
import { ContextForm } from './lazy-context-form.ts';

// Every context with its key's state, and the ways to add, edit, change a key or sign out: read when the panel
// opens, so its code waits until then (or idle time after the first rows).
const { Component: ContextPanel } = lazyPart<ContextPanelProps>(
  () => import('./context-panel.tsx').then((m) => m.ContextPanel),
  { label: 'the contexts panel', fallback: PANEL_LOADING },
);

export function ContextSwitcher() {
  const state = useConnectionStore();
  const context = activeContext(state);
  const [editing, setEditing] = useState<Editing>();
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
            <span className="min-w-0 leading-tight max-sm:sr-only">
              <span aria-hidden="true" className="block text-[11px] font-medium uppercase tracking-wide text-slate-600">
                {context.org || 'Context'}
              </span>
              <span className="block max-w-40 truncate whitespace-nowrap text-sm font-semibold text-slate-900">
                <span className="sr-only">Context: </span>
                {context.name}
                {context.org ? <span className="sr-only"> (org {context.org})</span> : null}
              </span>
            </span>
            <ChevronDownIcon className="size-4 text-slate-400 max-sm:hidden" />
          </>
        }
      >
        {(close) => <ContextPanel onClose={close} onEdit={setEditing} />}
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
