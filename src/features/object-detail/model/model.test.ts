import { describe, expect, it } from 'vitest';
import { KIND_FACTS, KIND_NAMES } from '@/shared/kinds.ts';
import {
  ANNOTATION_RESTART_REQUESTED_AT,
  FINALIZER_BILLING,
  type Condition,
  type NodusObject,
} from '@/shared/protocol.ts';
import { availableActions, type ActionId } from './actions.ts';
import { priceWait, severity, sortConditions } from './conditions.ts';
import { describeCommand, describeResources, formatSeconds } from '@/kinds/spec-facts.ts';
import { explainFinalizer } from './finalizers.ts';
import { detailTraits } from './kinds.ts';
import { checkMaxCost, suggestMaxCost } from './max-cost.ts';

const cond = (type: string, status: Condition['status'], reason: string, at: string): Condition => ({
  type,
  status,
  reason,
  message: '',
  lastTransitionTime: at,
});

describe('conditions', () => {
  it('puts problems first: False for positive conditions, True for negative ones', () => {
    const sorted = sortConditions([
      cond('Scheduled', 'True', 'CapacityFound', '2026-01-01T00:00:05Z'),
      cond('MemoryPressure', 'True', 'High', '2026-01-01T00:00:01Z'),
      cond('Ready', 'False', 'OutOfMemory', '2026-01-01T00:00:02Z'),
      cond('Billed', 'Unknown', 'Pending', '2026-01-01T00:00:03Z'),
      cond('DiskPressure', 'False', 'Fine', '2026-01-01T00:00:09Z'),
    ]);
    expect(sorted.map((c) => c.type)).toEqual(['Ready', 'MemoryPressure', 'Billed', 'DiskPressure', 'Scheduled']);
  });

  it('does not call a False Ready a problem when the person asked for it or the work is done', () => {
    expect(severity(cond('Ready', 'False', 'Suspended', ''))).toBe('note');
    expect(severity(cond('Ready', 'False', 'Completed', ''))).toBe('note');
    expect(severity(cond('Ready', 'False', 'MaxCostReached', ''))).toBe('problem');
    expect(severity(cond('Ready', 'True', 'Running', ''))).toBe('ok');
  });
});

describe('finalizers', () => {
  it("explains the billing finalizer, a foreground delete's, and any other controller's", () => {
    expect(explainFinalizer(FINALIZER_BILLING).waiting).toMatch(/^Waiting for the final charge to post/);
    expect(explainFinalizer('foregroundDeletion')).toMatchObject({
      owner: 'Nodus',
      waiting: expect.stringMatching(/^Deleting what it owns first \(a foreground delete\)/),
    });
    expect(explainFinalizer('example.com/cleanup')).toMatchObject({
      owner: 'another controller',
      waiting: 'Set by another controller; Nodus waits until it removes it.',
    });
  });
});

describe('checkMaxCost', () => {
  it('takes a decimal string above the current cap, written as the API writes money', () => {
    expect(checkMaxCost('40', '25.00')).toEqual({ ok: true, value: '40.00' });
    expect(checkMaxCost(' $1,250.5 ', '25.00')).toEqual({ ok: true, value: '1250.50' });
    expect(checkMaxCost('25.0001', '25.00')).toEqual({ ok: true, value: '25.0001' });
  });

  it('says why anything else is refused', () => {
    expect(checkMaxCost('', '1.00')).toMatchObject({ ok: false, message: expect.stringMatching(/^Enter/) });
    expect(checkMaxCost('25.00', '25.00')).toMatchObject({
      ok: false,
      message: expect.stringContaining('above the current $25.00'),
    });
    expect(checkMaxCost('10', '25.00')).toMatchObject({ ok: false, message: expect.stringContaining('never lowered') });
    expect(checkMaxCost('1.23456', '1.00')).toMatchObject({
      ok: false,
      message: expect.stringContaining('4 decimals'),
    });
    expect(checkMaxCost('1e3', '1.00')).toMatchObject({
      ok: false,
      message: expect.stringContaining('is not an amount'),
    });
    expect(checkMaxCost('-5', '1.00')).toMatchObject({ ok: false });
    expect(checkMaxCost('12345678901', '1.00')).toMatchObject({
      ok: false,
      message: expect.stringContaining('more than the API takes'),
    });
  });

  it('suggests half again the current cap, in whole cents', () => {
    expect(suggestMaxCost('25.00')).toBe('37.50');
    expect(suggestMaxCost('0.0333')).toBe('0.05');
    expect(suggestMaxCost(undefined)).toBe('10.00');
  });
});

describe('facts', () => {
  it('reads durations, resources and commands', () => {
    expect(formatSeconds(14400)).toBe('4h');
    expect(formatSeconds(5400)).toBe('1h 30m');
    expect(describeResources({ cpu: 4, memoryGiB: 16, gpu: { type: 'H100', count: 2 } })).toBe(
      '4 CPU · 16 GiB · 2× H100',
    );
    expect(describeCommand(['python', 'train.py'], ['--name', 'a b'])).toBe('python train.py --name "a b"');
  });

  it('offers a Files tab for the kinds whose facts say they have files, and no other', () => {
    const withFiles = KIND_NAMES.filter((kind) => detailTraits(kind).files);
    expect(withFiles).toEqual(KIND_NAMES.filter((kind) => KIND_FACTS[kind].files === true));
    expect(withFiles).toEqual(expect.arrayContaining(['Volume', 'Sandbox']));
    expect(detailTraits('Job').files).toBe(false);
    expect(detailTraits('Gadget').files).toBe(false);
  });

  it('summarizes a kind it does not know from its spec', () => {
    const facts = detailTraits('Gadget').facts({
      apiVersion: 'x/v1',
      kind: 'Gadget',
      metadata: {},
      spec: { colourName: 'red', sizes: [1, 2], nested: { a: 1 } },
    });
    expect(facts).toEqual([
      { label: 'Colour name', value: 'red', mono: false },
      { label: 'Sizes', value: '1 2', mono: false },
      { label: 'Nested', value: 'a: 1', mono: false },
    ]);
  });
});

const VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];
function job(phase: string, extra: Partial<NodusObject> & { state?: string } = {}): NodusObject {
  return {
    apiVersion: 'nodus.dev/v1',
    kind: 'Job',
    metadata: { name: 'a', ...extra.metadata },
    spec: { maxCostUSD: '5.00', ...(extra.state ? { state: extra.state } : {}) },
    status: { phase, ...extra.status },
  };
}
function offered(kind: string, o: NodusObject, deleted = false, verbs = VERBS): Record<string, string | true> {
  return Object.fromEntries(
    availableActions({ kind, verbs, traits: detailTraits(kind), object: o, deleted }).map((a) => [
      a.id,
      a.disabled ?? true,
    ]),
  );
}
const on = (actions: Record<string, string | true>) =>
  Object.keys(actions).filter((k) => actions[k] === true) as ActionId[];

describe('availableActions', () => {
  it('offers suspend, cancel, restart, raise and delete for a Running Job', () => {
    expect(on(offered('Job', job('Running')))).toEqual(['suspend', 'cancel', 'restart', 'raise', 'delete']);
  });

  it('offers resume for a suspended Job, and says why suspend is off', () => {
    const actions = offered('Job', job('Suspended', { state: 'Suspended' }));
    expect(on(actions)).toEqual(['resume', 'cancel', 'raise', 'delete']);
    expect(actions.suspend).toBe('It is already suspended (spec.state is Suspended).');
    expect(actions.restart).toBe('Only a Running Job restarts; this one is Suspended.');
  });

  it('points at the max cost when a Job stopped at its cap', () => {
    const capped = job('Suspended', {
      status: { phase: 'Suspended', conditions: [cond('Ready', 'False', 'MaxCostReached', '')] },
    });
    expect(offered('Job', capped).resume).toBe('It stopped at its cost cap: raise the max cost to let it go on.');
  });

  it('offers only delete for a finished Job', () => {
    const actions = offered('Job', job('Succeeded'));
    expect(on(actions)).toEqual(['delete']);
    expect(actions.suspend).toMatch(/^It has finished \(Succeeded\)/);
  });

  it('offers nothing while deleting, or once deleted', () => {
    expect(
      on(offered('Job', job('Cancelling', { metadata: { name: 'a', deletionTimestamp: '2026-01-01T00:00:00Z' } }))),
    ).toEqual([]);
    expect(offered('Job', job('Running'), true).delete).toBe('This Job was deleted.');
  });

  it('waits for a restart to be handled before offering another', () => {
    const o = job('Running', {
      metadata: { name: 'a', annotations: { [ANNOTATION_RESTART_REQUESTED_AT]: '2026-01-01T00:00:00Z' } },
    });
    expect(offered('Job', o).restart).toBe('A restart requested at 2026-01-01T00:00:00Z is being handled.');
    o.status = { ...o.status, restartRequestHandled: '2026-01-01T00:00:00Z' };
    expect(offered('Job', o).restart).toBe(true);
  });

  it('uses stop and start for Functions and Volumes, suspend and stop for Sandboxes', () => {
    expect(Object.keys(offered('Function', job('Running')))).toEqual(['stop', 'resume', 'restart', 'raise', 'delete']);
    expect(
      availableActions({
        kind: 'Volume',
        verbs: VERBS,
        traits: detailTraits('Volume'),
        object: job('Stopped', { state: 'Stopped' }),
        deleted: false,
      }).find((a) => a.id === 'resume'),
    ).toMatchObject({ label: 'Start', state: 'Running' });
    expect(on(offered('Sandbox', job('Running')))).toEqual(['suspend', 'stop', 'restart', 'raise', 'delete']);
  });

  it('resumes a Budget to Active, and follows the verbs discovery lists', () => {
    const budget: NodusObject = {
      apiVersion: 'nodus.dev/v1',
      kind: 'Budget',
      metadata: {},
      spec: { limitUSD: '5.00', state: 'Suspended' },
      status: { phase: 'Suspended' },
    };
    expect(
      availableActions({
        kind: 'Budget',
        verbs: VERBS,
        traits: detailTraits('Budget'),
        object: budget,
        deleted: false,
      }).find((a) => a.id === 'resume'),
    ).toMatchObject({ state: 'Active', disabled: undefined });
    const image: NodusObject = { apiVersion: 'nodus.dev/v1', kind: 'Image', metadata: {}, spec: {} };
    expect(offered('Image', image, false, ['get', 'list', 'watch'])).toEqual({
      delete: 'The API does not let Image objects be deleted (discovery lists no delete verb).',
    });
  });
});

describe('priceWait', () => {
  const waiting = {
    type: 'PriceWithinCap',
    status: 'False' as const,
    reason: 'PriceAboveEstimate',
    message: 'above the cap',
    lastTransitionTime: '2026-12-01T10:00:00Z',
  };
  it('names the reviewed rate and its cap when the launch was reviewed', () => {
    expect(
      priceWait({ phase: 'Queued', conditions: [waiting], reviewedRateUSDPerHour: '4.24', rateCapUSDPerHour: '4.664' }),
    ).toEqual({
      message: 'above the cap',
      since: '2026-12-01T10:00:00Z',
      reviewedRate: '4.24',
      cap: '4.664',
      ownCap: false,
    });
  });
  it('says the cap is the object’s own when there was no review', () => {
    expect(priceWait({ conditions: [waiting], rateCapUSDPerHour: '3.00' })?.ownCap).toBe(true);
  });
  it('is nothing while the price is within the cap', () => {
    expect(priceWait({ conditions: [{ ...waiting, status: 'True', reason: 'RateWithinCap' }] })).toBeUndefined();
    expect(priceWait(undefined)).toBeUndefined();
  });
});
