/**
 * A tree made of a root tree with others mounted at paths in it, as a Sandbox sees its disk and its Volumes: an
 * operation goes to the tree whose mount point is the longest prefix of its path, and an error names the path
 * the caller used.
 */
import { baseName, normalisePath, parentOf } from './path.ts';
import { FileError, type FileEntry, type FileTree } from './tree.ts';

export interface Mount {
  /** Absolute, normalised, not `/`. */
  path: string;
  tree: FileTree;
  readOnly?: boolean;
  /** What the mount is, for messages (e.g. `Volume datasets`). */
  label?: string;
}

function normaliseOrUndefined(path: string): string | undefined {
  try {
    return normalisePath('/', path);
  } catch {
    return undefined;
  }
}

interface Resolved {
  tree: FileTree;
  inner: string;
  mount: Mount | undefined;
}

export class MountedTree implements FileTree {
  private readonly mounts: Mount[];

  constructor(
    private readonly root: FileTree,
    mounts: Mount[],
  ) {
    // Longest first, so the deepest mount wins; a later mount at the same path hides an earlier one.
    const unique = new Map<string, Mount>();
    for (const m of mounts) {
      const path = normaliseOrUndefined(m.path);
      if (path && path !== '/') unique.set(path, { ...m, path });
    }
    this.mounts = [...unique.values()].sort((a, b) => b.path.length - a.path.length);
    for (const m of this.mounts) {
      try {
        root.mkdir(m.path, { parents: true });
      } catch {
        // A file where the mount point goes is hidden by the mount, as on Linux.
      }
    }
  }

  private resolve(path: string): Resolved {
    const at = normalisePath('/', path);
    for (const mount of this.mounts) {
      if (at === mount.path) return { tree: mount.tree, inner: '/', mount };
      if (at.startsWith(`${mount.path}/`)) return { tree: mount.tree, inner: at.slice(mount.path.length), mount };
    }
    return { tree: this.root, inner: at, mount: undefined };
  }

  /** Runs `op` in the tree that holds `path`, naming the outer path in any error. */
  private run<T>(path: string, op: (r: Resolved) => T): T {
    const resolved = this.resolve(path);
    try {
      return op(resolved);
    } catch (error) {
      if (!(error instanceof FileError) || !resolved.mount) throw error;
      const outer = error.path === '/' ? resolved.mount.path : `${resolved.mount.path}${error.path}`;
      const message = error.message.startsWith(`${error.path}:`)
        ? `${outer}${error.message.slice(error.path.length)}`
        : error.message;
      throw new FileError(error.code, outer, message);
    }
  }

  private writable(r: Resolved, path: string): void {
    if (r.mount?.readOnly) {
      const what = r.mount.label ? ` (${r.mount.label})` : '';
      throw new FileError(
        'ReadOnly',
        normalisePath('/', path),
        `${normalisePath('/', path)}: read-only file system${what}`,
      );
    }
  }

  /** Refuses to remove or replace a mount point, or a directory that holds one. */
  private notMountPoint(path: string): void {
    const at = normalisePath('/', path);
    const below = this.mounts.find((m) => m.path === at || m.path.startsWith(at === '/' ? '/' : `${at}/`));
    if (below) throw new FileError('ReadOnly', at, `${at}: device or resource busy (${below.path} is a mount point)`);
  }

  private mountsIn(dir: string): Mount[] {
    return this.mounts.filter((m) => parentOf(m.path) === dir);
  }

  stat(path: string): FileEntry | undefined {
    const at = normalisePath('/', path);
    const entry = this.run(at, (r) => r.tree.stat(r.inner));
    return entry && { ...entry, name: baseName(at) };
  }

  list(path: string): FileEntry[] {
    const at = normalisePath('/', path);
    const entries = this.run(at, (r) => r.tree.list(r.inner));
    const mounted = this.mountsIn(at);
    if (mounted.length === 0) return entries;
    const byName = new Map(entries.map((e) => [e.name, e]));
    for (const m of mounted) {
      const top = m.tree.stat('/');
      byName.set(baseName(m.path), {
        name: baseName(m.path),
        type: 'directory',
        size: 0,
        modified: top?.modified ?? new Date().toISOString(),
      });
    }
    return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  read(path: string, range?: { start: number; end: number }): Uint8Array {
    return this.run(path, (r) => r.tree.read(r.inner, range));
  }

  write(path: string, data: Uint8Array, options?: { append?: boolean }): void {
    this.writable(this.resolve(path), path);
    this.run(path, (r) => r.tree.write(r.inner, data, options));
  }

  mkdir(path: string, options?: { parents?: boolean }): void {
    const resolved = this.resolve(path);
    if (!(resolved.inner === '/' && resolved.mount)) this.writable(resolved, path);
    this.run(path, (r) => {
      if (r.inner === '/' && r.mount) {
        if (options?.parents) return;
        throw new FileError('Exists', '/', '/: already exists');
      }
      r.tree.mkdir(r.inner, options);
    });
  }

  remove(path: string, options?: { recursive?: boolean }): void {
    this.notMountPoint(path);
    this.writable(this.resolve(path), path);
    this.run(path, (r) => r.tree.remove(r.inner, options));
  }
}
