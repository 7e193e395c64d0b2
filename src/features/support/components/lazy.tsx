/** The Support panel, loaded when first opened or warmed in idle time after the first view (lazy-part.tsx). */
import { lazyPart } from '@/lib/lazy-part.tsx';
import type { SupportPanelProps } from './support-panel.tsx';

export const { Component: SupportPanel } = lazyPart<SupportPanelProps>(
  () => import('./support-panel.tsx').then((m) => m.SupportPanel),
  {
    label: 'the Support panel',
    overlay: true,
    neededWhen: (props) => props.open,
    fallback: (
      <p
        role="status"
        className="fixed right-4 bottom-4 z-50 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg"
      >
        Opening the Support panel…
      </p>
    ),
  },
);
