/**
 * The object's conditions, problems first, each with when it last changed (relative, exact on hover). A reason
 * is one CamelCase word and never breaks; its message reads below it, so a narrow card keeps the message wide.
 */
import { clsx } from 'clsx';
import type { Condition } from '@/shared/protocol.ts';
import { severity, sortConditions, type Severity } from '../model/conditions.ts';
import { Card } from '@/components/ui/card.tsx';
import { RelativeTime } from '@/components/ui/relative-time.tsx';

const TONE: Record<Severity, { dot: string; status: string; label: string }> = {
  problem: { dot: 'bg-rose-500', status: 'text-rose-700', label: 'Problem' },
  unknown: { dot: 'bg-amber-500', status: 'text-amber-700', label: 'Unknown' },
  note: { dot: 'bg-slate-400', status: 'text-slate-600', label: 'Expected' },
  ok: { dot: 'bg-emerald-500', status: 'text-emerald-700', label: 'OK' },
};

/** `explained`: condition types a notice above the tabs already explains; their rows point there. */
export function ConditionsTable({
  conditions,
  explained = [],
}: {
  conditions: readonly Condition[] | undefined;
  explained?: readonly string[];
}) {
  const rows = sortConditions(conditions ?? []);
  return (
    <Card title="Conditions" count={rows.length}>
      {rows.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">No conditions reported yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label="Conditions" className="w-full text-left text-sm">
            <thead className="border-b border-slate-100 text-xs text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Type
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Reason and message
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium whitespace-nowrap">
                  Last change
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((c) => {
                const tone = TONE[severity(c)];
                return (
                  <tr key={c.type} className={clsx('align-top', severity(c) === 'problem' && 'bg-rose-50/40')}>
                    <th scope="row" className="px-4 py-2 font-medium whitespace-nowrap text-slate-900">
                      <span className="inline-flex items-center gap-2">
                        <span aria-hidden="true" className={clsx('size-2 rounded-full', tone.dot)} />
                        {c.type}
                      </span>
                    </th>
                    <td className={clsx('px-2 py-2 font-medium', tone.status)}>
                      {c.status}
                      <span className="sr-only"> ({tone.label})</span>
                    </td>
                    <td className="px-2 py-2">
                      {c.reason ? (
                        <p className="font-mono text-xs leading-5 whitespace-nowrap text-slate-700">
                          <bdi>{c.reason}</bdi>
                        </p>
                      ) : null}
                      {explained.includes(c.type) ? (
                        <p className="text-slate-500 italic">Explained in the notice above.</p>
                      ) : c.message ? (
                        <p className="break-words text-slate-600">
                          <bdi>{c.message}</bdi>
                        </p>
                      ) : null}
                    </td>
                    <td className="px-4 py-2 text-right whitespace-nowrap text-slate-500">
                      <RelativeTime timestamp={c.lastTransitionTime} className="tabular-nums" />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
