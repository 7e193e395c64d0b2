/**
 * Where an object opens: `/projects/:project/:plural/:name`, and a project's table of a kind (the routes are
 * in src/app/router.tsx). Built here because features may not import the app's path helpers.
 */
import type { KindInfo } from '@/data/client/index.ts';
import type { TableItem } from '@/shared/printer-columns.ts';

export function objectHref(kind: Pick<KindInfo, 'plural'>, object: TableItem): string {
  const project = encodeURIComponent(object.metadata.namespace ?? '');
  return `/projects/${project}/${encodeURIComponent(kind.plural)}/${encodeURIComponent(object.metadata.name ?? '')}`;
}

export function projectKindHref(project: string, plural: string): string {
  return `/projects/${encodeURIComponent(project)}/${encodeURIComponent(plural)}`;
}
