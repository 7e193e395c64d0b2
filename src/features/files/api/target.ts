/** Whose files: one object of a kind whose facts say it has a file tree (a Volume, a Sandbox). */
import { resourcePath, type KindInfo } from '@/data/client/index.ts';
import { encodeTreePath } from '../lib/paths.ts';

export interface FilesTarget {
  kind: KindInfo;
  project: string;
  name: string;
}

/** The files subresource at `path` of the tree: `.../volumes/{name}/files/{path}`. */
export function filesPath(target: FilesTarget, path: string): string {
  const base = resourcePath(target.kind, target.kind.plural, {
    namespace: target.project,
    name: target.name,
    subresource: 'files',
  });
  return `${base}/${encodeTreePath(path)}`;
}

/** One string per object, for the uploads of a tree kept while its page is closed. */
export function targetKey(target: FilesTarget): string {
  return `${target.project}/${target.kind.group}/${target.kind.plural}/${target.name}`;
}
