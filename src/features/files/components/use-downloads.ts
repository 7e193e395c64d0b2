/**
 * The downloads started from one folder view: each file's progress by its path, Cancel, and the last failure with
 * a Retry of that file.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { downloadFile } from '../api/download.ts';
import type { FilesTarget } from '../api/target.ts';
import type { ProgressSample } from '../lib/progress.ts';

export function useDownloads(target: FilesTarget) {
  const [progress, setProgress] = useState<ReadonlyMap<string, ProgressSample>>(new Map());
  const [error, setError] = useState<{ path: string; name: string; error: unknown } | undefined>(undefined);
  const controllers = useRef(new Map<string, AbortController>());
  const targetRef = useRef(target);
  targetRef.current = target;

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const set = (path: string, sample: ProgressSample | undefined) =>
    setProgress((prev) => {
      const next = new Map(prev);
      if (sample) next.set(path, sample);
      else next.delete(path);
      return next;
    });

  const start = useCallback(async (path: string, name: string) => {
    if (controllers.current.has(path)) return;
    const abort = new AbortController();
    controllers.current.set(path, abort);
    setError(undefined);
    set(path, { done: 0, total: undefined, startedAt: Date.now(), at: Date.now() });
    try {
      await downloadFile(targetRef.current, path, name, { signal: abort.signal, onProgress: (p) => set(path, p) });
    } catch (failure) {
      if (!abort.signal.aborted) setError({ path, name, error: failure });
    } finally {
      controllers.current.delete(path);
      set(path, undefined);
    }
  }, []);

  return {
    progress,
    error,
    start: (path: string, name: string) => void start(path, name),
    cancel: (path: string) => controllers.current.get(path)?.abort(),
    retry: () => {
      if (error) void start(error.path, error.name);
    },
  };
}
