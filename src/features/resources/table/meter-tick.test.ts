import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import type { RowObject } from '@/shared/printer-columns.ts';
import { isMeterTick } from './meter-tick.ts';

const base: NodusObject = {
  apiVersion: 'nodus.dev/v1',
  kind: 'Job',
  metadata: { name: 'j', namespace: 'p', generation: 1, labels: { team: 'a' }, resourceVersion: '1' },
  spec: { maxCostUSD: '5.00' },
  status: {
    phase: 'Running',
    costUSD: '1.00',
    rateUSDPerHour: '0.5',
    conditions: [
      { type: 'Ready', status: 'True', reason: 'Up', message: '', lastTransitionTime: '2026-01-01T00:00:00Z' },
    ],
  },
};

function after(change: { metadata?: object; status?: object }): NodusObject {
  return {
    ...base,
    metadata: { ...base.metadata, resourceVersion: '2', ...change.metadata },
    status: { ...base.status, costUSD: '1.10', lastChargeTime: '2026-01-01T00:00:00Z', ...change.status },
  };
}

describe('isMeterTick', () => {
  it('is a charge: the cost, the time billed to and the rate moved, nothing else', () => {
    expect(isMeterTick(base, after({}))).toBe(true);
    expect(isMeterTick(base, after({ status: { rateUSDPerHour: '0.6' } }))).toBe(true);
  });

  it('is not when the cost stayed, or anything a person would notice changed with it', () => {
    expect(isMeterTick(base, after({ status: { costUSD: '1.00' } }))).toBe(false);
    expect(isMeterTick(base, after({ status: { phase: 'Succeeded' } }))).toBe(false);
    expect(
      isMeterTick(base, after({ status: { conditions: [{ ...base.status!.conditions![0]!, status: 'False' }] } })),
    ).toBe(false);
    expect(isMeterTick(base, after({ status: { message: 'capped' } }))).toBe(false);
    expect(isMeterTick(base, after({ metadata: { generation: 2 } }))).toBe(false);
    expect(isMeterTick(base, after({ metadata: { labels: { team: 'b' } } }))).toBe(false);
    expect(isMeterTick(base, after({ metadata: { deletionTimestamp: '2026-01-01T00:00:00Z' } }))).toBe(false);
  });
});

describe('isMeterTick on rows', () => {
  const row = (cells: Record<string, unknown>, metadata: object = {}): RowObject => ({
    metadata: { ...base.metadata, ...metadata },
    cells: { Name: 'j', Phase: 'Running', Cost: '1.00', Max: '5.00', Age: '5m', ...cells },
  });

  it('is a new Cost cell, even as the Age cell moves with the clock', () => {
    expect(isMeterTick(row({}), row({ Cost: '1.10' }, { resourceVersion: '2' }))).toBe(true);
    expect(isMeterTick(row({}), row({ Cost: '1.10', Age: '6m' }))).toBe(true);
  });

  it('is not when the cost stayed, another cell moved, or the metadata a person sees changed', () => {
    expect(isMeterTick(row({}), row({ Age: '6m' }))).toBe(false);
    expect(isMeterTick(row({}), row({ Cost: '1.10', Phase: 'Succeeded' }))).toBe(false);
    expect(isMeterTick(row({}), row({ Cost: '1.10' }, { generation: 2 }))).toBe(false);
    expect(isMeterTick(row({}), row({ Cost: '1.10' }, { labels: { team: 'b' } }))).toBe(false);
  });
});
