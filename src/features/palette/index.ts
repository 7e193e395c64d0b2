export { CommandPalette } from './components/command-palette.tsx';
export type { CommandPaletteProps, PaletteHrefs } from './components/command-palette.tsx';
export type { ObjectName } from './api/object-names.ts';
