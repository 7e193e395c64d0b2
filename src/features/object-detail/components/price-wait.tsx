/**
 * A launch that waits because the price moved: the server never runs it above the reviewed rate plus 10 % (or the
 * draft's own spec.placement.maxRateUSDPerHour), so it stays Queued or Pending and says why. The banner names the
 * cap, where it came from, and what the person can do.
 */
import { AlertIcon } from '@/components/ui/icons.tsx';
import { formatUSD } from '@/lib/format.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { priceWait } from '../model/conditions.ts';
import { RelativeTime } from '@/components/ui/relative-time.tsx';

export function PriceWaitBanner({ object, kind }: { object: NodusObject; kind: string }) {
  const wait = priceWait(object.status);
  if (!wait) return null;
  const phase = typeof object.status?.phase === 'string' ? object.status.phase : 'waiting';
  const cap = formatUSD(wait.cap);
  return (
    <section
      id="price-wait"
      role="region"
      aria-label="Waiting for a price within the cap"
      className="rounded-lg border border-amber-300 bg-amber-50/80 px-4 py-3 text-sm shadow-sm"
    >
      <div className="flex items-start gap-3">
        <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <div className="min-w-0 flex-1 text-amber-950">
          <p className="font-semibold">
            {phase}: the price is above the estimate (PriceAboveEstimate), since <RelativeTime timestamp={wait.since} />
          </p>
          {/* The one place the wait is explained: the header and the conditions table point here. */}
          {wait.message ? (
            <p className="mt-1 break-words">
              <bdi>{wait.message}</bdi>
            </p>
          ) : null}
          <p className="mt-1.5 text-xs text-amber-900/80">
            {wait.ownCap ? (
              <>
                The cap
                {cap ? (
                  <>
                    {' '}
                    of <strong>{cap}/h</strong>
                  </>
                ) : null}{' '}
                is the {kind}&apos;s own spec.placement.maxRateUSDPerHour.{' '}
              </>
            ) : (
              <>
                The cap
                {cap ? (
                  <>
                    {' '}
                    of <strong>{cap}/h</strong>
                  </>
                ) : null}{' '}
                is the reviewed rate{wait.reviewedRate ? <> ({formatUSD(wait.reviewedRate)}/h)</> : null} plus 10 %: a
                launch never runs above what was reviewed without asking.{' '}
              </>
            )}
            Nothing is charged while it waits. It starts by itself when capacity at or below the cap frees up; to run
            sooner, set a higher spec.placement.maxRateUSDPerHour in Edit, or stop it.
          </p>
        </div>
      </div>
    </section>
  );
}
