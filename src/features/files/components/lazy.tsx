/** The browser and the tray, loaded on first use (index.ts says why). */
import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import type { FilesTarget } from '../api/target.ts';
import type { FilesBrowserProps } from './files-browser.tsx';
import { useUploadStore } from '../api/upload-store.ts';

const Browser = lazy(() => import('./files-browser.tsx').then((m) => ({ default: m.FilesBrowser })));
const Tray = lazy(() => import('./upload-tray.tsx').then((m) => ({ default: m.UploadTray })));

export function FilesBrowser(props: FilesBrowserProps) {
  return (
    <Suspense
      fallback={
        <div aria-busy="true" aria-label="Loading the files" className="space-y-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      }
    >
      <Browser {...props} />
    </Suspense>
  );
}

/** Nothing, until an upload runs or ends while its own view is not on screen. */
export function UploadTray({ hrefOf }: { hrefOf: (target: FilesTarget) => string }) {
  const offScreen = useUploadStore((s) => s.uploads.some((u) => !s.shown[u.key]));
  return offScreen ? (
    <Suspense fallback={null}>
      <Tray hrefOf={hrefOf} />
    </Suspense>
  ) : null;
}
