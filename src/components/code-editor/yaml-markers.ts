/**
 * Editor markers from what went wrong with a YAML text: the API's Status causes (Invalid, FieldImmutable,
 * AlreadyExists differences...) placed on the lines of the fields they name, and the text's own parse problems.
 * The result has the shape of the CodeEditor's `markers` prop (src/components/code-editor), which this module
 * does not import (lib stays below components). Shared by the new-object editor and the object editor.
 * May import: ./yaml-locate, src/shared (types) and libraries.
 */
import type { StatusCause } from '@/shared/protocol.ts';
import { locateField, yamlProblems, type TextRange, type YamlProblem } from './yaml-locate.ts';

export interface TextMarker extends TextRange {
  message: string;
  severity: 'error' | 'warning' | 'info';
  source?: string;
}

/** A cause placed in the text, for an inline list beside the editor (line, column, field, message). */
export interface PlacedCause extends TextMarker {
  field: string | undefined;
  reason: string | undefined;
  /** False when the field is not in the text and the marker sits on its nearest parent. */
  exact: boolean;
}

/**
 * Places each cause on the line of its field in `text`. A cause without a field goes on line 1. `reason` is the
 * Status reason (Invalid, FieldImmutable), shown as the marker's source.
 */
export function placeCauses(
  text: string,
  causes: readonly StatusCause[],
  reason?: string,
  severity: TextMarker['severity'] = 'error',
): PlacedCause[] {
  return causes.map((cause) => {
    const field = cause.field || undefined;
    const message = cause.message ?? cause.reason ?? 'rejected by the API';
    if (!field) {
      return {
        startLineNumber: 1,
        startColumn: 1,
        endLineNumber: 1,
        endColumn: 2,
        message,
        severity,
        source: reason ? `API: ${reason}` : 'API',
        field,
        reason: cause.reason,
        exact: false,
      };
    }
    const at = locateField(text, field);
    const where = at.exact ? '' : ` (not in the text${at.foundPath ? `; marked at ${at.foundPath}` : ''})`;
    return {
      startLineNumber: at.startLineNumber,
      startColumn: at.startColumn,
      endLineNumber: at.endLineNumber,
      endColumn: at.endColumn,
      message: `${field}: ${message}${where}`,
      severity,
      source: reason ? `API: ${reason}${cause.reason ? ` (${cause.reason})` : ''}` : cause.reason,
      field,
      reason: cause.reason,
      exact: at.exact,
    };
  });
}

export function markersFromProblems(problems: readonly YamlProblem[]): TextMarker[] {
  return problems.map((p) => ({
    startLineNumber: p.startLineNumber,
    startColumn: p.startColumn,
    endLineNumber: p.endLineNumber,
    endColumn: p.endColumn,
    message: p.message,
    severity: p.severity,
    source: `YAML ${p.code}`,
  }));
}

/** The parse problems of `text` as markers (syntax errors, several documents, an empty text). */
export function syntaxMarkers(text: string): TextMarker[] {
  return markersFromProblems(yamlProblems(text));
}
