/**
 * The Monaco YAML editor itself. Loaded only through React.lazy from code-editor.tsx, so Monaco lands in its own
 * chunk. Controlled: `value` in, `onChange` out; the model keeps its undo history across value updates.
 */
import Editor, { type OnMount } from '@monaco-editor/react';
import type { editor as MonacoEditorNS } from 'monaco-editor';
import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import './code-editor.css';
import { applyMarkers, fromMonacoMarkers } from './markers.ts';
import { modelPath, monaco, registerSchema } from './monaco-setup.ts';
import type { CodeEditorProps } from './types.ts';

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

export default function MonacoCodeEditor(props: CodeEditorProps) {
  const { value, onChange, readOnly, ariaLabel, height = 420, className, markers, schema, schemaKind, onValidate, ref } = props;
  const id = useId();
  const key = schema ? (schemaKind ?? `schema-${id}`) : undefined;
  // Register before the model is created, so the first validation already knows the schema.
  if (key && schema) registerSchema(key, schema);
  const path = modelPath(id, key);

  const editorRef = useRef<MonacoEditorNS.IStandaloneCodeEditor | null>(null);
  const decorations = useRef<MonacoEditorNS.IEditorDecorationsCollection | undefined>(undefined);
  const [mounted, setMounted] = useState(false);

  useImperativeHandle(ref, () => ({
    revealPosition(lineNumber, column = 1) {
      const editor = editorRef.current;
      if (!editor) return;
      editor.setPosition({ lineNumber, column });
      editor.revealLineInCenterIfOutsideViewport(lineNumber);
      editor.focus();
    },
    focus() {
      editorRef.current?.focus();
    },
  }), []);

  // Markers follow the prop, and are put back after the text changes (Monaco keeps them, but ranges may move).
  useEffect(() => {
    const editor = editorRef.current;
    if (!mounted || !editor) return;
    decorations.current = applyMarkers(monaco, editor, markers ?? [], decorations.current);
  }, [markers, mounted, value]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: readOnly ?? false, ariaLabel });
  }, [readOnly, ariaLabel]);

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    setMounted(true);
  };

  return (
    <div className={className} data-testid="code-editor" data-editor-ready={mounted ? 'true' : 'false'}>
      <Editor
        height={height}
        language="yaml"
        path={path}
        value={value}
        theme="vs"
        onChange={(next) => onChange?.(next ?? '')}
        onMount={onMount}
        onValidate={(all) => onValidate?.(fromMonacoMarkers(monaco, all))}
        options={{ ...EDITOR_OPTIONS, readOnly: readOnly ?? false, ariaLabel }}
        loading={null}
      />
    </div>
  );
}
