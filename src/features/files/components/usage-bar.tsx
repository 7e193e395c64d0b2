/**
 * A Volume's use against its size: a bar with the figures beside it, amber from 80% and rose from 95%, so a
 * Volume about to refuse writes says so before an upload fails.
 */
import { clsx } from 'clsx';
import { exactBytes, formatBytes } from '../lib/format-bytes.ts';
import { usedFraction } from '../lib/listing.ts';

/** `volume`: the Volume's name when the tree is not its own (a Sandbox's folder inside a mounted Volume). */
export function UsageBar({ used, capacity, volume }: { used: number; capacity: number; volume?: string | undefined }) {
  const share = usedFraction(used, capacity) ?? 0;
  const pct = Math.round(share * 1000) / 10;
  const tone = share >= 0.95 ? 'bg-rose-500' : share >= 0.8 ? 'bg-amber-500' : 'bg-indigo-500';
  const free = Math.max(0, capacity - used);
  return (
    <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-2.5 text-xs text-slate-600">
      <span className="font-medium text-slate-700">
        {volume ? (
          <>
            Volume <bdi className="font-mono">{volume}</bdi> used
          </>
        ) : (
          'Used'
        )}
      </span>
      <div
        role="meter"
        aria-label="Space used"
        aria-valuemin={0}
        aria-valuemax={capacity}
        aria-valuenow={Math.min(used, capacity)}
        aria-valuetext={`${formatBytes(used)} of ${formatBytes(capacity)} (${pct}%)`}
        className="relative h-2 min-w-24 flex-1 overflow-hidden rounded-full bg-slate-100"
      >
        <span
          className={clsx('absolute inset-y-0 left-0 rounded-full', tone)}
          // At least a sliver when anything is used: 0.001% is not nothing.
          style={{ width: `${used > 0 ? Math.max(share * 100, 0.75) : 0}%` }}
        />
      </div>
      <span className="tabular-nums">
        <span title={exactBytes(used)} className="font-medium text-slate-900">
          {formatBytes(used)}
        </span>{' '}
        of <span title={exactBytes(capacity)}>{formatBytes(capacity)}</span>
        <span className={clsx('ml-1.5', share >= 0.95 ? 'font-medium text-rose-700' : 'text-slate-500')}>
          ({pct}%, {formatBytes(free)} free)
        </span>
      </span>
    </div>
  );
}
