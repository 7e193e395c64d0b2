/**
 * What the key in use may do to one object's files, asked of the API (src/data/access): add a file or folder
 * (`create` on `<plural>/files`), write over a file (`update`) and delete (`delete`). Reading is `get`: a
 * listing the key may not read fails with the API's own 403, shown where the folder would be.
 */
import { useAccessList, type Access } from '@/data/access/index.ts';
import type { FilesTarget } from './target.ts';

export interface FilesAccess {
  add: Access;
  replace: Access;
  remove: Access;
}

export function useFilesAccess(target: FilesTarget): FilesAccess {
  const base = {
    group: target.kind.group,
    resource: target.kind.plural,
    subresource: 'files',
    namespace: target.project,
    name: target.name,
  };
  const [add, replace, remove] = useAccessList([
    { ...base, verb: 'create' },
    { ...base, verb: 'update' },
    { ...base, verb: 'delete' },
  ]);
  return { add: add!, replace: replace!, remove: remove! };
}

/** The reason a write is off, or undefined when the key may do it. */
export function refusalOf(access: Access): string | undefined {
  return access.allowed ? undefined : access.reason;
}
