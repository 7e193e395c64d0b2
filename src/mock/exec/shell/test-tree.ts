/** A tiny in-memory FileTree for the shell's unit tests (and, until the Sandbox's own tree lands, the mock). */
import { FileError, type FileEntry, type FileTree } from '../../files/tree.ts';

interface Node {
  type: 'file' | 'directory';
  data: Uint8Array;
  modified: string;
}

export class TestTree implements FileTree {
  private readonly nodes = new Map<string, Node>([
    ['/', { type: 'directory', data: new Uint8Array(0), modified: new Date(0).toISOString() }],
  ]);

  private parent(path: string): string {
    const i = path.lastIndexOf('/');
    return i <= 0 ? '/' : path.slice(0, i);
  }

  private requireDir(path: string): void {
    const node = this.nodes.get(path);
    if (!node) throw new FileError('NotFound', path, `${path} does not exist`);
    if (node.type !== 'directory') throw new FileError('NotADirectory', path, `${path} is not a directory`);
  }

  stat(path: string): FileEntry | undefined {
    const node = this.nodes.get(path);
    if (!node) return undefined;
    const name = path === '/' ? '/' : path.slice(path.lastIndexOf('/') + 1);
    return { name, type: node.type, size: node.type === 'file' ? node.data.length : 0, modified: node.modified };
  }

  list(path: string): FileEntry[] {
    this.requireDir(path);
    const prefix = path === '/' ? '/' : `${path}/`;
    return [...this.nodes.keys()]
      .filter((p) => p !== '/' && p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
      .sort()
      .map((p) => this.stat(p)!);
  }

  read(path: string, range?: { start: number; end: number }): Uint8Array {
    const node = this.nodes.get(path);
    if (!node) throw new FileError('NotFound', path, `${path} does not exist`);
    if (node.type === 'directory') throw new FileError('IsADirectory', path, `${path} is a directory`);
    return range ? node.data.subarray(range.start, range.end) : node.data;
  }

  write(path: string, data: Uint8Array, options?: { append?: boolean }): void {
    this.requireDir(this.parent(path));
    const node = this.nodes.get(path);
    if (node?.type === 'directory') throw new FileError('IsADirectory', path, `${path} is a directory`);
    const bytes = options?.append && node ? Buffer.concat([node.data, data]) : Uint8Array.from(data);
    this.nodes.set(path, { type: 'file', data: bytes, modified: new Date().toISOString() });
  }

  mkdir(path: string, options?: { parents?: boolean }): void {
    const existing = this.nodes.get(path);
    if (existing) {
      if (options?.parents && existing.type === 'directory') return;
      throw new FileError('Exists', path, `${path} exists`);
    }
    const parent = this.parent(path);
    if (options?.parents && !this.nodes.has(parent)) this.mkdir(parent, options);
    this.requireDir(parent);
    this.nodes.set(path, { type: 'directory', data: new Uint8Array(0), modified: new Date().toISOString() });
  }

  remove(path: string, options?: { recursive?: boolean }): void {
    const node = this.nodes.get(path);
    if (!node) throw new FileError('NotFound', path, `${path} does not exist`);
    const children = [...this.nodes.keys()].filter((p) => p.startsWith(`${path}/`));
    if (children.length > 0 && !options?.recursive) throw new FileError('NotEmpty', path, `${path} is not empty`);
    for (const child of children) this.nodes.delete(child);
    this.nodes.delete(path);
  }
}
