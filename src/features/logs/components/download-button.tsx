/**
 * Download the whole log from the server as <name>.log (not only the lines held in the browser), with the bytes
 * and lines so far, and a Cancel that ends the request. A failure shows the API's error panel.
 */
import { useEffect, useRef, useState } from 'react';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { apiClient } from '@/data/api-client.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { fetchWholeLog, type DownloadProgress } from '../lib/download.ts';
import { formatCount } from '@/lib/format.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; progress: DownloadProgress }
  | { kind: 'done'; lines: number; bytes: number }
  | { kind: 'error'; error: unknown };

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function DownloadButton({ path, name, timestamps }: { path: string; name: string; timestamps: boolean }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  async function start(): Promise<void> {
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'running', progress: { bytes: 0, lines: 0, totalBytes: undefined } });
    try {
      const { blob, lines } = await fetchWholeLog(apiClient, path, {
        timestamps,
        signal: abort.signal,
        onProgress: (progress) => setState({ kind: 'running', progress }),
      });
      saveBlob(blob, `${name}.log`);
      setState({ kind: 'done', lines, bytes: blob.size });
    } catch (error) {
      if (abort.signal.aborted) setState({ kind: 'idle' });
      else setState({ kind: 'error', error });
    }
  }

  if (state.kind === 'running') {
    const { bytes, lines, totalBytes } = state.progress;
    const pct = totalBytes ? Math.min(100, Math.round((bytes / totalBytes) * 100)) : undefined;
    return (
      <div className="flex items-center gap-2 text-xs text-slate-600" role="status" aria-label="Download progress">
        <span className="relative h-1.5 w-24 overflow-hidden rounded-full bg-slate-200">
          <span
            className={
              pct === undefined
                ? 'absolute inset-y-0 w-1/3 animate-pulse rounded-full bg-indigo-500'
                : 'absolute inset-y-0 left-0 rounded-full bg-indigo-500'
            }
            style={pct === undefined ? undefined : { width: `${pct}%` }}
          />
        </span>
        <span className="tabular-nums">
          Downloading {size(bytes)} · {formatCount(lines)} lines{pct === undefined ? '' : ` · ${pct}%`}
        </span>
        <button
          type="button"
          onClick={() => controller.current?.abort()}
          className="rounded-md border border-slate-200 bg-white px-2 py-1 font-medium text-slate-700 hover:bg-slate-50"
        >
          Cancel
        </button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        onClick={() => void start()}
        title={`Download the whole log from the server as ${name}.log`}
        className="rounded-md border border-slate-200 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
      >
        Download
      </button>
      {state.kind === 'done' ? (
        <span role="status" className="text-xs text-slate-500">
          Saved {name}.log: {formatCount(state.lines)} lines, {size(state.bytes)}
        </span>
      ) : null}
      {state.kind === 'error' ? (
        <div className="absolute right-3 top-12 z-20 w-[28rem] shadow-lg">
          <ErrorPanel
            error={state.error}
            title={`Could not download the log of ${name}`}
            onRetry={() => void start()}
          />
        </div>
      ) : null}
    </div>
  );
}
