/** DiffEditor: Monaco's diff editor, loaded lazily like CodeEditor (see code-editor.tsx). */
import { lazy, Suspense } from 'react';
import { EditorErrorBoundary, EditorLoading } from './editor-frame.tsx';
import type { DiffEditorProps } from './types.ts';

const MonacoDiffEditor = lazy(() => import('./monaco-diff-editor.tsx'));

export function DiffEditor(props: DiffEditorProps) {
  return (
    <EditorErrorBoundary>
      <Suspense fallback={<EditorLoading height={props.height} label={props.ariaLabel} />}>
        <MonacoDiffEditor {...props} />
      </Suspense>
    </EditorErrorBoundary>
  );
}
