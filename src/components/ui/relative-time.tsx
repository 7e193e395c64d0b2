/**
 * Times as people read them: an age ("3m ago") that keeps ticking, with the exact time, in the reader's locale
 * and time zone, on hover and for screen readers. The one way the console shows when something happened.
 */
import { formatAge, formatDateTime } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';

/** `suffix` " ago" reads "12s ago"; an empty one gives the bare age ("12s"). */
export function RelativeTime({
  timestamp,
  suffix = ' ago',
  className,
}: {
  timestamp: string | number | undefined;
  suffix?: string;
  className?: string;
}) {
  const now = useNow(1000);
  if (timestamp === undefined || timestamp === '') return <span className={className}>—</span>;
  const iso = typeof timestamp === 'number' ? new Date(timestamp).toISOString() : timestamp;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return <span className={className}>{iso}</span>;
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatAge(iso, Math.max(now, at))}
      {suffix}
    </time>
  );
}
