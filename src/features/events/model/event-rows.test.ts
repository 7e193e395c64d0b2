import { describe, expect, it } from 'vitest';
import type { NodusEvent } from '@/shared/events.ts';
import { eventRows, facetsOf, matches, NODUS_ITSELF, reasonLabel } from './event-rows.ts';

function event(
  name: string,
  rv: number,
  at: string,
  extra: {
    reason?: string;
    kind?: string;
    actor?: string;
    requestId?: string;
    warning?: boolean;
    count?: number;
    last?: string;
  } = {},
): NodusEvent {
  const annotations: Record<string, string> = {};
  if (extra.actor) annotations['nodus.dev/actor'] = extra.actor;
  if (extra.requestId) annotations['nodus.dev/request-id'] = extra.requestId;
  return {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: { name, uid: `uid-${name}`, resourceVersion: String(rv), annotations },
    eventTime: at,
    ...(extra.count ? { series: { count: extra.count, lastObservedTime: extra.last ?? at } } : {}),
    action: 'Update',
    reason: extra.reason ?? 'Created',
    note: `note of ${name}`,
    reportingController: 'nodus.dev/api',
    reportingInstance: 'mock',
    type: extra.warning ? 'Warning' : 'Normal',
    regarding: { kind: extra.kind ?? 'Job', apiVersion: 'nodus.dev/v1', namespace: 'p', name: 'train', uid: 'u1' },
    deprecatedSource: { component: 'nodus.dev/api' },
    deprecatedFirstTimestamp: at,
    deprecatedLastTimestamp: at,
    deprecatedCount: 1,
  };
}

describe('event rows', () => {
  it('are newest first, a repeated event at its last time, ties by the order they were written', () => {
    const rows = eventRows([
      event('a', 1, '2026-12-04T10:00:00.000000Z'),
      event('b', 2, '2026-12-04T09:00:00.000000Z', { count: 3, last: '2026-12-04T11:00:00.000000Z' }),
      event('c', 3, '2026-12-04T10:00:00.000000Z'),
    ]);
    expect(rows.map((r) => r.id)).toEqual(['uid-b', 'uid-c', 'uid-a']);
    expect(rows[0]).toMatchObject({ count: 3, time: '2026-12-04T11:00:00.000000Z' });
  });

  it('keep the row of an Event that did not change, and make a new one for the Event that did', () => {
    const a = event('a', 1, '2026-12-04T10:00:00Z');
    const b = event('b', 2, '2026-12-04T09:00:00Z');
    const [rowA, rowB] = eventRows([a, b]);
    // A watch replaces a changed object with a new one: b repeated.
    const repeatedB = event('b', 3, '2026-12-04T09:00:00Z', { count: 2, last: '2026-12-04T11:00:00Z' });
    const after = eventRows([a, repeatedB]);
    expect(after[1]).toBe(rowA);
    expect(after[0]).not.toBe(rowB);
    expect(after[0]).toMatchObject({ id: 'uid-b', count: 2 });
  });

  it('name who caused an event and the request that did, or nobody for what Nodus did itself', () => {
    const [mine, nodus] = eventRows([
      event('a', 2, '2026-12-04T10:00:00Z', { actor: 'kim', requestId: 'req-1' }),
      event('b', 1, '2026-12-04T09:00:00Z', { reason: 'Running' }),
    ]);
    expect(mine).toMatchObject({ actor: 'kim', requestId: 'req-1' });
    expect(nodus).toMatchObject({ actor: undefined, requestId: undefined });
  });

  it('filter by kind, reason, person (Nodus itself too), warnings and request', () => {
    const rows = eventRows([
      event('a', 1, '2026-12-04T10:00:00Z', { actor: 'kim', requestId: 'req-1' }),
      event('b', 2, '2026-12-04T10:01:00Z', { reason: 'MaxCostReached', warning: true }),
      event('c', 3, '2026-12-04T10:02:00Z', { kind: 'Budget', reason: 'BudgetExceeded', actor: 'lee' }),
    ]);
    const names = (filter: Parameters<typeof matches>[1]) => rows.filter((r) => matches(r, filter)).map((r) => r.id);
    expect(names({ kind: 'Job' })).toEqual(['uid-b', 'uid-a']);
    expect(names({ actor: 'kim' })).toEqual(['uid-a']);
    expect(names({ actor: NODUS_ITSELF })).toEqual(['uid-b']);
    expect(names({ warnings: true })).toEqual(['uid-b']);
    expect(names({ request: 'req-1' })).toEqual(['uid-a']);
    expect(names({ kind: 'Job', reason: 'BudgetExceeded' })).toEqual([]);
  });

  it('offer the filter values at hand, and keep a value in use offered when no event has it now', () => {
    const rows = eventRows([
      event('a', 1, '2026-12-04T10:00:00Z', { actor: 'kim' }),
      event('b', 2, '2026-12-04T10:01:00Z', { kind: 'Budget', reason: 'BudgetExceeded' }),
    ]);
    expect(facetsOf(rows, { actor: 'ana' })).toEqual({
      kinds: ['Budget', 'Job'],
      reasons: ['BudgetExceeded', 'Created'],
      actors: ['ana', 'kim'],
      nodus: true,
    });
  });

  it('read reasons as words', () => {
    expect(reasonLabel('SpecUpdated')).toBe('Spec updated');
    expect(reasonLabel('MaxCostReached')).toBe('Max cost reached');
    expect(reasonLabel('Running')).toBe('Running');
  });
});
