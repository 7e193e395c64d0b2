/**
 * Monaco's diff editor (loaded lazily through diff-editor.tsx): read-only, or with the modified side editable.
 */
import { DiffEditor as MonacoDiff, type DiffOnMount } from '@monaco-editor/react';
import type { editor as MonacoEditorNS, IDisposable } from 'monaco-editor';
import { useEffect, useId, useRef, useState } from 'react';
import './code-editor.css';
import { applyMarkers } from './markers.ts';
import { EDITOR_OPTIONS } from './monaco-code-editor.tsx';
import { modelPath, monaco } from './monaco-setup.ts';
import type { DiffEditorProps } from './types.ts';

export default function MonacoDiffEditor(props: DiffEditorProps) {
  const { original, modified, onChange, readOnly = true, ariaLabel, height = 420, className, sideBySide = true, markers } = props;
  const id = useId();
  const editorRef = useRef<MonacoEditorNS.IStandaloneDiffEditor | null>(null);
  const decorations = useRef<MonacoEditorNS.IEditorDecorationsCollection | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!mounted || !editor) return;
    decorations.current = applyMarkers(monaco, editor.getModifiedEditor(), markers ?? [], decorations.current);
  }, [markers, mounted, modified]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!mounted || !editor) return;
    editor.updateOptions({ readOnly, originalEditable: false, renderSideBySide: sideBySide });
  }, [mounted, readOnly, sideBySide]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!mounted || !editor) return;
    let sub: IDisposable | undefined;
    const modifiedEditor = editor.getModifiedEditor();
    sub = modifiedEditor.onDidChangeModelContent(() => onChangeRef.current?.(modifiedEditor.getValue()));
    return () => {
      sub?.dispose();
      sub = undefined;
    };
  }, [mounted]);

  const onMount: DiffOnMount = (editor) => {
    editorRef.current = editor;
    setMounted(true);
  };

  return (
    <div className={className} data-testid="diff-editor" data-editor-ready={mounted ? 'true' : 'false'}>
      <MonacoDiff
        height={height}
        language="yaml"
        original={original}
        modified={modified}
        originalModelPath={modelPath(`${id}-original`, undefined)}
        modifiedModelPath={modelPath(`${id}-modified`, undefined)}
        theme="vs"
        onMount={onMount}
        options={{
          ...EDITOR_OPTIONS,
          readOnly,
          originalEditable: false,
          renderSideBySide: sideBySide,
          ariaLabel,
          originalAriaLabel: `${ariaLabel} (original)`,
          modifiedAriaLabel: `${ariaLabel} (modified)`,
          renderOverviewRuler: false,
          diffWordWrap: 'off',
        }}
        loading={null}
      />
    </div>
  );
}
