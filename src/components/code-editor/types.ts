/**
 * The props of the shared editors. Kept apart from the Monaco modules so that importing the types (or the lazy
 * wrappers) never pulls Monaco into a chunk.
 */
import type { Ref } from 'react';

/** A message on a range of the text; lines and columns count from 1, as Monaco's do. */
export interface EditorMarker {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
  /** Optional short source shown in the hover, e.g. "API: Invalid" or the field path. */
  source?: string;
}

/** A JSON schema object (what monaco-yaml validates and completes against). */
export type JsonSchema = Record<string, unknown>;

/** Imperative handle of a CodeEditor: move the cursor to a marker, give the editor focus. */
export interface CodeEditorHandle {
  revealPosition(lineNumber: number, column?: number): void;
  focus(): void;
}

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** Only YAML for now; Monaco highlights it and monaco-yaml validates it against `schema`. */
  language?: 'yaml';
  readOnly?: boolean;
  /** The accessible name of the editor's text area (Monaco's `ariaLabel`). */
  ariaLabel: string;
  /** CSS height of the editor, e.g. 480 or '60vh'. Defaults to 420 px. */
  height?: number | string;
  className?: string;
  /** Markers from the console (API causes, local checks), shown beside monaco-yaml's own. */
  markers?: readonly EditorMarker[];
  /**
   * The JSON schema to validate, complete and document against (a kind's schema from the API's OpenAPI v3, see
   * src/data/kind-schema.ts). Editors with the same `schemaKind` share one registration.
   */
  schema?: JsonSchema;
  /** A key for `schema`, usually the kind ("Job"). */
  schemaKind?: string;
  /** Markers of the YAML language service (syntax, schema) whenever they change; the console's own are left out. */
  onValidate?: (markers: EditorMarker[]) => void;
  /** Ref to the editor handle (React 19 passes `ref` as a prop, through the lazy wrapper too). */
  ref?: Ref<CodeEditorHandle>;
}

export interface DiffEditorProps {
  /** Left side (e.g. the existing object, or the server's copy). */
  original: string;
  /** Right side (e.g. the draft); editable unless `readOnly`. */
  modified: string;
  onChange?: (modified: string) => void;
  language?: 'yaml';
  /** True (the default) makes both sides read-only; false lets the person edit the modified side. */
  readOnly?: boolean;
  ariaLabel: string;
  height?: number | string;
  className?: string;
  /** Side by side (default) or inline. */
  sideBySide?: boolean;
  /** Markers on the modified side. */
  markers?: readonly EditorMarker[];
}
