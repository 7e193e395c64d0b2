/**
 * The terminal's colours: the console's slate and indigo, dark in either theme of the page; in the dark theme its
 * ground is a step darker (slate-950), as the page's is, so it still reads as a pane of its own.
 */
import type { ITheme } from '@xterm/xterm';
import type { Theme } from '@/data/theme.ts';

const LIGHT_PAGE: ITheme = {
  background: '#0f172a',
  foreground: '#e2e8f0',
  cursor: '#a5b4fc',
  cursorAccent: '#0f172a',
  selectionBackground: '#4f46e566',
  selectionForeground: '#f8fafc',
  black: '#1e293b',
  red: '#f87171',
  green: '#4ade80',
  yellow: '#fbbf24',
  blue: '#60a5fa',
  magenta: '#c084fc',
  cyan: '#22d3ee',
  white: '#cbd5e1',
  brightBlack: '#64748b',
  brightRed: '#fca5a5',
  brightGreen: '#86efac',
  brightYellow: '#fde68a',
  brightBlue: '#93c5fd',
  brightMagenta: '#d8b4fe',
  brightCyan: '#67e8f9',
  brightWhite: '#f8fafc',
};

export const TERMINAL_THEMES: Record<Theme, ITheme> = {
  light: LIGHT_PAGE,
  dark: { ...LIGHT_PAGE, background: '#020617', cursorAccent: '#020617' },
};

export const TERMINAL_FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
