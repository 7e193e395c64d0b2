// Monaco's "core" entry (every editor feature, no bundled language services) has no typings of its own; it
// exports the same API as the package's main entry.
declare module 'monaco-editor/esm/vs/editor/edcore.main.js' {
  export * from 'monaco-editor';
}
declare module 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
declare module 'monaco-yaml/yaml.worker.js';
declare module 'monaco-editor/esm/vs/editor/editor.worker.js';
declare module 'monaco-editor/esm/vs/common/workers.js' {
  import type { editor } from 'monaco-editor';
  /** Monaco's own helper for language workers: creates the worker, sends `createData`, wraps it for RPC. */
  export function createWebWorker<T extends object>(opts: {
    moduleId: string;
    label?: string;
    createData?: unknown;
    host?: unknown;
    keepIdleModels?: boolean;
    createWorker?: () => Worker;
  }): editor.MonacoWebWorker<T>;
}
