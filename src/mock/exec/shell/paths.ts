/** Paths as the shell sees them: resolved against its working directory, and file errors in strerror's words. */
import { FileError, type FileErrorCode } from '../../files/tree.ts';

/** An absolute path for `path` seen from `cwd`, with `.`, `..` and repeated slashes resolved. */
export function resolvePath(cwd: string, path: string): string {
  const parts = path.startsWith('/') ? [] : cwd.split('/').filter((p) => p !== '');
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** What a Unix tool prints for each failure (its errno's message). */
const STRERROR: Record<FileErrorCode, string> = {
  NotFound: 'No such file or directory',
  NotADirectory: 'Not a directory',
  IsADirectory: 'Is a directory',
  Exists: 'File exists',
  NotEmpty: 'Directory not empty',
  ReadOnly: 'Read-only file system',
  NoSpace: 'No space left on device',
  TooLarge: 'File too large',
  InvalidPath: 'Invalid argument',
};

/** The message for an error thrown by a FileTree; anything else is rethrown (a bug, not a user's mistake). */
export function fileErrorText(error: unknown): string {
  if (error instanceof FileError) return STRERROR[error.code];
  throw error;
}

/** `~/x` for a path under home, as a prompt shows it. */
export function shortPath(path: string, home: string): string {
  if (path === home) return '~';
  if (home !== '/' && path.startsWith(`${home}/`)) return `~${path.slice(home.length)}`;
  return path;
}
