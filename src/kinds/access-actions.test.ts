/**
 * What the API's access review says comes right after the object's own end: a deleted or deleting object says
 * so, anything else the key may not do says why not (before "discovery lists no verb" or "already suspended").
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { availableActions, terminalAction } from './actions.ts';
import { kindLife } from './lifecycle.ts';
import { presentationOf } from './registry.ts';

const VERBS = ['get', 'list', 'patch', 'delete'];
const job = (extra: Partial<NodusObject['metadata']> = {}, state?: string): NodusObject => ({
  apiVersion: 'nodus.dev/v1',
  kind: 'Job',
  metadata: { name: 'train', namespace: 'lab', ...extra },
  spec: state ? { state } : {},
  status: { phase: 'Running' },
});
const NO_PATCH = "You (kim) can't change jobs/train in project lab. Ask an admin of lab.";
const NO_DELETE = "You (kim) can't delete jobs/train in project lab. Ask an admin of lab.";
const denied = (verb: 'patch' | 'delete') => (verb === 'patch' ? NO_PATCH : NO_DELETE);

describe('availableActions with access', () => {
  it('turns every write off with the reason for its verb', () => {
    const actions = availableActions({
      kind: 'Job',
      verbs: VERBS,
      traits: kindLife('Job'),
      object: job(),
      deleted: false,
      denied,
    });
    for (const a of actions) expect(a.disabled).toBe(a.id === 'delete' ? NO_DELETE : NO_PATCH);
  });

  it('says "not allowed" before a state reason, and only what is refused', () => {
    const suspended = job({}, 'Suspended');
    const onlyDelete = (verb: 'patch' | 'delete') => (verb === 'delete' ? NO_DELETE : undefined);
    const actions = availableActions({
      kind: 'Job',
      verbs: VERBS,
      traits: kindLife('Job'),
      object: suspended,
      deleted: false,
      denied,
    });
    expect(actions.find((a) => a.id === 'suspend')?.disabled).toBe(NO_PATCH);
    const some = availableActions({
      kind: 'Job',
      verbs: VERBS,
      traits: kindLife('Job'),
      object: suspended,
      deleted: false,
      denied: onlyDelete,
    });
    expect(some.find((a) => a.id === 'suspend')?.disabled).toMatch(/already suspended/);
    expect(some.find((a) => a.id === 'resume')?.disabled).toBeUndefined();
    expect(some.find((a) => a.id === 'delete')?.disabled).toBe(NO_DELETE);
  });

  it('says the object is gone or going before it says what the key may not do', () => {
    const gone = availableActions({
      kind: 'Job',
      verbs: VERBS,
      traits: kindLife('Job'),
      object: job(),
      deleted: true,
      denied,
    });
    expect(gone.every((a) => a.disabled === 'This Job was deleted.')).toBe(true);
    const going = job({ deletionTimestamp: '2026-01-01T00:00:00Z' });
    const actions = availableActions({
      kind: 'Job',
      verbs: VERBS,
      traits: kindLife('Job'),
      object: going,
      deleted: false,
      denied,
    });
    expect(actions.find((a) => a.id === 'delete')?.disabled).toBe('It is already being deleted.');
  });

  it('prefers the access reason to the missing verb of discovery', () => {
    const actions = availableActions({
      kind: 'Image',
      verbs: ['get', 'list'],
      traits: kindLife('Image'),
      object: job(),
      deleted: false,
      denied,
    });
    expect(actions.find((a) => a.id === 'delete')?.disabled).toBe(NO_DELETE);
  });
});

describe('terminalAction with access', () => {
  it('says the key may not open a terminal before it says the object is not running', () => {
    const sandbox: NodusObject = { ...job(), kind: 'Sandbox', status: { phase: 'Stopped' } };
    const exec = presentationOf('Sandbox').exec;
    const no = "You (kim) can't open a terminal in sandboxes/train in project lab. Ask an admin of lab.";
    expect(terminalAction({ kind: 'Sandbox', exec, object: sandbox, deleted: false, denied: no })?.disabled).toBe(no);
    expect(terminalAction({ kind: 'Sandbox', exec, object: sandbox, deleted: true, denied: no })?.disabled).toBe(
      'This Sandbox was deleted.',
    );
  });
});
