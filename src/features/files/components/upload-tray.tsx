/**
 * Uploads that go on while their files view is closed (another tab of the page, another page): a small tray in
 * the corner with each one's progress, Cancel and Retry, and a link back to its folder. Nothing shows when every
 * upload is on screen in its own view, or when none is left.
 */
import { Link } from 'react-router';
import { dismissUploads, isActive, useUploadStore, type Upload } from '../api/uploads.ts';
import type { FilesTarget } from '../api/target.ts';
import { UploadRow } from './upload-list.tsx';

export function UploadTray({ hrefOf }: { hrefOf: (target: FilesTarget) => string }) {
  const uploads = useUploadStore((s) => s.uploads);
  const shown = useUploadStore((s) => s.shown);
  const offScreen = uploads.filter((u) => !shown[u.key]);
  if (offScreen.length === 0) return null;
  const byTree = new Map<string, Upload[]>();
  for (const u of offScreen) byTree.set(u.key, [...(byTree.get(u.key) ?? []), u]);
  const active = offScreen.filter(isActive).length;
  return (
    <aside
      aria-label="Uploads in the background"
      className="fixed right-4 bottom-4 z-40 w-[24rem] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xl"
    >
      <header className="flex items-center justify-between border-b border-slate-100 px-3 py-2 text-xs">
        <span className="font-semibold text-slate-800">
          {active > 0 ? `Uploading ${active} ${active === 1 ? 'file' : 'files'}` : 'Uploads finished'}
        </span>
      </header>
      <div className="max-h-72 space-y-2 overflow-y-auto p-2">
        {[...byTree].map(([key, list]) => {
          const first = list[0]!;
          return (
            <section key={key} aria-label={`Uploads to ${first.target.kind.kind} ${first.target.name}`}>
              <div className="flex items-center justify-between px-1 pb-1 text-xs">
                <Link to={hrefOf(first.target)} className="font-medium text-indigo-600 hover:underline">
                  {first.target.kind.kind} {first.target.name}
                </Link>
                {list.some((u) => !isActive(u)) ? (
                  <button
                    type="button"
                    onClick={() => dismissUploads(key)}
                    className="font-medium text-slate-500 hover:text-slate-800"
                  >
                    Clear finished
                  </button>
                ) : null}
              </div>
              <ul className="space-y-1">
                {list.map((u) => (
                  <UploadRow key={u.id} upload={u} compact />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </aside>
  );
}
