/**
 * The request: POST and its path, the body (JSON, checked as it is typed, and against the Function's
 * spec.requestSchema when it has one), optional headers, and Send / Cancel.
 */
import { clsx } from 'clsx';
import { useId } from 'react';
import { LockIcon, PlusIcon } from '@/components/ui/icons.tsx';
import { TrashIcon } from '@/components/ui/action-icons.tsx';
import { offProps, ReasonTip } from '@/components/ui/reason-tip.tsx';
import type { BodyCheck, HeaderRow, JsonSchema } from '../model/request.ts';
import { Card } from '@/components/ui/card.tsx';

export interface RequestEditorProps {
  path: string;
  body: string;
  onBody: (body: string) => void;
  rows: HeaderRow[];
  onRows: (rows: HeaderRow[]) => void;
  check: BodyCheck;
  schema: JsonSchema | undefined;
  schemaProblems: string[];
  headerProblems: string[];
  onExample: (() => void) | undefined;
  sending: boolean;
  onSend: () => void;
  onCancel: () => void;
  /** Why the API will refuse, when it will (the Function is not Running): Send still shows its answer. */
  notice: string | undefined;
  /** Why the key may not invoke it (the API's access answer, or that it is being asked): Send is off. */
  refused?: string | undefined;
}

export function RequestEditor(props: RequestEditorProps) {
  const bodyId = useId();
  const errorId = useId();
  const { check, rows } = props;
  const blocked = !check.ok || props.headerProblems.length > 0;
  const setRow = (i: number, row: HeaderRow) => props.onRows(rows.map((r, j) => (j === i ? row : r)));

  return (
    <Card
      title="Request"
      aside={
        props.onExample ? (
          <button
            type="button"
            onClick={props.onExample}
            className="rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-50 hover:text-slate-900"
          >
            Fill from schema
          </button>
        ) : null
      }
    >
      <form
        className="space-y-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!blocked && !props.refused) props.onSend();
        }}
      >
        <p className="flex min-w-0 items-center gap-2 text-xs">
          <span className="rounded bg-indigo-50 px-1.5 py-0.5 font-mono font-semibold text-indigo-700">POST</span>
          <code className="truncate font-mono text-slate-600" title={props.path}>
            {props.path}
          </code>
        </p>
        <div>
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={bodyId} className="text-xs font-medium text-slate-700">
              Body <span className="font-normal text-slate-500">(JSON)</span>
            </label>
            {props.schema ? (
              <span className="text-xs text-slate-500">checked against the Function’s request schema</span>
            ) : null}
          </div>
          <textarea
            id={bodyId}
            value={props.body}
            onChange={(e) => props.onBody(e.target.value)}
            spellCheck={false}
            rows={10}
            aria-invalid={!check.ok}
            aria-describedby={!check.ok ? errorId : undefined}
            className={clsx(
              'mt-1 block w-full resize-y rounded-md border bg-slate-50/60 px-3 py-2 font-mono text-[13px] leading-5 text-slate-900',
              'focus:border-indigo-400 focus:bg-white focus:ring-2 focus:ring-indigo-100 focus:outline-none',
              check.ok ? 'border-slate-200' : 'border-rose-300',
            )}
          />
          {!check.ok ? (
            <p id={errorId} role="alert" className="mt-1 text-xs text-rose-700">
              Not valid JSON at line {check.line}, column {check.column}: {check.message}
            </p>
          ) : props.schemaProblems.length > 0 ? (
            <ul aria-label="Request schema" className="mt-1 space-y-0.5 text-xs text-amber-800">
              {props.schemaProblems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <fieldset>
          <legend className="text-xs font-medium text-slate-700">Headers</legend>
          <div className="mt-1 space-y-1.5">
            {rows.map((row, i) => (
              <div key={i} className="flex gap-1.5">
                <input
                  aria-label={`Header ${i + 1} name`}
                  placeholder="X-Header"
                  value={row.name}
                  onChange={(e) => setRow(i, { ...row, name: e.target.value })}
                  className="w-2/5 min-w-0 rounded-md border border-slate-200 px-2 py-1 font-mono text-xs focus:border-indigo-400 focus:outline-none"
                />
                <input
                  aria-label={`Header ${i + 1} value`}
                  placeholder="value"
                  value={row.value}
                  onChange={(e) => setRow(i, { ...row, value: e.target.value })}
                  className="min-w-0 flex-1 rounded-md border border-slate-200 px-2 py-1 font-mono text-xs focus:border-indigo-400 focus:outline-none"
                />
                <button
                  type="button"
                  aria-label={`Remove header ${i + 1}`}
                  onClick={() => props.onRows(rows.filter((_, j) => j !== i))}
                  className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
                >
                  <TrashIcon className="size-4" />
                </button>
              </div>
            ))}
            <button
              type="button"
              onClick={() => props.onRows([...rows, { name: '', value: '' }])}
              className="inline-flex items-center gap-1 text-xs font-medium text-indigo-600 hover:text-indigo-500"
            >
              <PlusIcon className="size-3.5" /> Add header
            </button>
          </div>
          {props.headerProblems.length > 0 ? (
            <ul role="alert" className="mt-1 space-y-0.5 text-xs text-rose-700">
              {props.headerProblems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </fieldset>
        {props.notice ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-800">{props.notice}</p>
        ) : null}
        <div className="flex items-center gap-2 border-t border-slate-100 pt-3">
          <ReasonTip reason={props.refused} align="left" above>
            {(describedBy) => (
              <button
                type="submit"
                // The second click of a double click is not a second request, even when the first has answered.
                onClick={(e) => e.detail > 1 && e.preventDefault()}
                disabled={props.sending || blocked}
                {...offProps(props.refused !== undefined, describedBy)}
                className="inline-flex items-center gap-1.5 rounded-md bg-indigo-600 px-3.5 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-300"
              >
                {props.refused ? <LockIcon className="size-3.5" /> : null}
                {props.sending ? 'Sending…' : 'Send'}
              </button>
            )}
          </ReasonTip>
          {props.sending ? (
            <button
              type="button"
              onClick={props.onCancel}
              className="rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Cancel
            </button>
          ) : null}
          <span className="ml-auto text-xs text-slate-500">Each invocation is charged to the Function.</span>
        </div>
      </form>
    </Card>
  );
}
