/**
 * Paths inside a Volume's or a Sandbox's file tree, as the browser walks them: always absolute, `/` separated, no
 * trailing slash but the root's, no `.` or `..` (a name typed for a new folder or a dropped file cannot climb out of
 * the folder it is put in).
 */

/** `/a/b` from any spelling of it: `a//b/`, `/a/./b`. A `..` goes up, never above the root. */
export function normalisePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** `dir` + `name`; a name with a `/` in it makes the folders it names (a dropped folder's files keep their place). */
export function joinPath(dir: string, name: string): string {
  return normalisePath(`${dir}/${name}`);
}

/** The folder a path is in; the root's is the root. */
export function parentOf(path: string): string {
  const normal = normalisePath(path);
  const cut = normal.lastIndexOf('/');
  return cut <= 0 ? '/' : normal.slice(0, cut);
}

/** The last part of a path ('' for the root). */
export function baseName(path: string): string {
  const normal = normalisePath(path);
  return normal.slice(normal.lastIndexOf('/') + 1);
}

export interface Crumb {
  /** What the breadcrumb shows: the root is `label`, each folder its name. */
  name: string;
  path: string;
}

/** The breadcrumb of a path: the root, then each folder down to it. */
export function crumbsOf(path: string, rootLabel: string): Crumb[] {
  const crumbs: Crumb[] = [{ name: rootLabel, path: '/' }];
  let at = '';
  for (const part of normalisePath(path).split('/').filter(Boolean)) {
    at = `${at}/${part}`;
    crumbs.push({ name: part, path: at });
  }
  return crumbs;
}

/**
 * A name a person typed for a new folder or file, or why it cannot be one. Slashes would make several folders at
 * once and `.`/`..` are not names: both are refused rather than silently changed.
 */
export function nameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'Type a name.';
  if (name.includes('/')) return 'A name cannot contain "/".';
  if (name === '.' || name === '..') return `"${name}" is not a name.`;
  if (name.includes('\0')) return 'A name cannot contain a NUL character.';
  return undefined;
}

/** Each part of a tree path encoded for a URL, `/` kept between them: `/a b/c#1` → `a%20b/c%231`. */
export function encodeTreePath(path: string): string {
  return normalisePath(path).split('/').filter(Boolean).map(encodeURIComponent).join('/');
}
