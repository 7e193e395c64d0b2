import { describe, expect, it } from 'vitest';
import type { TableItem } from '@/shared/printer-columns.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { actedOn, bulkHoldAction, GONE, planBulk, planGone, replan, withAccess } from './bulk-plan.ts';

const VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];
const JOB = { kind: 'Job', verbs: VERBS };

function job(name: string, phase: string, extra: { state?: string; deleting?: boolean } = {}): NodusObject {
  return {
    apiVersion: 'nodus.dev/v1',
    kind: 'Job',
    metadata: { name, uid: `job_${name}`, ...(extra.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
    spec: { maxCostUSD: '5.00', ...(extra.state ? { state: extra.state } : {}) },
    status: { phase },
  };
}

const skips = (items: { object: TableItem; skip?: string }[]) =>
  Object.fromEntries(items.map((i) => [i.object.metadata.name, i.skip ?? 'acts']));

describe('planBulk', () => {
  it('suspends only the Jobs that are neither finished, already suspended nor being deleted', () => {
    const plan = planBulk('suspend', JOB, [
      job('running', 'Running'),
      job('queued', 'Queued'),
      job('failed', 'Failed'),
      job('held', 'Suspended', { state: 'Suspended' }),
      job('going', 'Cancelling', { deleting: true }),
    ]);
    expect(skips(plan)).toEqual({
      running: 'acts',
      queued: 'acts',
      failed: 'It has finished (Failed); there is nothing left to act on.',
      held: 'It is already suspended (spec.state is Suspended).',
      going: 'This Job is being deleted; its spec can no longer change.',
    });
  });

  it('deletes finished objects too, but not one already being deleted', () => {
    expect(
      skips(planBulk('delete', JOB, [job('failed', 'Failed'), job('going', 'Cancelling', { deleting: true })])),
    ).toEqual({
      failed: 'acts',
      going: 'It is already being deleted.',
    });
  });

  it('follows the verbs discovery lists', () => {
    expect(planBulk('suspend', { kind: 'Job', verbs: ['get', 'list'] }, [job('a', 'Running')])[0]?.skip).toMatch(
      /no patch verb/,
    );
  });

  it('stops Functions and Volumes, suspends the rest, and offers nothing for a kind without a state', () => {
    expect(
      ['Job', 'Pipeline', 'Sandbox', 'Budget', 'Function', 'Volume', 'Image', 'Gadget'].map((kind) =>
        bulkHoldAction({ kind }),
      ),
    ).toEqual(['suspend', 'suspend', 'suspend', 'suspend', 'stop', 'stop', undefined, undefined]);
    expect(planBulk('suspend', { kind: 'Image', verbs: VERBS }, [job('img', 'Available')])[0]?.skip).toBe(
      'Image objects cannot be suspended.',
    );
  });
});

describe('replan', () => {
  it('skips what no longer applies or is gone by the time the action is confirmed', () => {
    const plan = planBulk('suspend', JOB, [job('a', 'Running'), job('b', 'Running'), job('c', 'Failed')]);
    const now = new Map([
      ['job_a', job('a', 'Succeeded')],
      ['job_c', job('c', 'Failed')],
    ]);
    expect(skips(replan('suspend', JOB, plan, now))).toEqual({
      a: 'It has finished (Succeeded); there is nothing left to act on.',
      b: GONE,
      c: 'It has finished (Failed); there is nothing left to act on.',
    });
  });
});

describe('withAccess', () => {
  it("skips what the key may not do in an object's project, with the API's words, keeping other reasons", () => {
    const inProject = (o: NodusObject, namespace: string): NodusObject => ({
      ...o,
      metadata: { ...o.metadata, namespace },
    });
    const plan = planBulk('delete', JOB, [
      inProject(job('mine', 'Running'), 'lab'),
      inProject(job('theirs', 'Running'), 'finance'),
      inProject(job('going', 'Cancelling', { deleting: true }), 'finance'),
    ]);
    const no = "You (kim) can't delete jobs in project finance. Ask an admin of finance.";
    expect(skips(withAccess(plan, (ns) => (ns === 'finance' ? no : undefined)))).toEqual({
      mine: 'acts',
      theirs: no,
      going: 'It is already being deleted.',
    });
  });
});

describe('planGone and actedOn', () => {
  it('skips the rows whose objects were gone when read, and acts on whole objects only', () => {
    const row: TableItem = { metadata: { name: 'left', uid: 'job_left' }, cells: { Phase: 'Running' } };
    const plan = [...planBulk('suspend', JOB, [job('a', 'Running'), job('c', 'Failed')]), ...planGone([row])];
    expect(skips(plan)).toEqual({
      a: 'acts',
      c: 'It has finished (Failed); there is nothing left to act on.',
      left: GONE,
    });
    expect(actedOn(plan).map((o) => o.metadata.name)).toEqual(['a']);
  });
});
