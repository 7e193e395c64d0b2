import { describe, expect, it } from 'vitest';
import { MemoryTree, describeBytes, type BytePool } from './memory-tree.ts';
import { bytes, codeOf, text } from './testing.ts';

describe('MemoryTree', () => {
  it('writes, reads, appends and lists files sorted by name', () => {
    const tree = new MemoryTree();
    tree.mkdir('/data');
    tree.write('/data/b.txt', bytes('hello'));
    tree.write('/data/a.txt', bytes('x'));
    tree.write('/data/b.txt', bytes(' world'), { append: true });
    expect(text(tree.read('/data/b.txt'))).toBe('hello world');
    expect(text(tree.read('/data/b.txt', { start: 6, end: 11 }))).toBe('world');
    expect(tree.list('/data').map((e) => [e.name, e.type, e.size])).toEqual([
      ['a.txt', 'file', 1],
      ['b.txt', 'file', 11],
    ]);
    expect(tree.stat('/data')).toMatchObject({ name: 'data', type: 'directory', size: 0 });
    expect(tree.stat('/nothing')).toBeUndefined();
    expect(tree.used).toBe(12);
  });

  it('answers like a filesystem when a path is wrong', () => {
    const tree = new MemoryTree();
    tree.write('/file', bytes('x'));
    tree.mkdir('/dir');
    expect(codeOf(() => tree.read('/missing'))).toBe('NotFound');
    expect(codeOf(() => tree.read('/dir'))).toBe('IsADirectory');
    expect(codeOf(() => tree.list('/file'))).toBe('NotADirectory');
    expect(codeOf(() => tree.write('/file/x', bytes('y')))).toBe('NotADirectory');
    expect(codeOf(() => tree.write('/dir', bytes('y')))).toBe('IsADirectory');
    expect(codeOf(() => tree.write('/no/such', bytes('y')))).toBe('NotFound');
    expect(codeOf(() => tree.mkdir('/dir'))).toBe('Exists');
    expect(codeOf(() => tree.mkdir('/a/b'))).toBe('NotFound');
    expect(codeOf(() => tree.remove('/'))).toBe('InvalidPath');
  });

  it('makes parent directories on request, and mkdir -p of an existing directory is fine', () => {
    const tree = new MemoryTree();
    tree.mkdir('/a/b/c', { parents: true });
    tree.mkdir('/a/b', { parents: true });
    expect(tree.list('/a/b').map((e) => e.name)).toEqual(['c']);
  });

  it('removes a directory only when empty unless recursive, and gives its bytes back', () => {
    const pool: BytePool = { used: 0, limit: 100 };
    const tree = new MemoryTree({ pool });
    tree.mkdir('/d/e', { parents: true });
    tree.write('/d/e/f', bytes('12345'));
    expect(pool.used).toBe(5);
    expect(codeOf(() => tree.remove('/d'))).toBe('NotEmpty');
    tree.remove('/d', { recursive: true });
    expect(tree.used).toBe(0);
    expect(pool.used).toBe(0);
    expect(tree.list('/')).toEqual([]);
  });

  it('refuses a write past its capacity, its pool or its per-file bound, and keeps what it had', () => {
    const pool: BytePool = { used: 0, limit: 12 };
    const changes: number[] = [];
    const tree = new MemoryTree({ capacity: 10, maxFileBytes: 8, pool, onChange: (used) => changes.push(used) });
    tree.write('/a', bytes('12345678'));
    expect(codeOf(() => tree.write('/b', bytes('123')))).toBe('NoSpace');
    expect(codeOf(() => tree.write('/a', bytes('123456789')))).toBe('TooLarge');
    tree.write('/a', bytes('1'));
    const other = new MemoryTree({ pool });
    other.write('/x', bytes('1234567890'));
    expect(codeOf(() => tree.write('/b', bytes('12')))).toBe('NoSpace');
    expect(text(tree.read('/a'))).toBe('1');
    expect(changes).toEqual([8, 1]);
  });

  it('follows a capacity that changes', () => {
    let capacity = 2;
    const tree = new MemoryTree({ capacity: () => capacity });
    expect(codeOf(() => tree.write('/a', bytes('123')))).toBe('NoSpace');
    capacity = 3;
    tree.write('/a', bytes('123'));
    expect(tree.used).toBe(3);
  });

  it('dumps and loads its contents', () => {
    const tree = new MemoryTree();
    tree.mkdir('/a/b', { parents: true });
    tree.write('/a/b/c', bytes('data'));
    const copy = new MemoryTree();
    copy.load(tree.dump());
    expect(text(copy.read('/a/b/c'))).toBe('data');
    expect(copy.used).toBe(4);
  });
});

describe('describeBytes', () => {
  it('says bytes in the unit a person reads', () => {
    expect(describeBytes(512)).toBe('512 B');
    expect(describeBytes(64 * 2 ** 20)).toBe('64 MiB');
    expect(describeBytes(1.5 * 2 ** 30)).toBe('1.5 GiB');
  });
});
