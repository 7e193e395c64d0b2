/** The spec summary: the facts of the kind (registry-driven), each on a line; status.message above them. */
import { clsx } from 'clsx';
import { Link } from 'react-router';
import type { Fact } from '@/kinds/spec-facts.ts';
import { Card } from '@/components/ui/card.tsx';
import { RelativeTime } from '@/components/ui/relative-time.tsx';

export function SpecSummary({ facts, yamlHref }: { facts: Fact[]; yamlHref: string }) {
  return (
    <Card
      title="Summary"
      aside={
        <Link to={yamlHref} className="text-xs font-medium text-indigo-600 hover:text-indigo-500">
          Whole object as YAML
        </Link>
      }
    >
      {facts.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">The spec is empty.</p>
      ) : (
        // Two columns only where the card is wide enough for them, whatever the window (the page beside it varies).
        <div className="@container">
          <dl className="grid grid-cols-1 gap-x-6 px-4 py-1 text-sm @xl:grid-cols-2">
            {facts.map((f) => (
              <div
                key={f.label}
                className="flex min-w-0 items-baseline gap-3 border-b border-slate-100 py-2 last:border-b-0 @xl:[&:nth-last-child(2):nth-child(odd)]:border-b-0"
              >
                <dt className="w-28 shrink-0 text-slate-500">{f.label}</dt>
                <dd className={clsx('min-w-0 break-words text-slate-800', f.mono && 'font-mono text-[12.5px]')}>
                  {f.time ? <RelativeTime timestamp={f.value} /> : <bdi>{f.value}</bdi>}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </Card>
  );
}
