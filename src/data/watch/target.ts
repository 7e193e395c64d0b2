/**
 * What a watch follows, as plain data: a kind (from discovery), a project or all of them, and selectors.
 * One key per target, so every view that shows the same list shares one watch.
 */
import { resourcePath, type GroupVersion, type QueryParams } from '../client/index.ts';

export interface ListWatchTarget extends GroupVersion {
  /** The kind's plural, as discovery names it (`jobs`). */
  plural: string;
  /** The project; undefined for all projects. */
  namespace?: string | undefined;
  /** Sent to the server as it is (`team=nlp,tier!=gpu`). */
  labelSelector?: string | undefined;
  /** `status.phase=Running`, `metadata.name=x`: the fields the API can select on. */
  fieldSelector?: string | undefined;
  /** `'table'`: rows (the printed cells and the metadata) instead of whole objects; see client/rows.ts. */
  as?: 'table' | undefined;
}

/** Equal targets give equal keys, whatever else the object passed in carries (a whole KindInfo, say). */
export function watchKey(target: ListWatchTarget): string {
  return JSON.stringify([
    target.group,
    target.version,
    target.plural,
    target.namespace ?? null,
    target.labelSelector?.trim() ?? '',
    target.fieldSelector?.trim() ?? '',
    ...(target.as ? [target.as] : []),
  ]);
}

export function watchPath(target: ListWatchTarget): string {
  return resourcePath(target, target.plural, target.namespace ? { namespace: target.namespace } : {});
}

export function selectorParams(target: ListWatchTarget): QueryParams {
  return {
    labelSelector: target.labelSelector?.trim() || undefined,
    fieldSelector: target.fieldSelector?.trim() || undefined,
  };
}
