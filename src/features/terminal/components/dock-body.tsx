/**
 * The terminal dock at the foot of the shell: a tab per session (the Sandbox, its project, a dot and words for
 * how the connection stands, a close button), a handle to drag or key its height, and a fold. Every session's
 * pane stays mounted while its tab exists, so a shell keeps running behind another tab, a folded dock or
 * another page. Loaded only once a terminal opens, with xterm.js and its stylesheet.
 */
import { clsx } from 'clsx';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons.tsx';
import { CloseIcon, TerminalIcon } from '@/components/ui/action-icons.tsx';
import { matchesShortcut } from '@/lib/shortcuts.ts';
import { DOCK_MIN_HEIGHT, useTerminalDock, type TerminalSession } from '../model/dock-store.ts';
import { describeState } from '../model/session-words.ts';
import { TerminalPane } from './terminal-pane.tsx';

const HEIGHT_STEP = 40;
/** The dock leaves this much of the window to the page. */
const maxHeight = () => Math.max(DOCK_MIN_HEIGHT, window.innerHeight - 160);

const DOT: Record<TerminalSession['state'], string> = {
  connecting: 'bg-amber-400 animate-pulse',
  open: 'bg-emerald-400',
  exited: 'bg-slate-500',
  dropped: 'bg-rose-500',
  failed: 'bg-rose-500',
};

export default function DockBody() {
  const { sessions, active, collapsed, height, activate, close, setCollapsed, setHeight } = useTerminalDock();
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const focusTab = (id: string | undefined) => id && tabs.current.get(id)?.focus();

  function onTabKey(e: KeyboardEvent, index: number) {
    const last = sessions.length - 1;
    const to = matchesShortcut(e, 'tabs.next')
      ? (index + 1) % sessions.length
      : matchesShortcut(e, 'tabs.previous')
        ? (index + last) % sessions.length
        : matchesShortcut(e, 'tabs.first')
          ? 0
          : matchesShortcut(e, 'tabs.last')
            ? last
            : undefined;
    if (to === undefined) return;
    e.preventDefault();
    activate(sessions[to]!.id);
    focusTab(sessions[to]!.id);
  }

  function onHandleKey(e: KeyboardEvent) {
    const step = matchesShortcut(e, 'dock.taller')
      ? HEIGHT_STEP
      : matchesShortcut(e, 'dock.shorter')
        ? -HEIGHT_STEP
        : 0;
    if (!step) return;
    e.preventDefault();
    setHeight(height + step, maxHeight());
  }

  function onHandleDown(e: PointerEvent<HTMLDivElement>) {
    const startY = e.clientY;
    const startHeight = height;
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent) => setHeight(startHeight + startY - ev.clientY, maxHeight());
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  }

  return (
    <section
      aria-label="Terminals"
      className="flex shrink-0 flex-col border-t border-slate-800 bg-slate-900 text-slate-300"
      style={collapsed ? undefined : { height }}
    >
      {collapsed ? null : (
        <div
          role="separator"
          aria-orientation="horizontal"
          aria-label="Terminal height"
          aria-valuemin={DOCK_MIN_HEIGHT}
          aria-valuemax={maxHeight()}
          aria-valuenow={height}
          tabIndex={0}
          onKeyDown={onHandleKey}
          onPointerDown={onHandleDown}
          className="-mt-1 h-2 shrink-0 cursor-row-resize touch-none focus-visible:bg-indigo-500 focus-visible:outline-none hover:bg-indigo-700/60"
        />
      )}
      <div className="flex h-9 shrink-0 items-stretch border-b border-slate-800 bg-slate-950/60">
        <div className="flex items-center gap-1.5 px-3 text-xs font-semibold tracking-wide text-slate-400 uppercase">
          <TerminalIcon className="size-4 text-indigo-400" />
          Terminals
        </div>
        <div role="tablist" aria-label="Terminal sessions" className="flex min-w-0 flex-1 overflow-x-auto">
          {sessions.map((s, i) => {
            const selected = s.id === active;
            const words = describeState(s);
            // Several shells in one Sandbox are told apart by their order.
            const same = sessions.filter(
              (o) => o.target.project === s.target.project && o.target.name === s.target.name,
            );
            const nth = same.length > 1 ? same.indexOf(s) + 1 : undefined;
            return (
              <div
                key={s.id}
                className={clsx(
                  'group flex shrink-0 items-center border-r border-slate-800 text-sm',
                  selected
                    ? 'bg-slate-900 text-white shadow-[inset_0_2px_0_var(--color-indigo-400)]'
                    : 'hover:bg-slate-800/60',
                )}
              >
                <button
                  ref={(el) => {
                    if (el) tabs.current.set(s.id, el);
                    else tabs.current.delete(s.id);
                  }}
                  type="button"
                  role="tab"
                  id={`terminal-tab-${s.id}`}
                  aria-selected={selected}
                  aria-controls={`terminal-panel-${s.id}`}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => activate(s.id)}
                  onKeyDown={(e) => onTabKey(e, i)}
                  title={`${s.target.kind} ${s.target.name} in ${s.target.project}: ${words}`}
                  className="flex h-full items-center gap-2 pr-1 pl-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-400"
                >
                  <span aria-hidden="true" className={clsx('size-2 rounded-full', DOT[s.state])} />
                  <span className="font-mono">
                    {s.target.name}
                    {nth ? <span className="text-slate-400"> #{nth}</span> : null}
                  </span>
                  <span className="text-xs text-slate-500">{s.target.project}</span>
                  <span
                    data-testid="terminal-state"
                    className={clsx(
                      'text-xs',
                      s.state === 'open' || s.state === 'connecting'
                        ? 'sr-only'
                        : s.state === 'exited'
                          ? 'text-slate-400'
                          : 'text-rose-300',
                    )}
                  >
                    {s.state === 'exited' ? `exit ${s.exitCode ?? '?'}` : words}
                  </span>
                </button>
                <button
                  type="button"
                  aria-label={`Close the terminal in ${s.target.name}`}
                  title="Close (ends its shell)"
                  onClick={() => {
                    const next = sessions[i + 1] ?? sessions[i - 1];
                    close(s.id);
                    focusTab(next?.id);
                  }}
                  className="mr-1.5 rounded p-0.5 text-slate-500 hover:bg-slate-700 hover:text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-400"
                >
                  <CloseIcon className="size-3.5" />
                </button>
              </div>
            );
          })}
        </div>
        <button
          type="button"
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Show the terminals' : 'Hide the terminals'}
          title={collapsed ? 'Show the terminals' : 'Hide the terminals (they keep running)'}
          onClick={() => setCollapsed(!collapsed)}
          className="px-3 text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-400"
        >
          <ChevronDownIcon className={clsx('size-4 transition-transform', collapsed && 'rotate-180')} />
        </button>
      </div>
      {sessions.map((s) => {
        const visible = !collapsed && s.id === active;
        return (
          <div
            key={s.id}
            id={`terminal-panel-${s.id}`}
            role="tabpanel"
            aria-labelledby={`terminal-tab-${s.id}`}
            hidden={!visible}
            className="min-h-0 flex-1"
          >
            <TerminalPane key={s.id} session={s} visible={visible} onLeave={() => focusTab(s.id)} />
          </div>
        );
      })}
    </section>
  );
}
