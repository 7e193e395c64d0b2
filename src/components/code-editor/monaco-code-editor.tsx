/**
 * The Monaco YAML editor itself. Loaded only through React.lazy from code-editor.tsx, so Monaco lands in its own
 * chunk. Controlled: `value` in, `onChange` out; the model keeps its undo history across value updates.
 */
import Editor from '@monaco-editor/react';
import type { editor as MonacoEditorNS } from 'monaco-editor';
import { useEffect, useId, useImperativeHandle, useRef } from 'react';
import './code-editor.css';
import { fromMonacoMarkers } from './markers.ts';
import { EDITOR_OPTIONS, modelPath, monaco, registerSchema, useMonacoTheme, useMountedEditor } from './monaco-setup.ts';
import type { CodeEditorProps } from './types.ts';

export default function MonacoCodeEditor(props: CodeEditorProps) {
  const {
    value,
    onChange,
    readOnly,
    ariaLabel,
    height = 420,
    className,
    markers,
    schema,
    schemaKind,
    onValidate,
    ref,
  } = props;
  const id = useId();
  const theme = useMonacoTheme();
  const key = schema ? (schemaKind ?? `schema-${id}`) : undefined;
  // Register before the model is created, so the first validation already knows the schema.
  if (key && schema) registerSchema(key, schema);
  const path = modelPath(id, key);

  // Markers follow the prop, and are put back after the text changes (Monaco keeps them, but ranges may move).
  const editorRef = useRef<MonacoEditorNS.IStandaloneCodeEditor | null>(null);
  const { mounted, onMount } = useMountedEditor(editorRef, markers, value);

  useImperativeHandle(
    ref,
    () => ({
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
    }),
    [],
  );

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: readOnly ?? false, ariaLabel });
  }, [readOnly, ariaLabel]);

  return (
    <div className={className} data-testid="code-editor" data-editor-ready={mounted ? 'true' : 'false'}>
      <Editor
        height={height}
        language="yaml"
        path={path}
        value={value}
        theme={theme}
        onChange={(next) => onChange?.(next ?? '')}
        onMount={onMount}
        onValidate={(all) => onValidate?.(fromMonacoMarkers(monaco, all))}
        options={{ ...EDITOR_OPTIONS, readOnly: readOnly ?? false, ariaLabel }}
        loading={null}
      />
    </div>
  );
}
