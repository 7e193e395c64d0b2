/**
 * The live rows of one kind in one project (or all projects), for the resource tables: listed in full, then
 * kept current by one shared watch (src/data/watch). A table holds rows, the cells the API prints and each
 * object's metadata (src/data/client/rows.ts), not whole objects: about half the bytes to read and parse and
 * less memory to hold. What acts on an object or exports it fetches it whole (whole-objects.ts).
 */
import { NODUS_GROUP_VERSION, type KindInfo } from '@/data/client/index.ts';
import type { ListWatchTarget } from '@/data/watch/index.ts';
import { useListWatch, type ListWatchSnapshot } from '@/data/watch/use-list-watch.tsx';
import type { TableItem } from '@/shared/printer-columns.ts';
import { knownKind } from '../kinds/known-kinds.ts';
import { checkLabelSelector } from '../table/label-selector.ts';
import { phaseFieldSelector, type TableParams } from '../table/view-params.ts';

export interface WatchedListOptions {
  /** Sent to the server as it is (`team=nlp`); validate it before it gets here. */
  labelSelector?: string;
  /** `status.phase=Running` and the other fields the API can select on. */
  fieldSelector?: string;
}

/** `project` undefined: every project the key can see. */
export function useWatchedRows(
  kind: Pick<KindInfo, 'group' | 'version' | 'plural'>,
  project: string | undefined,
  options: WatchedListOptions = {},
): ListWatchSnapshot<TableItem> {
  return useListWatch<TableItem>(tableTarget(kind, project, options));
}

/**
 * The watch a table of `kind` follows: its rows, with the table's selectors. A kind only discovery knows is
 * watched whole: what it prints is not known, and its generic columns read its status.
 */
export function tableTarget(
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
    ...(kind.group === NODUS_GROUP_VERSION.group && knownKind(kind.plural) ? { as: 'table' as const } : {}),
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
