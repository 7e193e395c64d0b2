// Monaco's editor worker (diffs, links, word ranges), bundled by Vite as a same-origin module worker (`?worker`).
// Imported through this file so the dev server serves it from its pre-bundled deps (vite.config.ts) instead of
// hundreds of separate modules.
import 'monaco-editor/esm/vs/editor/editor.worker.js';
