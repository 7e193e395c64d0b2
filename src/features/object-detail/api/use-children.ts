/**
 * The objects one object owns (a Pipeline's Jobs), live: watched by the label the owner puts on them, then
 * picked by ownerReferences with the owner's uid, so Jobs of an earlier Pipeline of the same name, or orphaned
 * ones, are not counted as its own.
 */
import { useMemo } from 'react';
import { useListWatch, type ListWatchSnapshot } from '@/data/watch/use-list-watch.tsx';
import type { NodusObject } from '@/shared/protocol.ts';
import type { ChildrenSpec } from '../model/kinds.ts';
import type { ObjectKind } from './use-live-object.ts';

export interface Children {
  spec: ChildrenSpec;
  items: NodusObject[];
  watch: ListWatchSnapshot<NodusObject>;
}

export function useChildren(
  owner: NodusObject,
  spec: ChildrenSpec,
  group: Pick<ObjectKind, 'group' | 'version'>,
): Children {
  const watch = useListWatch({
    group: group.group,
    version: group.version,
    plural: spec.plural,
    namespace: owner.metadata.namespace,
    labelSelector: spec.labelSelector(owner),
  });
  const uid = owner.metadata.uid;
  const items = useMemo(
    () =>
      watch.items
        .filter((o) => o.metadata.ownerReferences?.some((r) => r.uid === uid))
        .sort(
          (a, b) =>
            (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') ||
            (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''),
        ),
    [watch.items, uid],
  );
  return { spec, items, watch };
}
