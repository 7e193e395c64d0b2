export { TerminalDock } from './components/terminal-dock.tsx';
export { useTerminalDock, type TerminalTarget } from './model/dock-store.ts';
