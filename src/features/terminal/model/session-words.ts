import type { TerminalSession } from './dock-store.ts';

/** What the tab says of its session, in words (the dot's colour says the same). */
export function describeState(session: Pick<TerminalSession, 'state' | 'exitCode'>): string {
  switch (session.state) {
    case 'connecting':
      return 'Connecting';
    case 'open':
      return 'Connected';
    case 'exited':
      return `Exited with code ${session.exitCode ?? '?'}`;
    case 'dropped':
      return 'Disconnected';
    case 'failed':
      return 'Could not connect';
  }
}
