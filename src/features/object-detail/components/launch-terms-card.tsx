/**
 * What was agreed at launch: the estimate the person reviewed, the rate cap it set and the price book it was
 * priced from, kept by the server in status so that the person, and support, can check it later.
 */
import { clsx } from 'clsx';
import { formatUSD } from '@/lib/format.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { launchTerms } from '../model/launch-terms.ts';
import { Card } from '@/components/ui/card.tsx';
import { RelativeTime } from '@/components/ui/relative-time.tsx';

const money = (amount: string | undefined) => formatUSD(amount) ?? '—';
const rate = (amount: string | undefined) => (amount === undefined ? '—' : `${money(amount)}/h`);

export function LaunchTermsCard({ object, kind }: { object: NodusObject; kind: string }) {
  const terms = launchTerms(object);
  if (!terms) return null;
  return (
    <Card
      title={terms.reviewed ? 'Agreed at launch' : 'Estimate at create'}
      aside={
        terms.reviewed && terms.reviewedAt ? (
          <span className="text-xs text-slate-500">
            Reviewed <RelativeTime timestamp={terms.reviewedAt} />
          </span>
        ) : null
      }
    >
      {!terms.reviewed && (
        <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-500">
          {`This ${kind} was created without a review (no If-Match), so no estimate was agreed: this is what the server estimated when it was created.`}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 px-4 py-3 text-sm sm:grid-cols-3">
        <Term label="Expected cost" value={money(terms.costUSD)} strong />
        <Term label="Held when it starts" value={money(terms.firstHoldUSD)} />
        <Term label={terms.reviewed ? 'Rate at review' : 'Rate at create'} value={rate(terms.rateUSDPerHour)} />
        <Term
          label="Rate cap"
          value={rate(terms.rateCapUSDPerHour)}
          note={
            terms.capFrom === 'spec'
              ? 'spec.placement.maxRateUSDPerHour'
              : terms.capFrom === 'review'
                ? 'the rate at review plus 10 %'
                : 'none'
          }
        />
        <Term
          label="Rate now"
          value={terms.rateNowUSDPerHour === undefined ? 'not running' : rate(terms.rateNowUSDPerHour)}
        />
        <Term label="Price book" value={terms.priceBookVersion ?? '—'} mono />
      </dl>
    </Card>
  );
}

function Term({
  label,
  value,
  note,
  mono,
  strong,
}: {
  label: string;
  value: string;
  note?: string;
  mono?: boolean;
  strong?: boolean;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd
        className={clsx(
          'tabular-nums text-slate-900',
          strong ? 'text-base font-semibold' : 'font-medium',
          mono && 'font-mono text-[12.5px]',
        )}
      >
        {value}
      </dd>
      {note ? <dd className="text-[11px] text-slate-500">{note}</dd> : null}
    </div>
  );
}
