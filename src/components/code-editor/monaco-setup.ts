/**
 * Monaco, set up once for the whole console: the bundled editor (never a CDN), its workers built by Vite as
 * same-origin module files (`?worker`, not blob: URLs; no eval, so a strict Content-Security-Policy with
 * `worker-src 'self'` holds), YAML highlighting, and monaco-yaml configured once with every schema an editor has
 * registered. Only the lazy editor modules import this file, so Monaco stays out of every other chunk. It also
 * holds what the code editor and the diff editor share (their options, and what they do once Monaco mounts), so
 * the two look and behave alike.
 */
import { loader } from '@monaco-editor/react';
import type { editor as MonacoEditorNS } from 'monaco-editor';
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import { createWebWorker as createLanguageWorker } from 'monaco-editor/esm/vs/common/workers.js';
import EditorWorker from './editor.worker.ts?worker';
import { configureMonacoYaml, type SchemasSettings } from 'monaco-yaml';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTheme } from '@/data/theme.ts';
import { applyMarkers } from './markers.ts';
import YamlWorker from './yaml.worker.ts?worker';
import type { EditorMarker, JsonSchema } from './types.ts';

self.MonacoEnvironment = {
  getWorker(_moduleId: string, label: string): Worker {
    return label === 'yaml' ? new YamlWorker() : new EditorWorker();
  },
};

// @monaco-editor/react loads Monaco from a CDN unless it is handed the bundled one.
loader.config({ monaco });

/**
 * monaco-yaml (through monaco-worker-manager) still calls `editor.createWebWorker({ moduleId, label, createData })`,
 * the API of Monaco before 0.53; Monaco 0.55 wants `{ worker }` there and keeps the old form in its own
 * `common/workers.js` (what its JSON and CSS services use): it creates the worker through MonacoEnvironment and
 * sends createData first. Hand monaco-yaml a Monaco whose `editor.createWebWorker` takes both forms.
 */
const monacoForYaml: typeof monaco = {
  ...monaco,
  editor: {
    ...monaco.editor,
    createWebWorker: ((opts: Parameters<typeof createLanguageWorker>[0] & { worker?: unknown }) =>
      opts.worker
        ? monaco.editor.createWebWorker(opts as never)
        : createLanguageWorker(opts)) as typeof monaco.editor.createWebWorker,
  },
};

const yaml = configureMonacoYaml(monacoForYaml, {
  enableSchemaRequest: false,
  hover: true,
  completion: true,
  validate: true,
  schemas: [],
});

/** Schemas by key; each editor model's file name carries its key, which is how monaco-yaml picks the schema. */
const schemas = new Map<string, JsonSchema>();
/** What was last sent to the language service per key, so re-rendering editors do not restart validation. */
const sent = new Map<string, string>();

function safeKey(key: string): string {
  return key.replace(/[^A-Za-z0-9-]/g, '_');
}

/** The model path for an editor whose text follows the schema `key` (or none). */
export function modelPath(editorId: string, key: string | undefined): string {
  const id = safeKey(editorId);
  return key ? `nodus/${id}.${safeKey(key)}.nodus.yaml` : `nodus/${id}.yaml`;
}

/** Registers (or replaces) the schema for `key`; editors whose model path carries the key validate against it. */
export function registerSchema(key: string, schema: JsonSchema): void {
  const k = safeKey(key);
  if (schemas.get(k) === schema) return;
  const text = JSON.stringify(schema);
  schemas.set(k, schema);
  if (sent.get(k) === text) return;
  sent.set(k, text);
  const settings: SchemasSettings[] = [...schemas].map(([name, s]) => ({
    // An identifier only (enableSchemaRequest is off): nothing is fetched from it.
    uri: `https://schemas.nodus.dev/console/${name}.json`,
    fileMatch: [`*.${name}.nodus.yaml`],
    schema: s,
  }));
  void yaml.update({ schemas: settings });
}

export const EDITOR_OPTIONS: MonacoEditorNS.IStandaloneEditorConstructionOptions = {
  minimap: { enabled: false },
  fontSize: 13,
  lineHeight: 20,
  fontFamily: "'JetBrains Mono', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  scrollBeyondLastLine: false,
  tabSize: 2,
  insertSpaces: true,
  renderLineHighlight: 'line',
  automaticLayout: true,
  wordWrap: 'off',
  quickSuggestions: { other: true, comments: false, strings: true },
  fixedOverflowWidgets: true,
  scrollbar: { alwaysConsumeMouseWheel: false },
  padding: { top: 8, bottom: 8 },
  // Monaco dims the last line number on Linux only ('dimmed'), below the contrast WCAG asks for: the same everywhere.
  renderFinalNewline: 'on',
};

// Monaco's dark theme on the console's dark surface (slate-900), with line numbers and comments (vs-dark's green
// is below AA there) readable at WCAG AA.
monaco.editor.defineTheme('nodus-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [{ token: 'comment', foreground: '94a3b8' }],
  colors: {
    'editor.background': '#0f172a',
    'editorGutter.background': '#0f172a',
    'editorLineNumber.foreground': '#94a3b8',
    'editorLineNumber.activeForeground': '#e2e8f0',
    'editor.lineHighlightBackground': '#1e293b',
  },
});

/** The Monaco theme for the console's theme; Monaco's theme is global, so every editor switches together. */
export function useMonacoTheme(): string {
  return useTheme() === 'dark' ? 'nodus-dark' : 'vs';
}

type MountedEditor = MonacoEditorNS.IStandaloneCodeEditor | MonacoEditorNS.IStandaloneDiffEditor;

/**
 * Keeps the editor Monaco hands to `onMount` in `editorRef`, and says `mounted` once it has: effects that talk to
 * the editor wait for it, and `data-editor-ready` (what the end-to-end tests wait for) follows it. The console's
 * markers are put back on the text as `markers` and `text` change, since an edit can move the lines they sit on;
 * in a diff they go on the modified side, the one a person edits. The caller owns `editorRef` (a `useRef` of its
 * own), so the hook lint rule still knows the ref is stable in the caller's effects.
 */
export function useMountedEditor<E extends MountedEditor>(
  editorRef: RefObject<E | null>,
  markers: readonly EditorMarker[] | undefined,
  text: string,
) {
  const decorations = useRef<MonacoEditorNS.IEditorDecorationsCollection | undefined>(undefined);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    const editor: MountedEditor | null = editorRef.current;
    if (!mounted || !editor) return;
    const target = 'getModifiedEditor' in editor ? editor.getModifiedEditor() : editor;
    decorations.current = applyMarkers(monaco, target, markers ?? [], decorations.current);
  }, [editorRef, markers, mounted, text]);

  const onMount = (editor: E) => {
    editorRef.current = editor;
    setMounted(true);
  };

  return { mounted, onMount };
}

export { monaco };
export type Monaco = typeof monaco;
