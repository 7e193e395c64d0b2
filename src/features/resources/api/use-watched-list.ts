/**
 * The live objects of one kind in one project (or all projects), for the resource tables: listed in full, then
 * kept current by one shared watch (src/data/watch). Replaces a one-off list for any view that shows objects.
 */
import type { KindInfo } from '@/data/client/index.ts';
import type { ListWatchTarget } from '@/data/watch/index.ts';
import { useListWatch, type ListWatchSnapshot } from '@/data/watch/use-list-watch.tsx';
import type { NodusObject } from '@/shared/protocol.ts';
import { checkLabelSelector } from '../table/label-selector.ts';
import { phaseFieldSelector, type TableParams } from '../table/view-params.ts';

export interface WatchedListOptions {
  /** Sent to the server as it is (`team=nlp`); validate it before it gets here. */
  labelSelector?: string;
  /** `status.phase=Running` and the other fields the API can select on. */
  fieldSelector?: string;
}

/** `project` undefined: every project the key can see. */
export function useWatchedList<T extends NodusObject = NodusObject>(
  kind: Pick<KindInfo, 'group' | 'version' | 'plural'>,
  project: string | undefined,
  options: WatchedListOptions = {},
): ListWatchSnapshot<T> {
  return useListWatch<T>(watchedListTarget(kind, project, options));
}

export function watchedListTarget(
  kind: Pick<KindInfo, 'group' | 'version' | 'plural'>,
  project: string | undefined,
  options: WatchedListOptions = {},
): ListWatchTarget {
  return {
    group: kind.group,
    version: kind.version,
    plural: kind.plural,
    namespace: project,
    labelSelector: options.labelSelector,
    fieldSelector: options.fieldSelector,
  };
}

/**
 * What a table's URL asks of the API: its label selector (only one that reads: a hand-edited URL's broken one is
 * not sent, and the filter box says what is wrong with it) and its phase.
 */
export function tableListOptions(params: Pick<TableParams, 'labels' | 'phase'>): WatchedListOptions {
  const check = checkLabelSelector(params.labels);
  return {
    labelSelector: check.ok && check.selector ? check.selector : undefined,
    fieldSelector: phaseFieldSelector(params.phase),
  };
}
