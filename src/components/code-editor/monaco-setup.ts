/**
 * Monaco, set up once for the whole console: the bundled editor (never a CDN), its workers built by Vite as
 * same-origin module files (`?worker`, not blob: URLs; no eval, so a strict Content-Security-Policy with
 * `worker-src 'self'` holds), YAML highlighting, and monaco-yaml configured once with every schema an editor has
 * registered. Only the lazy editor modules import this file, so Monaco stays out of every other chunk.
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import { createWebWorker as createLanguageWorker } from 'monaco-editor/esm/vs/common/workers.js';
import EditorWorker from './editor.worker.ts?worker';
import { configureMonacoYaml, type SchemasSettings } from 'monaco-yaml';
import YamlWorker from './yaml.worker.ts?worker';
import type { JsonSchema } from './types.ts';

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
      opts.worker ? monaco.editor.createWebWorker(opts as never) : createLanguageWorker(opts)) as typeof monaco.editor.createWebWorker,
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

export { monaco };
export type Monaco = typeof monaco;
