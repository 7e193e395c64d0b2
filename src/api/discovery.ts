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
}

/** Top-level resources only: `jobs/status` and other subresources are not kinds. */
export function kindsFromDiscovery(list: APIResourceList, gv: GroupVersion): KindInfo[] {
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
    }));
}
