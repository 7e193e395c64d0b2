/**
 * A file tree held in memory, bounded in bytes: its own capacity (a Volume's size, a Sandbox's disk), a limit per
 * file, and optionally a pool shared with other trees so the whole mock stays within a memory budget.
 */
import { baseName, normalisePath, parentOf, segments } from './path.ts';
import { FileError, type FileEntry, type FileTree } from './tree.ts';

/** Bytes several trees draw from together (the mock-wide bound on file data). */
export interface BytePool {
  used: number;
  readonly limit: number;
}

export interface MemoryTreeOptions {
  /** Bytes the tree's files may hold in all; a function when it can change (a Volume grows). */
  capacity?: number | (() => number);
  /** Bytes one file may hold. */
  maxFileBytes?: number;
  pool?: BytePool;
  now?: () => number;
  /** Told after every change that alters what the files hold, with the bytes now used. */
  onChange?: (used: number) => void;
  /** Told of every change made, so that durable state can record it (persist/durable-state.ts). */
  onOp?: (op: TreeOp) => void;
}

/** A change to a tree as durable state records it: a write carries the file's whole new content. */
export type TreeOp =
  | { op: 'write'; path: string; data: Uint8Array; modified: number }
  | { op: 'mkdir'; path: string }
  | { op: 'rm'; path: string };

interface FileNode {
  type: 'file';
  data: Uint8Array;
  modified: number;
}
interface DirNode {
  type: 'directory';
  children: Map<string, Node>;
  modified: number;
}
type Node = FileNode | DirNode;

/** One entry of a tree's contents, parents before children: what durable state writes and reads back. */
export interface DumpedEntry {
  path: string;
  type: 'file' | 'directory';
  modified: number;
  data?: Uint8Array;
}

const GiB = 2 ** 30;

function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class MemoryTree implements FileTree {
  private readonly root: DirNode;
  private bytes = 0;
  private readonly options: MemoryTreeOptions;

  constructor(options: MemoryTreeOptions = {}) {
    this.options = options;
    this.root = { type: 'directory', children: new Map(), modified: this.now() };
  }

  /** Bytes the files hold. */
  get used(): number {
    return this.bytes;
  }

  /** Bytes the tree may hold (Infinity when unbounded). */
  get capacity(): number {
    const c = this.options.capacity;
    return typeof c === 'function' ? c() : (c ?? Number.POSITIVE_INFINITY);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The node at `path`; throws NotFound or NotADirectory the way a filesystem does on the way there. */
  private find(path: string): Node {
    let node: Node = this.root;
    for (const name of segments(path)) {
      if (node.type !== 'directory') throw new FileError('NotADirectory', path, `${path}: not a directory`);
      const next = node.children.get(name);
      if (!next) throw new FileError('NotFound', path, `${path}: no such file or directory`);
      node = next;
    }
    return node;
  }

  private lookup(path: string): Node | undefined {
    try {
      return this.find(path);
    } catch (error) {
      if (error instanceof FileError) return undefined;
      throw error;
    }
  }

  private directory(path: string): DirNode {
    const node = this.find(path);
    if (node.type !== 'directory') throw new FileError('NotADirectory', path, `${path}: not a directory`);
    return node;
  }

  private entry(name: string, node: Node): FileEntry {
    return {
      name,
      type: node.type,
      size: node.type === 'file' ? node.data.byteLength : 0,
      modified: timestamp(node.modified),
    };
  }

  stat(path: string): FileEntry | undefined {
    const at = normalisePath('/', path);
    const node = this.lookup(at);
    return node && this.entry(baseName(at), node);
  }

  list(path: string): FileEntry[] {
    const dir = this.directory(normalisePath('/', path));
    return [...dir.children.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, node]) => this.entry(name, node));
  }

  read(path: string, range?: { start: number; end: number }): Uint8Array {
    const at = normalisePath('/', path);
    const node = this.find(at);
    if (node.type !== 'file') throw new FileError('IsADirectory', at, `${at}: is a directory`);
    if (!range) return node.data;
    const start = Math.max(0, Math.min(range.start, node.data.byteLength));
    return node.data.subarray(start, Math.max(start, Math.min(range.end, node.data.byteLength)));
  }

  /** Throws NoSpace or TooLarge when `grow` more bytes, making a file of `size`, would not fit. */
  private reserve(path: string, size: number, grow: number): void {
    const maxFile = this.options.maxFileBytes ?? Number.POSITIVE_INFINITY;
    if (size > maxFile) {
      throw new FileError('TooLarge', path, `${path}: a file may hold at most ${describeBytes(maxFile)}`);
    }
    if (grow <= 0) return;
    if (this.bytes + grow > this.capacity) {
      const free = Math.max(0, this.capacity - this.bytes);
      throw new FileError(
        'NoSpace',
        path,
        `${path}: no space left (${describeBytes(free)} free, ${describeBytes(grow)} more needed)`,
      );
    }
    const pool = this.options.pool;
    if (pool && pool.used + grow > pool.limit) {
      throw new FileError(
        'NoSpace',
        path,
        `${path}: no space left: the mock holds at most ${describeBytes(pool.limit)} of files in all`,
      );
    }
  }

  private account(grow: number): void {
    this.bytes += grow;
    if (this.options.pool) this.options.pool.used += grow;
    if (grow !== 0) this.options.onChange?.(this.bytes);
  }

  write(path: string, data: Uint8Array, options: { append?: boolean } = {}): void {
    const at = normalisePath('/', path);
    if (at === '/') throw new FileError('IsADirectory', at, `${at}: is a directory`);
    const dir = this.directory(parentOf(at));
    const name = baseName(at);
    const existing = dir.children.get(name);
    if (existing?.type === 'directory') throw new FileError('IsADirectory', at, `${at}: is a directory`);
    const before = existing?.data.byteLength ?? 0;
    const size = options.append ? before + data.byteLength : data.byteLength;
    this.reserve(at, size, size - before);
    let next: Uint8Array;
    if (options.append && existing) {
      next = new Uint8Array(size);
      next.set(existing.data);
      next.set(data, before);
    } else next = data.slice();
    const now = this.now();
    dir.children.set(name, { type: 'file', data: next, modified: now });
    if (!existing) dir.modified = now;
    this.account(size - before);
    this.options.onOp?.({ op: 'write', path: at, data: next, modified: now });
  }

  mkdir(path: string, options: { parents?: boolean } = {}): void {
    const at = normalisePath('/', path);
    const existing = this.lookup(at);
    if (existing) {
      if (options.parents && existing.type === 'directory') return;
      throw new FileError('Exists', at, `${at}: already exists`);
    }
    let dir = this.root;
    let walked = '';
    const names = segments(at);
    names.forEach((name, i) => {
      walked += `/${name}`;
      const next = dir.children.get(name);
      if (next?.type === 'file') throw new FileError('NotADirectory', walked, `${walked}: not a directory`);
      if (next) {
        dir = next;
        return;
      }
      if (!options.parents && i < names.length - 1) {
        throw new FileError('NotFound', at, `${parentOf(at)}: no such file or directory`);
      }
      const now = this.now();
      const created: DirNode = { type: 'directory', children: new Map(), modified: now };
      dir.children.set(name, created);
      dir.modified = now;
      dir = created;
    });
    this.options.onOp?.({ op: 'mkdir', path: at });
  }

  remove(path: string, options: { recursive?: boolean } = {}): void {
    const at = normalisePath('/', path);
    if (at === '/') throw new FileError('InvalidPath', at, '/: the root directory cannot be removed');
    const dir = this.directory(parentOf(at));
    const name = baseName(at);
    const node = dir.children.get(name);
    if (!node) throw new FileError('NotFound', at, `${at}: no such file or directory`);
    if (node.type === 'directory' && node.children.size > 0 && !options.recursive) {
      throw new FileError('NotEmpty', at, `${at}: directory not empty`);
    }
    dir.children.delete(name);
    dir.modified = this.now();
    this.account(-sizeOf(node));
    this.options.onOp?.({ op: 'rm', path: at });
  }

  /** Every entry below the root, parents first (for durable state). */
  dump(): DumpedEntry[] {
    const out: DumpedEntry[] = [];
    const walk = (dir: DirNode, prefix: string): void => {
      for (const [name, node] of dir.children) {
        const path = `${prefix}/${name}`;
        if (node.type === 'file') out.push({ path, type: 'file', modified: node.modified, data: node.data });
        else {
          out.push({ path, type: 'directory', modified: node.modified });
          walk(node, path);
        }
      }
    };
    walk(this.root, '');
    return out;
  }

  /** Puts back what `dump` gave, bypassing the capacity (the bytes were accepted once) but drawing on the pool. */
  load(entries: DumpedEntry[]): void {
    for (const entry of entries) {
      const dir = this.directory(parentOf(entry.path));
      const name = baseName(entry.path);
      if (entry.type === 'directory')
        dir.children.set(name, { type: 'directory', children: new Map(), modified: entry.modified });
      else {
        const data = entry.data ?? new Uint8Array();
        const before = sizeOf(dir.children.get(name));
        dir.children.set(name, { type: 'file', data, modified: entry.modified });
        this.bytes += data.byteLength - before;
        if (this.options.pool) this.options.pool.used += data.byteLength - before;
      }
    }
  }

  /** Applies a recorded change again, whatever the bounds (it was accepted once), without telling anyone. */
  replay(op: TreeOp): void {
    const { onOp, onChange } = this.options;
    this.options.onOp = undefined;
    this.options.onChange = undefined;
    try {
      if (op.op === 'mkdir') this.mkdir(op.path, { parents: true });
      else if (op.op === 'rm') {
        if (this.lookup(op.path)) this.remove(op.path, { recursive: true });
      } else {
        this.mkdir(parentOf(op.path), { parents: true });
        const dir = this.directory(parentOf(op.path));
        const before = sizeOf(dir.children.get(baseName(op.path)));
        dir.children.set(baseName(op.path), { type: 'file', data: op.data, modified: op.modified });
        this.bytes += op.data.byteLength - before;
        if (this.options.pool) this.options.pool.used += op.data.byteLength - before;
      }
    } finally {
      this.options.onOp = onOp;
      this.options.onChange = onChange;
    }
  }

  /** Gives the tree's bytes back to the pool (the tree is being dropped). */
  release(): void {
    if (this.options.pool) this.options.pool.used -= this.bytes;
    this.bytes = 0;
    this.root.children.clear();
  }
}

function sizeOf(node: Node | undefined): number {
  if (!node) return 0;
  if (node.type === 'file') return node.data.byteLength;
  let total = 0;
  for (const child of node.children.values()) total += sizeOf(child);
  return total;
}

/** Bytes in the unit a person reads them in: 512 B, 3.2 KiB, 64 MiB, 1.5 GiB. */
export function describeBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'unlimited';
  const units: [number, string][] = [
    [GiB, 'GiB'],
    [2 ** 20, 'MiB'],
    [2 ** 10, 'KiB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const n = bytes / size;
      return `${Number.isInteger(n) ? n : n.toFixed(1)} ${unit}`;
    }
  }
  return `${bytes} B`;
}
