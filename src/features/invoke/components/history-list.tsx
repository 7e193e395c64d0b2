/** The invocations of this session, newest first: each re-opens its answer, and can put its request back. */
import { clsx } from 'clsx';
import type { Invocation } from '../model/history.ts';
import { formatLatency, toneOf } from '../model/response.ts';
import { Card } from '@/components/ui/card.tsx';

function outcomeLabel(entry: Invocation): { text: string; className: string } {
  const r = entry.result;
  switch (r.kind) {
    case 'answer':
      return {
        text: String(r.status),
        className:
          toneOf(r.status) === 'server'
            ? 'bg-rose-50 text-rose-700'
            : toneOf(r.status) === 'client'
              ? 'bg-amber-50 text-amber-800'
              : 'bg-emerald-50 text-emerald-700',
      };
    case 'refused':
      return { text: `API ${r.status.code}`, className: 'bg-slate-100 text-slate-700' };
    case 'cancelled':
      return { text: 'Cancelled', className: 'bg-slate-100 text-slate-600' };
    default:
      return { text: 'No answer', className: 'bg-slate-100 text-slate-600' };
  }
}

function firstLine(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line === '' ? '(empty body)' : line.length > 80 ? `${line.slice(0, 80)}…` : line;
}

export function HistoryList({
  entries,
  selected,
  onSelect,
  onReuse,
  onClear,
}: {
  entries: Invocation[];
  selected: string | undefined;
  onSelect: (id: string) => void;
  onReuse: (entry: Invocation) => void;
  onClear: () => void;
}) {
  return (
    <Card
      title={`Recent invocations (${entries.length})`}
      aside={
        entries.length ? (
          <button type="button" onClick={onClear} className="text-xs font-medium text-slate-500 hover:text-slate-800">
            Clear
          </button>
        ) : null
      }
    >
      {entries.length === 0 ? (
        <p className="px-4 py-4 text-sm text-slate-500">
          None yet in this session. The last 20 are kept until the tab is closed.
        </p>
      ) : (
        <ul aria-label="Recent invocations" className="divide-y divide-slate-100">
          {entries.map((entry) => {
            const label = outcomeLabel(entry);
            const active = entry.id === selected;
            return (
              <li key={entry.id} className={clsx('flex items-center gap-3 px-4 py-2', active && 'bg-indigo-50/60')}>
                <button
                  type="button"
                  aria-current={active ? 'true' : undefined}
                  onClick={() => onSelect(entry.id)}
                  className="flex min-w-0 flex-1 items-center gap-3 text-left"
                >
                  <span
                    className={clsx(
                      'w-20 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold',
                      label.className,
                    )}
                  >
                    {label.text}
                  </span>
                  <time dateTime={entry.sentAt} className="shrink-0 text-xs text-slate-500 tabular-nums">
                    {new Date(entry.sentAt).toLocaleTimeString()}
                  </time>
                  <span className="shrink-0 text-xs text-slate-500 tabular-nums">{formatLatency(entry.latencyMs)}</span>
                  <code className="min-w-0 truncate font-mono text-xs text-slate-700">{firstLine(entry.body)}</code>
                </button>
                <button
                  type="button"
                  onClick={() => onReuse(entry)}
                  className="shrink-0 text-xs font-medium text-indigo-600 hover:text-indigo-500"
                >
                  Edit again
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
