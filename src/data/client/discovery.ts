/**
 * Discovery types (Kubernetes APIResourceList) and the pure function that turns them into kinds.
 * May import: src/shared only.
 */
import type { GroupVersion } from './paths.ts';

export interface APIResource {
  name: string;
  singularName?: string;
  namespaced: boolean;
  kind: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
}

export interface APIResourceList {
  kind: 'APIResourceList';
  apiVersion?: string;
  groupVersion: string;
  resources: APIResource[];
}

/** A kind as plain metadata that drives URL building and views. */
export interface KindInfo extends GroupVersion {
  kind: string;
  plural: string;
  singular: string;
  namespaced: boolean;
  verbs: string[];
  shortNames: string[];
  /** Subresources discovery lists for the kind (`status`, `log`): a kind with `log` has a log to read. */
  subresources?: string[];
}

/** Top-level resources only: `jobs/status` and other subresources are not kinds. */
export function kindsFromDiscovery(list: APIResourceList, gv: GroupVersion): KindInfo[] {
  const subresources = new Map<string, string[]>();
  for (const r of list.resources ?? []) {
    const slash = r.name.indexOf('/');
    if (slash > 0)
      subresources.set(r.name.slice(0, slash), [
        ...(subresources.get(r.name.slice(0, slash)) ?? []),
        r.name.slice(slash + 1),
      ]);
  }
  return (list.resources ?? [])
    .filter((r) => !r.name.includes('/'))
    .map((r) => ({
      ...gv,
      kind: r.kind,
      plural: r.name,
      singular: r.singularName || r.kind.toLowerCase(),
      namespaced: r.namespaced,
      verbs: r.verbs ?? [],
      shortNames: r.shortNames ?? [],
      subresources: subresources.get(r.name) ?? [],
    }));
}
