/**
 * The uploads of this tab, kept outside any view: an upload goes on when its files tab closes or the person moves
 * to another page (the tray shows it), and the tab warns before it is closed or reloaded while one still runs (a
 * page that goes away ends its requests). Two run at a time, the rest wait their turn. A failed one keeps its file
 * and its error, so Retry sends the same bytes again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { uploadBytes } from '@/data/upload.ts';
import { joinPath } from '../lib/paths.ts';
import { invalidateTree } from './file-writes.ts';
import { filesPath, targetKey, type FilesTarget } from './target.ts';
import { isActive, useUploadStore, type Upload } from './upload-store.ts';

export { isActive, useUploadStore, type Upload, type UploadPhase } from './upload-store.ts';

export const MAX_PARALLEL = 2;
const bodies = new Map<number, Blob>();
const controllers = new Map<number, AbortController>();
let queryClient: QueryClient | undefined;
let nextId = 1;

function patch(id: number, change: Partial<Upload>): void {
  useUploadStore.setState((s) => ({ uploads: s.uploads.map((u) => (u.id === id ? { ...u, ...change } : u)) }));
}

export interface NewUpload {
  /** The name in the folder; a dropped folder's files carry their relative path (`photos/a.jpg`). */
  name: string;
  body: Blob;
}

/** Queues files for a folder of a tree; they start as soon as fewer than MAX_PARALLEL run. */
export function startUploads(
  client: QueryClient,
  target: FilesTarget,
  folder: string,
  files: readonly NewUpload[],
): void {
  queryClient = client;
  const now = Date.now();
  const added = files.map((f): Upload => {
    const id = nextId++;
    bodies.set(id, f.body);
    return {
      id,
      key: targetKey(target),
      target,
      path: joinPath(folder, f.name),
      name: f.name,
      size: f.body.size,
      phase: 'queued',
      sent: 0,
      startedAt: now,
      at: now,
    };
  });
  useUploadStore.setState((s) => ({ uploads: [...s.uploads, ...added] }));
  watchUnload();
  pump();
}

function pump(): void {
  const { uploads } = useUploadStore.getState();
  let running = uploads.filter((u) => u.phase === 'uploading').length;
  for (const upload of uploads) {
    if (running >= MAX_PARALLEL) break;
    if (upload.phase !== 'queued') continue;
    running++;
    void run(upload);
  }
}

async function run(upload: Upload): Promise<void> {
  const body = bodies.get(upload.id);
  if (!body) return;
  const abort = new AbortController();
  controllers.set(upload.id, abort);
  const startedAt = Date.now();
  patch(upload.id, { phase: 'uploading', sent: 0, startedAt, at: startedAt, error: undefined });
  let last = 0;
  try {
    await uploadBytes(filesPath(upload.target, upload.path), body, {
      signal: abort.signal,
      onProgress: (sent) => {
        // A few updates a second: each one renders the list.
        const now = Date.now();
        if (now - last < 100 && sent < body.size) return;
        last = now;
        patch(upload.id, { sent, at: now });
      },
    });
    bodies.delete(upload.id);
    patch(upload.id, { phase: 'done', sent: body.size, at: Date.now() });
    if (queryClient) void invalidateTree(queryClient, upload.target);
  } catch (error) {
    patch(upload.id, abort.signal.aborted ? { phase: 'cancelled' } : { phase: 'failed', error, at: Date.now() });
  } finally {
    controllers.delete(upload.id);
    pump();
  }
}

export function cancelUpload(id: number): void {
  const upload = useUploadStore.getState().uploads.find((u) => u.id === id);
  if (upload?.phase === 'queued') patch(id, { phase: 'cancelled' });
  controllers.get(id)?.abort();
}

/** Sends a failed or cancelled upload's bytes again. */
export function retryUpload(id: number): void {
  if (!bodies.has(id)) return;
  patch(id, { phase: 'queued', sent: 0, error: undefined });
  pump();
}

/** Forgets finished uploads (done, failed or cancelled) of one tree, or one of them. */
export function dismissUploads(key: string, id?: number): void {
  const gone = useUploadStore
    .getState()
    .uploads.filter((u) => u.key === key && !isActive(u) && (id === undefined || u.id === id));
  for (const u of gone) bodies.delete(u.id);
  const ids = new Set(gone.map((u) => u.id));
  useUploadStore.setState((s) => ({ uploads: s.uploads.filter((u) => !ids.has(u.id)) }));
}

export function useUploads(key: string): Upload[] {
  const uploads = useUploadStore((s) => s.uploads);
  return uploads.filter((u) => u.key === key);
}

/** Marks the tree's uploads as on screen while the calling view is mounted: the tray leaves them out. */
export function useShowUploads(key: string): void {
  useEffect(() => {
    const bump = (by: number) =>
      useUploadStore.setState((s) => ({ shown: { ...s.shown, [key]: Math.max(0, (s.shown[key] ?? 0) + by) } }));
    bump(1);
    return () => bump(-1);
  }, [key]);
}

let watching = false;

/** While an upload runs, closing or reloading the tab asks first: the page's requests end with it. */
function watchUnload(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('beforeunload', (event) => {
    if (useUploadStore.getState().uploads.some(isActive)) {
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = '';
    }
  });
}
