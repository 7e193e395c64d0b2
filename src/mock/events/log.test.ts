import { describe, expect, it } from 'vitest';
import { EVENTS_PLURAL } from '@/shared/events.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { defaultConfig } from '../config.ts';
import { MockState } from '../state.ts';
import { CORRELATION_MS, eventLog } from './log.ts';
import { record } from './record.ts';
import type { StoredEvent } from './shape.ts';

const MINUTE = 60_000;
const T0 = Date.parse('2026-06-01T12:00:00Z');

function setup(overrides: Parameters<typeof defaultConfig>[0] = {}) {
  const state = new MockState(defaultConfig({ demoData: false, ...overrides }));
  const job: NodusObject = {
    apiVersion: 'nodus.dev/v1',
    kind: 'Job',
    metadata: { name: 'train', namespace: 'p', uid: 'job_1', resourceVersion: '7' },
  };
  const events = () => state.store.list(EVENTS_PLURAL, 'p') as StoredEvent[];
  return { state, job, events };
}

describe('the event log', () => {
  it('counts a repeat within 10 minutes of the last one in its series, and starts a new event after', () => {
    const { state, job, events } = setup();
    const failed = { regarding: job, reason: 'Failed', note: 'Out of memory', type: 'Warning' as const };
    record(state, { ...failed, at: T0 });
    record(state, { ...failed, at: T0 + 9 * MINUTE });
    // Within 10 minutes of the previous one, not of the first: a steady repeat stays one event.
    record(state, { ...failed, at: T0 + 18 * MINUTE });
    expect(events()).toHaveLength(1);
    record(state, { ...failed, at: T0 + 18 * MINUTE + CORRELATION_MS + 1 });
    expect(events()).toHaveLength(2);
    eventLog(state).close();
  });

  it('tells events apart by reason, type, reporter and note, and names each after its object and time', () => {
    const { state, job, events } = setup();
    record(state, { regarding: job, reason: 'Created', note: 'Created by ana', actor: 'ana', at: T0 });
    record(state, { regarding: job, reason: 'Created', note: 'Created by ana', at: T0 });
    record(state, { regarding: job, reason: 'Created', note: 'Created by raj', actor: 'raj', at: T0 });
    const names = events().map((e) => e.metadata.name);
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    expect(names).toContain(`train.${(BigInt(T0) * 1_000_000n).toString(16)}`);
    eventLog(state).close();
  });

  it('expires what was last seen longer ago than the TTL, and only that', () => {
    const { state, job, events } = setup({ eventTtlSeconds: 3600 });
    record(state, { regarding: job, reason: 'Old', note: 'old', at: T0 });
    record(state, { regarding: job, reason: 'Kept', note: 'kept', at: T0 });
    record(state, { regarding: job, reason: 'Kept', note: 'kept', at: T0 + 9 * MINUTE });
    expect(eventLog(state).expire(T0 + 61 * MINUTE)).toBe(1);
    expect(events().map((e) => e.reason)).toEqual(['Kept']);
    eventLog(state).close();
  });

  it('evicts the least recently seen once a project holds more than its bound', () => {
    const { state, job, events } = setup({ eventsPerProject: 2 });
    record(state, { regarding: job, reason: 'A', note: 'a', at: T0 });
    record(state, { regarding: job, reason: 'B', note: 'b', at: T0 + 1 });
    record(state, { regarding: job, reason: 'A', note: 'a', at: T0 + 2 });
    record(state, { regarding: job, reason: 'C', note: 'c', at: T0 + 3 });
    expect(
      events()
        .map((e) => e.reason)
        .sort(),
    ).toEqual(['A', 'C']);
    eventLog(state).close();
  });

  it('picks up the events already in the store, oldest first, as after a restart', () => {
    const { state, job, events } = setup({ eventsPerProject: 2 });
    record(state, { regarding: job, reason: 'A', note: 'a', at: T0 + 5 });
    record(state, { regarding: job, reason: 'B', note: 'b', at: T0 });
    eventLog(state).close();
    const restarted = new MockState(defaultConfig({ demoData: false, eventsPerProject: 2 }));
    for (const event of events()) restarted.store.restore(EVENTS_PLURAL, event);
    record(restarted, { regarding: job, reason: 'C', note: 'c', at: T0 + 10 });
    expect((restarted.store.list(EVENTS_PLURAL, 'p') as StoredEvent[]).map((e) => e.reason).sort()).toEqual(['A', 'C']);
    eventLog(restarted).close();
  });
});
