/** The context form, loaded when first opened or warmed in idle time after the first view (lazy-part.tsx). */
import { lazyPart } from '@/lib/lazy-part.tsx';
import type { ContextFormProps } from './context-form.tsx';

export const { Component: ContextForm } = lazyPart<ContextFormProps>(
  () => import('./context-form.tsx').then((m) => m.ContextForm),
  { label: 'the context form', overlay: true },
);
