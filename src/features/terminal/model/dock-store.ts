/**
 * The terminal dock's state: one tab per session (which Sandbox, how its connection stands), which tab is in
 * front, whether the dock is folded and how tall it is. It lives with the app shell, so a session outlives the
 * page it was opened from. The connections themselves are the panes' (components/terminal-pane.tsx).
 */
import { create } from 'zustand';

export interface TerminalTarget {
  /** The kind's API group and version, its plural and its kind name (from discovery). */
  group: string;
  version: string;
  plural: string;
  kind: string;
  project: string;
  name: string;
}

/**
 * connecting → open → exited (the command ended with a code) | dropped (the connection broke off or the API ended
 * it without an exit code); failed: the API refused before the session began (its Status says why).
 */
export type SessionState = 'connecting' | 'open' | 'exited' | 'dropped' | 'failed';

export interface TerminalSession {
  id: string;
  target: TerminalTarget;
  state: SessionState;
  exitCode?: number;
  /** Why it dropped, in a sentence. */
  detail?: string;
  /** Bumped by Reconnect: each value is a new shell in the same tab. */
  attempt: number;
}

export const DOCK_MIN_HEIGHT = 160;
export const DOCK_DEFAULT_HEIGHT = 320;

export interface DockState {
  sessions: TerminalSession[];
  active: string | undefined;
  collapsed: boolean;
  height: number;
  open: (target: TerminalTarget) => string;
  close: (id: string) => void;
  activate: (id: string) => void;
  update: (id: string, patch: Partial<Pick<TerminalSession, 'state' | 'exitCode' | 'detail'>>) => void;
  reconnect: (id: string) => void;
  setCollapsed: (collapsed: boolean) => void;
  /** Clamped to [DOCK_MIN_HEIGHT, max]. */
  setHeight: (height: number, max: number) => void;
}

export function createDockStore() {
  let next = 0;
  return create<DockState>()((set) => ({
    sessions: [],
    active: undefined,
    collapsed: false,
    height: DOCK_DEFAULT_HEIGHT,
    open: (target) => {
      const id = `t${++next}`;
      set((s) => ({
        sessions: [...s.sessions, { id, target, state: 'connecting', attempt: 0 }],
        active: id,
        collapsed: false,
      }));
      return id;
    },
    close: (id) =>
      set((s) => {
        const at = s.sessions.findIndex((t) => t.id === id);
        if (at < 0) return s;
        const sessions = s.sessions.filter((t) => t.id !== id);
        // The neighbour on the right takes the front, else the one on the left.
        const active = s.active === id ? (sessions[at] ?? sessions[at - 1])?.id : s.active;
        return { sessions, active };
      }),
    activate: (id) => set({ active: id, collapsed: false }),
    update: (id, patch) => set((s) => ({ sessions: s.sessions.map((t) => (t.id === id ? { ...t, ...patch } : t)) })),
    reconnect: (id) =>
      set((s) => ({
        sessions: s.sessions.map((t) =>
          t.id === id
            ? { ...t, state: 'connecting', attempt: t.attempt + 1, exitCode: undefined, detail: undefined }
            : t,
        ),
      })),
    setCollapsed: (collapsed) => set({ collapsed }),
    setHeight: (height, max) => set({ height: Math.round(Math.max(DOCK_MIN_HEIGHT, Math.min(height, max))) }),
  }));
}

export const useTerminalDock = createDockStore();
