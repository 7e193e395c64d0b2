// The state on disk at the level of the store: what a crash keeps (copying the directory in the same tick is
// what kill -9 leaves: everything written, nothing queued), and versions that never come back after one.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { defaultConfig } from '../config.ts';
import { createState } from '../server.ts';
import type { MockState } from '../state.ts';
import { sandboxTree, volumeTree } from '../files/trees.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nodus-state-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function open(dir: string): MockState {
  const state = createState(defaultConfig({ dataDir: dir, demoData: false }));
  cleanups.push(() => state.durability?.close());
  return state;
}

/** The directory as a process killed right now would leave it. */
function crashCopy(dir: string): string {
  const copy = tempDir();
  for (const f of readdirSync(dir)) if (f !== 'LOCK') copyFileSync(join(dir, f), join(copy, f));
  return copy;
}

const budget = (name: string): NodusObject => ({
  apiVersion: 'nodus.dev/v1',
  kind: 'Budget',
  metadata: { name, namespace: 'default' },
  spec: { limitUSD: '1.00' },
});

describe('the state on disk', () => {
  it('keeps what was flushed when the process dies, and not what was still queued', async () => {
    const state = open(tempDir());
    const kept = state.store.put('budgets', budget('kept'));
    state.rememberResponse('key-1', { fingerprint: 'f', code: 201, headers: {}, body: kept, time: Date.now() });
    await state.flushed();
    state.store.put('budgets', budget('queued'));
    const after = open(crashCopy(dirOf(state)));
    expect(after.store.get('budgets', 'default', 'kept')).toEqual(kept);
    expect(after.store.get('budgets', 'default', 'queued')).toBeUndefined();
    expect(after.idempotent('key-1')?.body).toEqual(kept);
  });

  it('never hands out a version twice, even one seen before it reached the disk', () => {
    const state = open(tempDir());
    // More versions in one tick than half a reservation: the next reservation cannot wait for the group commit.
    for (let i = 0; i < 100_100; i++) state.store.put('budgets', budget('churn'));
    const seen = state.store.resourceVersion;
    const after = open(crashCopy(dirOf(state)));
    expect(after.store.get('budgets', 'default', 'churn')).toBeUndefined();
    expect(after.store.resourceVersion).toBeGreaterThan(seen);
    expect(after.store.changesSince(seen)).toBeUndefined();
  });

  it('keeps the files of Volumes and Sandboxes, through a snapshot and the journal after it', async () => {
    const state = open(tempDir());
    const put = (plural: string, kind: string, name: string, spec: object) =>
      state.store.put(plural, {
        apiVersion: 'nodus.dev/v1',
        kind,
        metadata: { name, namespace: 'default', uid: state.newUid(plural) },
        spec: spec as Record<string, unknown>,
        status: { phase: 'Running' },
      });
    put('volumes', 'Volume', 'data', { sizeGiB: 1 });
    put('sandboxes', 'Sandbox', 'box', { volumes: [{ name: 'data', mountPath: '/data' }] });
    const bytes = (s: string) => new TextEncoder().encode(s);
    sandboxTree(state, 'default', 'box').write('/data/a.txt', bytes('through the mount'));
    volumeTree(state, 'default', 'data')!.write('/gone.txt', bytes('removed later'));
    (state.durability as unknown as { journal: { compact(): void } }).journal.compact();
    sandboxTree(state, 'default', 'box').write('/home/user/notes.txt', bytes('after the snapshot'));
    volumeTree(state, 'default', 'data')!.remove('/gone.txt');
    await state.flushed();
    const after = open(crashCopy(dirOf(state)));
    const text = (b: Uint8Array) => new TextDecoder().decode(b);
    expect(text(volumeTree(after, 'default', 'data')!.read('/a.txt'))).toBe('through the mount');
    expect(volumeTree(after, 'default', 'data')!.stat('/gone.txt')).toBeUndefined();
    expect(text(sandboxTree(after, 'default', 'box').read('/home/user/notes.txt'))).toBe('after the snapshot');
    expect(after.files.pool.used).toBe(state.files.pool.used);
  });
});

function dirOf(state: MockState): string {
  return state.config.dataDir!;
}
