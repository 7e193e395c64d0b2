/**
 * One session's terminal: xterm.js fitted to its pane, joined to an exec connection. The xterm outlives its
 * connections: Reconnect opens a new shell below the old output. Every size the fit addon settles on goes to the
 * shell (resize channel), at open and whenever the pane changes size.
 */
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef, useState } from 'react';
import type { ApiError } from '@/data/client/index.ts';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { RefreshIcon } from '@/components/ui/icons.tsx';
import { useTheme } from '@/data/theme.ts';
import { matchesShortcut } from '@/lib/shortcuts.ts';
import { connectExec, type ExecConnection } from '../api/exec-connection.ts';
import { exitSentence } from '../model/channels.ts';
import { useTerminalDock, type TerminalSession } from '../model/dock-store.ts';
import { TERMINAL_FONT, TERMINAL_THEMES } from './xterm-theme.ts';

const DIM = '\x1b[2m';
const RED = '\x1b[31m';
const RESET = '\x1b[0m';
/** The cursor hidden once the shell is gone, shown again for a new one. */
const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';
/**
 * xterm.js parses each write whole and yields to the page only between writes: a large message (a `cat` of a big
 * file) goes in slices, so no one task holds the page for long.
 */
const WRITE_SLICE = 1024;

export function TerminalPane({
  session,
  visible,
  onLeave,
}: {
  session: TerminalSession;
  visible: boolean;
  /** Focus the session's tab (the key that leaves the terminal). */
  onLeave: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const term = useRef<{ terminal: Terminal; fit: FitAddon }>(undefined);
  const connection = useRef<ExecConnection>(undefined);
  const [refused, setRefused] = useState<ApiError>();
  const update = useTerminalDock((s) => s.update);
  const reconnect = useTerminalDock((s) => s.reconnect);
  const leave = useRef(onLeave);
  leave.current = onLeave;
  const visibleRef = useRef(visible);
  visibleRef.current = visible;
  const { id, target, attempt, state } = session;
  const theme = useTheme();
  const themeRef = useRef(theme);
  themeRef.current = theme;

  // The terminal, once per tab.
  useEffect(() => {
    const terminal = new Terminal({
      theme: TERMINAL_THEMES[themeRef.current],
      fontFamily: TERMINAL_FONT,
      fontSize: 13,
      lineHeight: 1.2,
      cursorBlink: true,
      scrollback: 5000,
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(host.current!);
    terminal.attachCustomKeyEventHandler((e) => {
      if (e.type !== 'keydown') return true;
      if (matchesShortcut(e, 'terminal.copy') && terminal.hasSelection()) {
        void navigator.clipboard?.writeText(terminal.getSelection());
        e.preventDefault();
        return false;
      }
      if (matchesShortcut(e, 'terminal.leave')) {
        e.preventDefault();
        leave.current();
        return false;
      }
      // Ctrl+Shift+V: the browser pastes (a paste event xterm reads), so xterm must not send the key itself.
      return !matchesShortcut(e, 'terminal.paste');
    });
    terminal.onData((data) => connection.current?.send(data));
    terminal.onBinary((data) => connection.current?.send(Uint8Array.from(data, (c) => c.charCodeAt(0))));
    terminal.onResize((size) => connection.current?.resize(size));
    term.current = { terminal, fit };
    const observer = new ResizeObserver(() => {
      // A hidden pane has no size: fitting it would shrink the shell to nothing.
      if (host.current && host.current.clientWidth > 0 && host.current.clientHeight > 0) fit.fit();
    });
    observer.observe(host.current!);
    return () => {
      observer.disconnect();
      terminal.dispose();
      term.current = undefined;
    };
  }, []);

  // One connection per attempt.
  useEffect(() => {
    const { terminal, fit } = term.current!;
    setRefused(undefined);
    const conn = connectExec(target, {
      onOpen: () => {
        // Said once the new shell is there: a reconnect the API refuses has connected to nothing.
        if (attempt > 0) {
          terminal.write(
            `${SHOW_CURSOR}\r\n${DIM}── Reconnected: a new shell. The previous shell's state (working directory, variables, anything half typed) is gone. ──${RESET}\r\n`,
          );
        }
        update(id, { state: 'open' });
        if (host.current && host.current.clientWidth > 0) fit.fit();
        // The shell is ready: it takes the keys, unless the person has gone on typing somewhere else meanwhile.
        const at = document.activeElement;
        if (visibleRef.current && !(at instanceof HTMLInputElement || at instanceof HTMLTextAreaElement))
          terminal.focus();
        conn.resize({ cols: terminal.cols, rows: terminal.rows });
      },
      onOutput: (data) => {
        for (let at = 0; at < data.length; at += WRITE_SLICE) terminal.write(data.subarray(at, at + WRITE_SLICE));
      },
      onEnd: (end) => {
        if (end.kind === 'exited') {
          terminal.write(`\r\n${DIM}${exitSentence(end.code)}${RESET}\r\n${HIDE_CURSOR}`);
          update(id, { state: 'exited', exitCode: end.code });
        } else {
          const fix = end.fix ? ` ${end.fix}` : '';
          terminal.write(`\r\n${RED}Session ended: ${end.message}.${RESET}${fix}\r\n${HIDE_CURSOR}`);
          update(id, { state: 'dropped', detail: `Session ended: ${end.message} (${end.reason}).${fix}` });
        }
      },
      onDrop: (detail) => {
        terminal.write(`\r\n${RED}${detail}${RESET}\r\n${HIDE_CURSOR}`);
        update(id, { state: 'dropped', detail });
      },
      onRefused: (error) => {
        setRefused(error);
        update(id, { state: 'failed', detail: error.message });
      },
    });
    connection.current = conn;
    return () => {
      conn.close();
      if (connection.current === conn) connection.current = undefined;
    };
  }, [id, target, attempt, update]);

  // Brought to the front: fit to the pane as it is now. A new session takes the keys; a tab brought back leaves
  // them where they are (on its tab, for the keyboard's tab moves).
  const focused = useRef(false);
  useEffect(() => {
    const t = term.current;
    if (!visible || !t || !host.current || host.current.clientWidth === 0) return;
    t.fit.fit();
    if (!focused.current) t.terminal.focus();
    focused.current = true;
  }, [visible]);

  // The page's theme, live: xterm repaints with the new colours, keeping what is on the screen.
  useEffect(() => {
    const t = term.current?.terminal;
    if (t) t.options.theme = TERMINAL_THEMES[theme];
  }, [theme]);

  const ended = state === 'exited' || state === 'dropped' || state === 'failed';
  return (
    <div className="flex h-full min-h-0 flex-col">
      {refused ? (
        // Inside the dock's dark fill, which keeps the light palette for its own white text: a page-like sheet.
        <div data-surface="page" className="max-h-[60%] shrink-0 overflow-y-auto bg-white p-3">
          <ErrorPanel error={refused} title={`Could not open a terminal in Sandbox ${target.name}`} compact />
        </div>
      ) : null}
      <div className="relative min-h-0 flex-1 bg-slate-900 py-1.5 pl-3 dark:bg-slate-950">
        <div ref={host} data-testid="terminal" className="h-full w-full" />
      </div>
      {ended ? (
        <div className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-800 bg-slate-900 px-3 py-1.5 text-xs text-slate-300">
          <span role="status" className={state === 'exited' ? 'text-slate-300' : 'text-rose-300'}>
            {state === 'exited'
              ? exitSentence(session.exitCode ?? 0)
              : state === 'failed'
                ? 'The API refused the terminal; see above.'
                : session.detail}
          </span>
          <button
            type="button"
            onClick={() => reconnect(id)}
            className="ml-auto inline-flex items-center gap-1.5 rounded-md border border-slate-700 bg-slate-800 px-2 py-1 font-medium text-slate-100 hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400"
          >
            <RefreshIcon className="size-3.5" />
            Reconnect
          </button>
          <span className="basis-full text-slate-500 sm:basis-auto">
            A new shell: the previous one’s state is gone.
          </span>
        </div>
      ) : null}
    </div>
  );
}
