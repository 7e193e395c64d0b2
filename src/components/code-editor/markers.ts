/**
 * Console markers ↔ Monaco markers, and the gutter decorations that mark each line with a console marker (so a
 * person sees at a glance which lines the API or the local checks complain about, not only squiggles).
 */
import type { editor as MonacoEditorNS, IDisposable } from 'monaco-editor';
import type { Monaco } from './monaco-setup.ts';
import type { EditorMarker } from './types.ts';

/** The owner of the console's markers; monaco-yaml's are 'yaml'. */
export const CONSOLE_OWNER = 'nodus-console';

export function toMonacoMarkers(monaco: Monaco, markers: readonly EditorMarker[]): MonacoEditorNS.IMarkerData[] {
  const severity = {
    error: monaco.MarkerSeverity.Error,
    warning: monaco.MarkerSeverity.Warning,
    info: monaco.MarkerSeverity.Info,
  };
  return markers.map((m) => ({
    startLineNumber: m.startLineNumber,
    startColumn: m.startColumn,
    endLineNumber: m.endLineNumber,
    endColumn: m.endColumn,
    message: m.message,
    severity: severity[m.severity],
    ...(m.source ? { source: m.source } : {}),
  }));
}

export function fromMonacoMarkers(monaco: Monaco, markers: readonly MonacoEditorNS.IMarker[]): EditorMarker[] {
  return markers
    .filter((m) => m.owner !== CONSOLE_OWNER)
    .map((m) => ({
      startLineNumber: m.startLineNumber,
      startColumn: m.startColumn,
      endLineNumber: m.endLineNumber,
      endColumn: m.endColumn,
      message: m.message,
      severity:
        m.severity === monaco.MarkerSeverity.Error
          ? 'error'
          : m.severity === monaco.MarkerSeverity.Warning
            ? 'warning'
            : 'info',
      ...(m.source ? { source: m.source } : {}),
    }));
}

/**
 * Puts `markers` on the model (replacing the console's previous ones) and a gutter bar on each line they touch.
 * The gutter class (`nodus-marker-<severity>`) is also what the end-to-end tests read to find a marker's line.
 */
export function applyMarkers(
  monaco: Monaco,
  editor: MonacoEditorNS.ICodeEditor,
  markers: readonly EditorMarker[],
  decorations: MonacoEditorNS.IEditorDecorationsCollection | undefined,
): MonacoEditorNS.IEditorDecorationsCollection | undefined {
  const model = editor.getModel();
  if (!model) return decorations;
  const lineCount = model.getLineCount();
  const clamped = markers.map((m) => ({
    ...m,
    startLineNumber: Math.min(Math.max(1, m.startLineNumber), lineCount),
    endLineNumber: Math.min(Math.max(1, m.endLineNumber), lineCount),
  }));
  monaco.editor.setModelMarkers(model, CONSOLE_OWNER, toMonacoMarkers(monaco, clamped));
  const lineDecorations: MonacoEditorNS.IModelDeltaDecoration[] = clamped.map((m) => ({
    range: new monaco.Range(m.startLineNumber, 1, m.endLineNumber, 1),
    options: {
      isWholeLine: true,
      linesDecorationsClassName: `nodus-marker nodus-marker-${m.severity}`,
      className: `nodus-marker-line-${m.severity}`,
      overviewRuler: {
        color: m.severity === 'error' ? '#dc2626' : m.severity === 'warning' ? '#d97706' : '#2563eb',
        position: monaco.editor.OverviewRulerLane.Left,
      },
    },
  }));
  if (decorations) {
    decorations.set(lineDecorations);
    return decorations;
  }
  return editor.createDecorationsCollection(lineDecorations);
}

export type { IDisposable };
