/** The files browser, loaded when a Files tab first opens (index.ts says why). */
import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import type { FilesBrowserProps } from './files-browser.tsx';

const Browser = lazy(() => import('./files-browser.tsx').then((m) => ({ default: m.FilesBrowser })));

export function FilesBrowser(props: FilesBrowserProps) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-busy="true" aria-label="Loading the files" className="space-y-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      }
    >
      <Browser {...props} />
    </Suspense>
  );
}
