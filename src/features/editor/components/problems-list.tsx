/** The inline list of what is wrong with the draft, each with its line and column; a click moves the cursor there. */
import { clsx } from 'clsx';
import type { TextMarker } from '@/components/code-editor/yaml-markers.ts';

export interface ListedProblem extends TextMarker {
  /** Where the problem comes from: the console's checks, the schema (editor), or the API's answer. */
  origin: 'draft' | 'schema' | 'api';
}

const ORIGIN_LABEL: Record<ListedProblem['origin'], string> = { draft: 'Draft', schema: 'Schema', api: 'API' };

export function ProblemsList({
  problems,
  onSelect,
  title,
}: {
  problems: readonly ListedProblem[];
  onSelect: (p: ListedProblem) => void;
  title: string;
}) {
  if (problems.length === 0) return null;
  const errors = problems.filter((p) => p.severity === 'error').length;
  return (
    <section aria-label={title} className="rounded-lg border border-rose-200 bg-rose-50/60 text-sm">
      <h3 className="flex items-center gap-2 border-b border-rose-200 px-3 py-2 font-medium text-rose-900">
        {title}
        <span className="rounded-full bg-rose-100 px-1.5 text-xs font-semibold text-rose-800">
          {errors || problems.length}
        </span>
      </h3>
      <ul className="max-h-56 divide-y divide-rose-100 overflow-auto">
        {problems.map((p, i) => (
          <li key={`${p.startLineNumber}:${p.startColumn}:${i}`}>
            <button
              type="button"
              onClick={() => onSelect(p)}
              className="flex w-full items-start gap-2 px-3 py-1.5 text-left hover:bg-rose-100/60 focus:bg-rose-100/60 focus:outline-none"
            >
              <span
                className={clsx(
                  'mt-0.5 shrink-0 rounded px-1 font-mono text-[11px] font-semibold',
                  p.severity === 'error'
                    ? 'bg-rose-600 text-white'
                    : p.severity === 'warning'
                      ? 'bg-amber-500 text-white'
                      : 'bg-sky-600 text-white',
                )}
              >
                {`Line ${p.startLineNumber}, col ${p.startColumn}`}
              </span>
              <span className="min-w-0 flex-1 break-words text-slate-800">{p.message}</span>
              <span className="shrink-0 text-[11px] uppercase tracking-wide text-slate-500">
                {ORIGIN_LABEL[p.origin]}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
