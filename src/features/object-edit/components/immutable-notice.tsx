/**
 * FieldImmutable on save: the API's Status (through ErrorPanel), which fields cannot change after create and
 * why, a way to jump to each one in the editor, and the offer to create a new object from the edit instead.
 */
import type { ApiError } from '@/data/client/index.ts';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import type { MutableField } from '../model/mutable-fields.ts';

export interface ImmutableNoticeProps {
  error: ApiError;
  kindName: string;
  name: string;
  mutable: MutableField[];
  /** Line of each cause's field in the current text, when it is there. */
  lineOf: (field: string) => number | undefined;
  onReveal: (line: number) => void;
  onCreateNew: () => void;
  canCreateNew: boolean;
}

export function ImmutableNotice({
  error,
  kindName,
  name,
  mutable,
  lineOf,
  onReveal,
  onCreateNew,
  canCreateNew,
}: ImmutableNoticeProps) {
  const fields = error.causes.filter((c) => c.field);
  return (
    <div className="space-y-3">
      <ErrorPanel error={error} title={`${kindName} ${name} was not saved`} />
      <section
        aria-label="Fields that cannot change"
        className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm"
      >
        <h3 className="font-semibold text-slate-900">
          {fields.length === 1 ? 'This field is fixed' : 'These fields are fixed'} once a {kindName} is created
        </h3>
        <ul className="mt-2 space-y-1.5">
          {fields.map((cause) => {
            const line = cause.field ? lineOf(cause.field) : undefined;
            return (
              <li key={cause.field} className="flex flex-wrap items-baseline gap-x-2">
                <code className="rounded bg-rose-50 px-1.5 font-mono text-[13px] text-rose-800">{cause.field}</code>
                <span className="text-slate-700">{cause.message}</span>
                {line !== undefined ? (
                  <button
                    type="button"
                    onClick={() => onReveal(line)}
                    className="text-xs font-medium text-indigo-700 hover:underline"
                  >
                    Go to line {line}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
        <p className="mt-3 text-slate-700">
          Nodus fixes what an object is when it is created: what it runs, on what, and how it is priced and accounted
          were reviewed and committed then. Changing such a field in place would make the object something other than
          what was reviewed and billed, so the API refuses it; the way to get it is a new object.
          {mutable.length ? (
            <>
              {' '}
              What a {kindName} lets you change in place:{' '}
              {mutable.map((m, i) => (
                <span key={m.path}>
                  {i ? ', ' : ''}
                  <code className="font-mono text-[13px]">{m.path}</code>
                  {m.rule === 'raise-only' ? ' (raise only)' : ''}
                </span>
              ))}
              .
            </>
          ) : null}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={onCreateNew}
            disabled={!canCreateNew}
            className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:bg-slate-300"
          >
            Create a new {kindName} from my edit
          </button>
          <span className="self-center text-xs text-slate-500">
            Opens the new-object editor with your YAML under a new name; this {kindName} stays as it is.
          </span>
        </div>
      </section>
    </div>
  );
}
