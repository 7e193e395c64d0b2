/**
 * An object's Events tab: its story, newest first, live. Events outlive their object for a day, so a deleted
 * object's page still tells how it ended.
 */
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { WatchTroublePanel } from '@/components/ui/watch-trouble.tsx';
import { useObjectEvents } from '../api/use-events.ts';
import { EventItem, type EventLinks } from './event-item.tsx';

export function ObjectEvents({
  project,
  uid,
  kind,
  name,
  links,
}: {
  project: string;
  uid: string;
  kind: string;
  name: string;
  links: EventLinks;
}) {
  const { rows, watch } = useObjectEvents(project, uid);
  const what = `the events of ${kind} ${name}`;
  if (!watch.synced && rows.length === 0) {
    // A refusal or an outage says why; until then, the shape of what is coming.
    return watch.error ? (
      <WatchTroublePanel watch={watch} what={what} />
    ) : (
      <div role="status" aria-busy="true" aria-label="Loading events" className="space-y-2">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  return (
    <section aria-label={`Events of ${kind} ${name}`} className="space-y-3">
      <WatchTroublePanel watch={watch} what={what} />
      {rows.length > 0 ? (
        <p data-figure="event-count" className="text-sm text-slate-500 tabular-nums">
          {rows.length === 1 ? 'One event' : `${rows.length.toLocaleString()} events`} in the last day
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-200 px-4 py-8 text-center text-sm text-slate-500">
          No events in the last day. What happens to {kind} {name} from now on shows here as it happens.
        </p>
      ) : (
        <ol
          aria-label="Events, newest first"
          className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm"
        >
          {rows.map((row) => (
            <li key={row.id}>
              <EventItem row={row} showObject={false} links={links} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
