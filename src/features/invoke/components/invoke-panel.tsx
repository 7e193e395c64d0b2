/**
 * The Invoke tab of a Function's page: write a request, send it, read what came back; the session's last
 * invocations below. The request being written is saved as it changes, so a reload keeps it.
 */
import { useEffect, useMemo, useState } from 'react';
import { useAccess } from '@/data/access/index.ts';
import type { KindInfo } from '@/data/client/index.ts';
import { resourcePath } from '@/data/client/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { useInvocation } from '../api/use-invocation.ts';
import {
  addToHistory,
  clearHistory,
  loadDraft,
  loadHistory,
  saveDraft,
  sessionStore,
  type Invocation,
} from '../model/history.ts';
import {
  checkHeaders,
  checkJson,
  exampleFrom,
  schemaProblems,
  type HeaderRow,
  type JsonSchema,
} from '../model/request.ts';
import { HistoryList } from './history-list.tsx';
import { RequestEditor } from './request-editor.tsx';
import { ResponseView } from './response-view.tsx';

export interface InvokePanelProps {
  kind: KindInfo;
  project: string;
  name: string;
  /** The object now; undefined once deleted. */
  object: NodusObject | undefined;
}

function requestSchemaOf(object: NodusObject | undefined): JsonSchema | undefined {
  const schema = object?.spec?.requestSchema;
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema) ? (schema as JsonSchema) : undefined;
}

function initialBody(schema: JsonSchema | undefined): string {
  return JSON.stringify(schema ? exampleFrom(schema) : {}, null, 2);
}

export function InvokePanel({ kind, project, name, object }: InvokePanelProps) {
  const storage = sessionStore();
  const schema = requestSchemaOf(object);
  const [draft] = useState(() => loadDraft(storage, project, name));
  const [body, setBody] = useState(() => draft?.body ?? initialBody(schema));
  const [rows, setRows] = useState<HeaderRow[]>(() => draft?.headers ?? []);
  const [history, setHistory] = useState<Invocation[]>(() => loadHistory(storage, project, name));
  const [selected, setSelected] = useState<string | undefined>(() => history[0]?.id);

  useEffect(() => saveDraft(storage, project, name, { body, headers: rows }), [storage, project, name, body, rows]);

  const { sending, send, cancel } = useInvocation(kind, project, name, (entry) => {
    setHistory(addToHistory(storage, project, name, entry));
    setSelected(entry.id);
  });

  const check = useMemo(() => checkJson(body), [body]);
  const problems = useMemo(
    () => (check.ok && !check.empty && schema ? schemaProblems(check.value, schema) : []),
    [check, schema],
  );
  const headers = useMemo(() => checkHeaders(rows), [rows]);
  const phase = typeof object?.status?.phase === 'string' ? object.status.phase : undefined;
  const notice = !object
    ? 'This Function was deleted: the API will refuse the request.'
    : phase !== 'Running'
      ? `This Function is ${phase ?? 'not running yet'}: the API will refuse the request until it is Running.`
      : undefined;
  const access = useAccess({
    verb: 'create',
    group: kind.group,
    resource: kind.plural,
    subresource: 'invoke',
    namespace: project,
    name,
  });
  const shown = history.find((e) => e.id === selected) ?? (sending ? undefined : history[0]);

  return (
    <div className="space-y-5">
      <div className="grid items-start gap-5 xl:grid-cols-2">
        <RequestEditor
          path={resourcePath(kind, kind.plural, { namespace: project, name, subresource: 'invoke' })}
          body={body}
          onBody={setBody}
          rows={rows}
          onRows={setRows}
          check={check}
          schema={schema}
          schemaProblems={problems}
          headerProblems={headers.problems}
          onExample={schema ? () => setBody(initialBody(schema)) : undefined}
          sending={sending}
          onSend={() => {
            setSelected(undefined);
            void send({ body, rows, headers: headers.headers, contentType: headers.contentType });
          }}
          onCancel={cancel}
          notice={notice}
          refused={access.allowed ? undefined : access.reason}
        />
        <ResponseView invocation={sending ? undefined : shown} sending={sending} />
      </div>
      <HistoryList
        entries={history}
        selected={shown?.id}
        onSelect={setSelected}
        onReuse={(entry) => {
          setBody(entry.body);
          setRows(entry.headers);
        }}
        onClear={() => {
          clearHistory(storage, project, name);
          setHistory([]);
          setSelected(undefined);
        }}
      />
    </div>
  );
}
