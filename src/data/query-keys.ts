/**
 * Every TanStack Query key of the console, defined once. Keys are hierarchical: each starts with 'nodus' (so a
 * change of API key resets them all) and a prefix names a group, so one invalidation refreshes what is under it.
 */
import type { GroupVersion, KindInfo } from './client/index.ts';

export type KindRef = Pick<KindInfo, 'group' | 'version' | 'plural'>;

const gv = (kind: GroupVersion) => `${kind.group}/${kind.version}`;

export const queryKeys = {
  all: ['nodus'] as const,
  discovery: (g: GroupVersion) => ['nodus', 'discovery', g.group, g.version] as const,
  openApi: (g: GroupVersion) => ['nodus', 'openapi', g.group, g.version] as const,
  readiness: (apiUrl: string) => ['nodus', 'health', 'readyz', apiUrl] as const,
  projects: () => ['nodus', 'projects', 'list'] as const,
  /** Every kind's stats, or one kind's. */
  projectStats: (kind?: KindRef) =>
    kind ? (['nodus', 'project-stats', gv(kind), kind.plural] as const) : (['nodus', 'project-stats'] as const),
  /** Every count (no argument), a project's (null: the all-projects counts), or one kind's in one of them. */
  counts: (project?: string | null) =>
    project === undefined ? (['nodus', 'counts'] as const) : (['nodus', 'counts', project] as const),
  count: (kind: KindRef, project: string | undefined) =>
    [...queryKeys.counts(project ?? null), gv(kind), kind.plural] as const,
  /** Every read of one object (its GET when a watch did not find it), or of every object of a project. */
  objects: (project?: string) =>
    project === undefined ? (['nodus', 'object'] as const) : (['nodus', 'object', project] as const),
  object: (kind: KindRef, project: string, name: string) =>
    [...queryKeys.objects(project), gv(kind), kind.plural, name] as const,
  objectNames: (kind: KindRef) => ['nodus', 'palette-names', gv(kind), kind.plural] as const,
  /** The listings of one object's file tree (no path: every folder of it, as a write makes them stale). */
  /** Every access answer (no generation), or those given to the key in use (`generation`, connection-store.ts). */
  access: (generation?: number) =>
    generation === undefined ? (['nodus', 'access'] as const) : (['nodus', 'access', generation] as const),
  /** A project's SelfSubjectRulesReview. */
  accessRules: (generation: number, namespace: string) => ['nodus', 'access', generation, 'rules', namespace] as const,
  /** One SelfSubjectAccessReview, by its attributes (access/attributes.ts `attributesKey`). */
  accessReview: (generation: number, attributes: string) =>
    ['nodus', 'access', generation, 'review', attributes] as const,
  /** Who the key in use belongs to (SelfSubjectReview). */
  identity: (generation: number) => ['nodus', 'identity', generation] as const,
  files: (kind: KindRef, project: string, name: string, path?: string) =>
    path === undefined
      ? (['nodus', 'files', project, gv(kind), kind.plural, name] as const)
      : (['nodus', 'files', project, gv(kind), kind.plural, name, path] as const),
};
