/** The "?" sheet, loaded when first opened or warmed in idle time after the first view (lazy-part.tsx). */
import { lazyPart } from '@/lib/lazy-part.tsx';

export const { Component: ShortcutsSheet } = lazyPart<{ open: boolean; onClose: () => void }>(
  () => import('./shortcuts-sheet.tsx').then((m) => m.ShortcutsSheet),
  { label: 'the keyboard shortcuts', neededWhen: (props) => props.open, overlay: true },
);
