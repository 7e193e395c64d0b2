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
});

function dirOf(state: MockState): string {
  return state.config.dataDir!;
}
