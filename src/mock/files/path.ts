/**
 * Paths as the files subresource and the shell take them: made absolute against a working directory, `.` and
 * `..` resolved (never above `/`), and bounded like a POSIX filesystem's.
 */
import { FileError } from './tree.ts';

/** The longest path and the longest name in it, in characters (Linux's PATH_MAX and NAME_MAX). */
export const MAX_PATH_LENGTH = 4096;
export const MAX_NAME_LENGTH = 255;

/** `path` made absolute against `cwd` and normalised; throws InvalidPath for a NUL byte or an over-long path. */
export function normalisePath(cwd: string, path: string): string {
  const raw = path.startsWith('/') ? path : `${cwd}/${path}`;
  if (raw.includes('\0'))
    throw new FileError('InvalidPath', path, `${JSON.stringify(path)}: a path cannot hold a NUL byte`);
  const parts: string[] = [];
  for (const segment of raw.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else if (segment.length > MAX_NAME_LENGTH) {
      throw new FileError(
        'InvalidPath',
        path,
        `${segment.slice(0, 32)}...: a name is at most ${MAX_NAME_LENGTH} characters`,
      );
    } else parts.push(segment);
  }
  const out = `/${parts.join('/')}`;
  if (out.length > MAX_PATH_LENGTH) {
    throw new FileError(
      'InvalidPath',
      path,
      `a path is at most ${MAX_PATH_LENGTH} characters (this one has ${out.length})`,
    );
  }
  return out;
}

/** The directory holding `path` (`/` for `/`). */
export function parentOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at <= 0 ? '/' : path.slice(0, at);
}

/** The last name in `path` (`/` for the root). */
export function baseName(path: string): string {
  return path === '/' ? '/' : path.slice(path.lastIndexOf('/') + 1);
}

/** The names along an absolute, normalised path (none for `/`). */
export function segments(path: string): string[] {
  return path === '/' ? [] : path.slice(1).split('/');
}
