/**
 * CodeEditor: the console's YAML editor. Monaco is loaded on first render through React.lazy, inside this
 * component, so whoever imports CodeEditor does not pull Monaco into their chunk.
 */
import { lazy, Suspense } from 'react';
import { EditorErrorBoundary, EditorLoading } from './editor-frame.tsx';
import type { CodeEditorProps } from './types.ts';

const MonacoCodeEditor = lazy(() => import('./monaco-code-editor.tsx'));

export function CodeEditor(props: CodeEditorProps) {
  return (
    <EditorErrorBoundary>
      <Suspense fallback={<EditorLoading height={props.height} label={props.ariaLabel} />}>
        <MonacoCodeEditor {...props} />
      </Suspense>
    </EditorErrorBoundary>
  );
}
