/** The object as the server would create it (read-only), with each field the server filled in marked in the gutter. */
import { useMemo } from 'react';
import { CodeEditor, type EditorMarker } from '@/components/code-editor/index.ts';
import { locateField } from '@/components/code-editor/yaml-locate.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { inlineValue, reviewedObjectYaml, type ServerAddition } from '../model/review-model.ts';

export function ServerObjectView({
  object,
  additions,
  kind,
}: {
  object: NodusObject;
  additions: readonly ServerAddition[];
  kind: string;
}) {
  const text = useMemo(() => reviewedObjectYaml(object), [object]);
  const markers = useMemo<EditorMarker[]>(
    () =>
      additions.map((a) => {
        const at = locateField(text, a.path);
        const what =
          a.draftValue !== undefined
            ? `normalized by the server (the draft had ${inlineValue(a.draftValue)})`
            : a.origin === 'default'
              ? 'a default the server filled in'
              : 'set by the server';
        return {
          startLineNumber: at.startLineNumber,
          startColumn: at.startColumn,
          endLineNumber: at.endLineNumber,
          endColumn: at.endColumn,
          message: `${a.path}: ${what}`,
          severity: 'info',
        };
      }),
    [text, additions],
  );
  const lines = text.split('\n').length;
  return (
    <CodeEditor
      value={text}
      readOnly
      ariaLabel={`${kind} as the server would create it`}
      markers={markers}
      height={Math.min(520, Math.max(160, lines * 20 + 24))}
    />
  );
}
