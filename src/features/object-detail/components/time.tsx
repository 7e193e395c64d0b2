/** Times as people read them: "3m ago" that keeps ticking, with the exact time on hover and for screen readers. */
import { formatAge } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';

export function absoluteTime(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return `${date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' })} (${date.toISOString().replace('.000Z', 'Z')})`;
}

/** `suffix` " ago" reads "12s ago"; an empty one gives the bare age ("12s"). */
export function RelativeTime({ timestamp, suffix = ' ago', className }: { timestamp: string | undefined; suffix?: string; className?: string }) {
  const now = useNow(1000);
  if (!timestamp) return <span className={className}>—</span>;
  return (
    <time dateTime={timestamp} title={absoluteTime(timestamp)} className={className}>
      {formatAge(timestamp, Math.max(now, Date.parse(timestamp)))}
      {suffix}
    </time>
  );
}
