/**
 * Where a failure is shown the way the API sent it (error-panel-body.tsx: reason, code, message, causes, fix, docs
 * and the requestId to copy). Its code is a chunk of its own, fetched in idle time once the first view is painted
 * (lib/warm.ts), or with the first failure before that: a view that works never needs it.
 */
import { lazyPart } from '@/lib/lazy-part.tsx';
import type { ErrorPanelProps } from './error-panel-body.tsx';

export type { ErrorPanelProps } from './error-panel-body.tsx';

export const { Component: ErrorPanel } = lazyPart<ErrorPanelProps>(
  () => import('./error-panel-body.tsx').then((m) => m.ErrorPanel),
  { label: 'the details of what failed' },
);
