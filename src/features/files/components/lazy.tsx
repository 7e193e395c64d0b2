/** The upload tray, loaded on first use (index.ts says why); the browser's wrapper is lazy-browser.tsx. */
import { lazy, Suspense } from 'react';
import type { FilesTarget } from '../api/target.ts';
import { useUploadStore } from '../api/upload-store.ts';

const Tray = lazy(() => import('./upload-tray.tsx').then((m) => ({ default: m.UploadTray })));

/** Nothing, until an upload runs or ends while its own view is not on screen. */
export function UploadTray({ hrefOf }: { hrefOf: (target: FilesTarget) => string }) {
  const offScreen = useUploadStore((s) => s.uploads.some((u) => !s.shown[u.key]));
  return offScreen ? (
    <Suspense fallback={null}>
      <Tray hrefOf={hrefOf} />
    </Suspense>
  ) : null;
}
