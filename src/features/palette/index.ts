import { lazyPart } from '@/lib/lazy-part.tsx';
import type { CommandPaletteProps } from './components/command-palette.tsx';

/** Loaded when first opened (⌘K opens it once its code is in), or warmed in idle time after the first view. */
export const { Component: CommandPalette, preload: preloadCommandPalette } = lazyPart<CommandPaletteProps>(
  () => import('./components/command-palette.tsx').then((m) => m.CommandPalette),
  { label: 'the command palette', neededWhen: (props) => props.open, overlay: true },
);
export type { CommandPaletteProps, PaletteHrefs } from './components/command-palette.tsx';
export type { ObjectName } from './api/object-names.ts';
