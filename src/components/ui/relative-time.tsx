/**
 * Times as people read them: an age ("3m ago") that keeps ticking, with the exact time, in the reader's locale
 * and time zone, on hover and for screen readers; or, when the person chose absolute times (a preference kept
 * for the tab), the date and time, with the age on hover. The one way the console shows when something happened.
 */
import { usePreference } from '@/data/preferences.ts';
import { formatAge, formatDateTime } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';

/**
 * `suffix` " ago" reads "12s ago"; an empty one gives the bare age ("12s"). A `duration` ("running for 3m") is a
 * length of time, not a moment, so it stays an age whatever the preference.
 */
export function RelativeTime({
  timestamp,
  suffix = ' ago',
  className,
  duration = false,
}: {
  timestamp: string | number | undefined;
  suffix?: string;
  className?: string;
  duration?: boolean;
}) {
  const now = useNow(1000);
  const absolute = usePreference('timeFormat') === 'absolute' && !duration;
  if (timestamp === undefined || timestamp === '') return <span className={className}>—</span>;
  const iso = typeof timestamp === 'number' ? new Date(timestamp).toISOString() : timestamp;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return <span className={className}>{iso}</span>;
  const age = formatAge(iso, Math.max(now, at));
  if (absolute)
    return (
      <time dateTime={iso} title={`${age} ago`} className={className}>
        {formatDateTime(iso)}
      </time>
    );
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {age}
      {suffix}
    </time>
  );
}
