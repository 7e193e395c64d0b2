/**
 * The shared editors (see README.md). Importing from here never loads Monaco: both components load it lazily.
 */
export { CodeEditor } from './code-editor.tsx';
export { DiffEditor } from './diff-editor.tsx';
export type { CodeEditorHandle, CodeEditorProps, DiffEditorProps, EditorMarker, JsonSchema } from './types.ts';
