/**
 * The Events of one object, or of a whole project, as live lists: watches of `events.k8s.io/v1` like any other
 * (src/data/watch), so they list, resume and back off as the tables do, and show what happens as it happens.
 */
import { useMemo } from 'react';
import { useThrottled } from '@/lib/use-throttled.ts';
import { useListWatch, type ListWatchSnapshot } from '@/data/watch/use-list-watch.tsx';
import { EVENTS_GROUP, EVENTS_PLURAL, type NodusEvent } from '@/shared/events.ts';
import { eventRows, type EventRow } from '../model/event-rows.ts';

const EVENTS = { group: EVENTS_GROUP, version: 'v1', plural: EVENTS_PLURAL } as const;

export interface LiveEvents {
  rows: EventRow[];
  watch: ListWatchSnapshot<NodusEvent>;
}

/**
 * How often a busy stream of events redraws its rows: ten times a second, where a watch flushes every frame. At
 * 200 events a second, drawing each frame's few new rows took most of the frame (docs/PERFORMANCE.md, events).
 */
const ROWS_EVERY_MS = 100;

function useRows(watch: ListWatchSnapshot<NodusEvent>): LiveEvents {
  const version = useThrottled(watch.version, ROWS_EVERY_MS);
  // The snapshot's version names its items: the same version, the same rows. Read when the throttled version
  // moves, the items are the latest snapshot's.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rows = useMemo(() => eventRows(watch.items), [version]);
  return { rows, watch };
}

/** What happened to one object, by its uid: a later object of the same name has a story of its own. */
export function useObjectEvents(project: string, uid: string): LiveEvents {
  return useRows(useListWatch<NodusEvent>({ ...EVENTS, namespace: project, fieldSelector: `regarding.uid=${uid}` }));
}

/** Everything that happened in a project (the API keeps a day of it). */
export function useProjectEvents(project: string): LiveEvents {
  return useRows(useListWatch<NodusEvent>({ ...EVENTS, namespace: project }));
}
