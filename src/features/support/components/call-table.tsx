/** The recent calls as a table, newest first; a failure's request id has a copy button. */
import { clsx } from 'clsx';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { isFailure, WAITING, type ApiCall } from '@/data/call-log/call-log-store.ts';

const clock = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** `focus`: a requestId to mark (the panel was opened for it), scrolled into view. */
export function CallTable({ calls, focus }: { calls: readonly ApiCall[]; focus?: string | undefined }) {
  if (calls.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-200 px-4 py-8 text-center text-sm text-slate-500">
        No calls to show yet.
      </p>
    );
  }
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200">
      <table aria-label="API calls" className="w-full table-fixed text-left text-[13px]">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="w-22 px-3 py-2 font-medium">
              Time
            </th>
            <th scope="col" className="w-16 px-2 py-2 font-medium">
              Method
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Path
            </th>
            <th scope="col" className="w-36 px-2 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="w-52 px-2 py-2 font-medium">
              Request ID
            </th>
            <th scope="col" className="w-20 px-3 py-2 text-right font-medium">
              Took
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {calls.map((call) => (
            <tr
              key={call.id}
              ref={call.requestId === focus ? (row) => row?.scrollIntoView({ block: 'nearest' }) : undefined}
              aria-current={call.requestId !== undefined && call.requestId === focus ? 'true' : undefined}
              className={clsx(
                'whitespace-nowrap',
                isFailure(call) && 'bg-rose-50/40',
                call.requestId !== undefined &&
                  call.requestId === focus &&
                  'bg-indigo-50 ring-2 ring-indigo-400 ring-inset',
              )}
            >
              <td className="px-3 py-1.5 tabular-nums text-slate-500">{clock.format(call.startedAt)}</td>
              <td className="px-2 py-1.5 font-mono text-slate-700">{call.method}</td>
              <td className="truncate px-2 py-1.5 font-mono text-slate-800" title={call.path}>
                {call.path}
                {call.watch ? (
                  <span className="ml-1.5 rounded bg-sky-50 px-1 font-sans text-[11px] text-sky-700">watch</span>
                ) : null}
              </td>
              <td className="px-2 py-1.5">
                <StatusCell call={call} />
              </td>
              <td className="px-2 py-1.5">
                {call.requestId ? (
                  <span className="flex min-w-0 items-center gap-1.5">
                    <code className="truncate font-mono text-slate-700" title={call.requestId}>
                      {call.requestId}
                    </code>
                    {isFailure(call) ? (
                      <CopyButton
                        value={call.requestId}
                        label={`Copy request ID ${call.requestId}`}
                        className="shrink-0 !px-1.5 !py-0.5"
                      />
                    ) : null}
                  </span>
                ) : (
                  <span className="text-slate-400">—</span>
                )}
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums text-slate-500">{call.durationMs} ms</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatusCell({ call }: { call: ApiCall }) {
  const failed = isFailure(call);
  return (
    <span className="flex items-center gap-1.5">
      <span
        className={clsx(
          'rounded px-1.5 py-0.5 font-mono text-xs font-medium',
          failed
            ? 'bg-rose-100 text-rose-700'
            : call.status === WAITING
              ? 'bg-amber-50 text-amber-800'
              : 'bg-emerald-50 text-emerald-700',
        )}
      >
        {call.status === 0 ? '—' : call.status === WAITING ? 'waiting' : call.status}
      </span>
      {call.reason ? (
        <span className={clsx('truncate', failed ? 'text-rose-700' : 'text-slate-600')}>{call.reason}</span>
      ) : null}
    </span>
  );
}
