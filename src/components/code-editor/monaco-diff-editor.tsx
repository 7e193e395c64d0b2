/**
 * Monaco's diff editor (loaded lazily through diff-editor.tsx): read-only, or with the modified side editable.
 */
import { DiffEditor as MonacoDiff } from '@monaco-editor/react';
import type { editor as MonacoEditorNS, IDisposable } from 'monaco-editor';
import { useEffect, useId, useRef } from 'react';
import './code-editor.css';
import { EDITOR_OPTIONS, modelPath, useMonacoTheme, useMountedEditor } from './monaco-setup.ts';
import type { DiffEditorProps } from './types.ts';

export default function MonacoDiffEditor(props: DiffEditorProps) {
  const {
    original,
    modified,
    onChange,
    readOnly = true,
    ariaLabel,
    height = 420,
    className,
    sideBySide = true,
    markers,
  } = props;
  const id = useId();
  const theme = useMonacoTheme();
  const editorRef = useRef<MonacoEditorNS.IStandaloneDiffEditor | null>(null);
  const { mounted, onMount } = useMountedEditor(editorRef, markers, modified);
  const onChangeRef = useRef(onChange);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!mounted || !editor) return;
    editor.updateOptions({ readOnly, originalEditable: false, renderSideBySide: sideBySide });
  }, [mounted, readOnly, sideBySide]);

  // @monaco-editor/react disposes the models before the widget, which Monaco throws about ("TextModel got disposed
  // before DiffEditorWidget model got reset"): it keeps them, and every unmount detaches them here, then frees them.
  useEffect(() => {
    const editor = editorRef.current;
    if (!mounted || !editor) return;
    let widgetDisposed = false;
    const sub = editor.onDidDispose(() => {
      widgetDisposed = true;
    });
    return () => {
      sub.dispose();
      const models = editor.getModel();
      if (!widgetDisposed) editor.setModel(null);
      models?.original.dispose();
      models?.modified.dispose();
    };
  }, [mounted]);

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

  return (
    <div className={className} data-testid="diff-editor" data-editor-ready={mounted ? 'true' : 'false'}>
      <MonacoDiff
        height={height}
        language="yaml"
        original={original}
        modified={modified}
        originalModelPath={modelPath(`${id}-original`, undefined)}
        modifiedModelPath={modelPath(`${id}-modified`, undefined)}
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        theme={theme}
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
