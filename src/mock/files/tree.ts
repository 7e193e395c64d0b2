/**
 * A file tree as the mock's Sandboxes and Volumes hold one: the files subresource and the simulated shell both
 * work through this interface, so that a file uploaded over HTTP is what `cat` prints, and a file the shell writes
 * is what a download returns. Paths are absolute and already normalised (`normalisePath`).
 */

export type EntryType = 'file' | 'directory';

export interface FileEntry {
  name: string;
  type: EntryType;
  /** Bytes for a file; 0 for a directory. */
  size: number;
  /** RFC 3339. */
  modified: string;
}

export type FileErrorCode =
  | 'NotFound'
  | 'NotADirectory'
  | 'IsADirectory'
  | 'Exists'
  | 'NotEmpty'
  | 'ReadOnly'
  | 'NoSpace'
  | 'TooLarge'
  | 'InvalidPath';

/** A file operation that cannot be done; the code decides the HTTP answer and the shell's message. */
export class FileError extends Error {
  constructor(
    readonly code: FileErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'FileError';
  }
}

export interface FileTree {
  /** The entry at `path`, or undefined when nothing is there. */
  stat(path: string): FileEntry | undefined;
  /** A directory's entries, sorted by name. */
  list(path: string): FileEntry[];
  /** A file's bytes; `end` is exclusive. */
  read(path: string, range?: { start: number; end: number }): Uint8Array;
  /** Creates or replaces a file (or appends to it); its directory must exist. */
  write(path: string, data: Uint8Array, options?: { append?: boolean }): void;
  mkdir(path: string, options?: { parents?: boolean }): void;
  /** Removes a file, or a directory (empty unless `recursive`). */
  remove(path: string, options?: { recursive?: boolean }): void;
}
