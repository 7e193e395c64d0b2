import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { defaultConfig } from '../config.ts';
import { MockState } from '../state.ts';
import { ANNOTATION_USED_GIB, GiB, sandboxTree, volumeTree } from './trees.ts';
import { bytes, codeOf, text } from './testing.ts';
import type { FileError } from './tree.ts';

function put(state: MockState, plural: string, name: string, spec: object, annotations?: Record<string, string>) {
  const obj: NodusObject = {
    apiVersion: 'nodus.dev/v1',
    kind: plural === 'volumes' ? 'Volume' : 'Sandbox',
    metadata: { name, namespace: 'p', uid: state.newUid(plural), ...(annotations ? { annotations } : {}) },
    spec: spec as Record<string, unknown>,
    status: { phase: 'Running' },
  };
  return state.store.put(plural, obj);
}

function setup() {
  const state = new MockState(defaultConfig());
  put(state, 'volumes', 'data', { sizeGiB: 1 });
  put(state, 'volumes', 'models', { sizeGiB: 1 });
  put(state, 'sandboxes', 'box', {
    volumes: [
      { name: 'data', mountPath: '/mnt/data' },
      { name: 'models', mountPath: '/models', readOnly: true },
      { name: 'absent', mountPath: '/absent' },
    ],
  });
  return state;
}

describe('sandboxTree', () => {
  it('starts with a home, a hostname and /tmp, and lists mount points as directories', () => {
    const state = setup();
    const tree = sandboxTree(state, 'p', 'box');
    expect(text(tree.read('/etc/hostname'))).toBe('box\n');
    expect(tree.stat('/home/user/README.md')?.type).toBe('file');
    expect(tree.list('/').map((e) => `${e.name}:${e.type}`)).toEqual([
      'etc:directory',
      'home:directory',
      'mnt:directory',
      'models:directory',
      'tmp:directory',
    ]);
    expect(tree.list('/mnt').map((e) => e.name)).toEqual(['data']);
    expect(tree.stat('/absent')).toBeUndefined();
  });

  it('shares a Volume’s files both ways and keeps the disk per Sandbox', () => {
    const state = setup();
    const tree = sandboxTree(state, 'p', 'box');
    tree.write('/mnt/data/a.txt', bytes('from the sandbox'));
    const volume = volumeTree(state, 'p', 'data')!;
    expect(text(volume.read('/a.txt'))).toBe('from the sandbox');
    volume.write('/b.txt', bytes('from the volume'));
    expect(text(sandboxTree(state, 'p', 'box').read('/mnt/data/b.txt'))).toBe('from the volume');
    tree.write('/tmp/scratch', bytes('x'));
    expect(text(sandboxTree(state, 'p', 'box').read('/tmp/scratch'))).toBe('x');
  });

  it('refuses writes to a read-only mount and removing a mount point, naming the outer path', () => {
    const state = setup();
    volumeTree(state, 'p', 'models')!.write('/weights.bin', bytes('w'));
    const tree = sandboxTree(state, 'p', 'box');
    expect(text(tree.read('/models/weights.bin'))).toBe('w');
    expect(codeOf(() => tree.write('/models/x', bytes('y')))).toBe('ReadOnly');
    expect(() => tree.write('/models/x', bytes('y'))).toThrow('/models/x: read-only file system (Volume models)');
    expect(codeOf(() => tree.remove('/models/weights.bin'))).toBe('ReadOnly');
    expect(codeOf(() => tree.remove('/mnt', { recursive: true }))).toBe('ReadOnly');
    try {
      tree.read('/mnt/data/missing');
    } catch (error) {
      expect((error as FileError).path).toBe('/mnt/data/missing');
      expect((error as FileError).message).toBe('/mnt/data/missing: no such file or directory');
    }
    expect.assertions(7);
  });

  it('throws NotFound for a Sandbox that does not exist', () => {
    expect(codeOf(() => sandboxTree(setup(), 'p', 'nope'))).toBe('NotFound');
  });
});

describe('a Volume’s tree', () => {
  it('is bounded by its size less its baseline, and keeps status.usedGiB true', () => {
    const state = new MockState(defaultConfig());
    put(state, 'volumes', 'full', { sizeGiB: 2 }, { [ANNOTATION_USED_GIB]: String(2 - 1 / 1024 / 1024) });
    const tree = volumeTree(state, 'p', 'full')!;
    tree.write('/small', new Uint8Array(1000));
    expect(codeOf(() => tree.write('/big', new Uint8Array(100)))).toBe('NoSpace');
    expect(state.store.get('volumes', 'p', 'full')!.status!.usedGiB).toBeCloseTo(2 - 1 / 1024 / 1024 + 1000 / GiB, 6);
    tree.remove('/small');
    expect(state.store.get('volumes', 'p', 'full')!.status!.usedGiB).toBeCloseTo(2 - 1 / 1024 / 1024, 6);
  });

  it('is dropped with its Volume: one made again under the name starts empty', () => {
    const state = setup();
    volumeTree(state, 'p', 'data')!.write('/a', bytes('abc'));
    expect(state.files.pool.used).toBe(3);
    state.store.remove('volumes', 'p', 'data');
    put(state, 'volumes', 'data', { sizeGiB: 1 });
    expect(volumeTree(state, 'p', 'data')!.list('/')).toEqual([]);
    expect(state.files.pool.used).toBe(0);
  });
});
