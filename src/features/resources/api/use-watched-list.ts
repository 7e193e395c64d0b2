/**
 * The live objects of one kind in one project (or all projects), for the resource tables: listed in full, then
 * kept current by one shared watch (src/lib/watch). Replaces a one-off list for any view that shows objects.
 */
import type { KindInfo } from '../../../api/index.ts';
import { useListWatch, type ListWatchView } from '../../../lib/watch/use-list-watch.tsx';
import type { NodusObject } from '../../../shared/protocol.ts';

export interface WatchedListOptions {
  /** Sent to the server as it is (`team=nlp`); validate it before it gets here. */
  labelSelector?: string;
  /** `status.phase=Running` and the other fields the API can select on. */
  fieldSelector?: string;
}

export type WatchedList<T = NodusObject> = ListWatchView<T>;

/** `project` undefined: every project the key can see. */
export function useWatchedList<T extends NodusObject = NodusObject>(
  kind: Pick<KindInfo, 'group' | 'version' | 'plural'>,
  project: string | undefined,
  options: WatchedListOptions = {},
): WatchedList<T> {
  return useListWatch<T>({
    group: kind.group,
    version: kind.version,
    plural: kind.plural,
    namespace: project,
    labelSelector: options.labelSelector,
    fieldSelector: options.fieldSelector,
  });
}
