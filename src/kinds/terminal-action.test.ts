import { describe, expect, it } from 'vitest';
import type { NodusObject } from '../shared/protocol.ts';
import { terminalAction } from './actions.ts';
import { presentationOf } from './registry.ts';

const sandbox = (phase: string, extra: Partial<NodusObject['metadata']> = {}): NodusObject =>
  ({ metadata: { name: 's', ...extra }, status: { phase } }) as NodusObject;
const exec = presentationOf('Sandbox').exec;

describe('open terminal', () => {
  it('is offered by the kinds whose facts say they exec', () => {
    expect(exec).toBe(true);
    expect(
      terminalAction({ kind: 'Job', exec: presentationOf('Job').exec, object: sandbox('Running'), deleted: false }),
    ).toBeUndefined();
  });

  it('is on while Running, and says why not otherwise', () => {
    expect(terminalAction({ kind: 'Sandbox', exec, object: sandbox('Running'), deleted: false })).toEqual({
      label: 'Open terminal',
    });
    expect(terminalAction({ kind: 'Sandbox', exec, object: sandbox('Stopped'), deleted: false })?.disabled).toBe(
      'A terminal opens only in a Running Sandbox; this one is Stopped: start it first.',
    );
    expect(terminalAction({ kind: 'Sandbox', exec, object: sandbox('Starting'), deleted: false })?.disabled).toBe(
      'A terminal opens only in a Running Sandbox; this one is Starting.',
    );
    expect(terminalAction({ kind: 'Sandbox', exec, object: sandbox('Running'), deleted: true })?.disabled).toBe(
      'This Sandbox was deleted.',
    );
    const going = sandbox('Running', { deletionTimestamp: '2026-01-01T00:00:00Z' });
    expect(terminalAction({ kind: 'Sandbox', exec, object: going, deleted: false })?.disabled).toBe(
      'This Sandbox is being deleted.',
    );
  });
});
