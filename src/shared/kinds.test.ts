import { describe, expect, it } from 'vitest';
import { KIND_FACTS, KIND_NAMES, isFinished, kindFacts, kindFactsByPlural, stateValues } from './kinds.ts';

describe('the kinds the spec declares', () => {
  it('lists each kind once, by kind and by plural', () => {
    expect(KIND_NAMES).toEqual(['Job', 'Sandbox', 'Function', 'Volume', 'Budget', 'Pipeline', 'Image']);
    for (const name of KIND_NAMES) {
      expect(kindFacts(name)?.kind).toBe(name);
      expect(kindFactsByPlural(KIND_FACTS[name].plural)?.kind).toBe(name);
    }
    expect(kindFacts('Widget')).toBeUndefined();
  });

  it('reads spec.state values with the default first', () => {
    expect(stateValues(KIND_FACTS.Job)).toEqual(['Running', 'Suspended', 'Cancelled']);
    expect(stateValues(KIND_FACTS.Function)).toEqual(['Running', 'Stopped']);
    expect(stateValues(KIND_FACTS.Budget)).toEqual(['Active', 'Suspended']);
    expect(stateValues(KIND_FACTS.Image)).toEqual([]);
  });

  it('gives every deleting phase a place among the phases, and every state a phase', () => {
    for (const facts of Object.values(KIND_FACTS)) {
      if ('deletingPhase' in facts) expect(facts.phases).toContain(facts.deletingPhase);
      for (const state of stateValues(facts))
        expect(facts.phases).toContain(state === 'Cancelled' ? 'Cancelled' : state);
    }
  });

  it('knows when an object is finished', () => {
    expect(isFinished(KIND_FACTS.Job, 'Succeeded')).toBe(true);
    expect(isFinished(KIND_FACTS.Job, 'Suspended')).toBe(false);
    expect(isFinished(KIND_FACTS.Sandbox, 'Failed')).toBe(true);
    expect(isFinished(KIND_FACTS.Sandbox, 'Stopped')).toBe(false);
    expect(isFinished(KIND_FACTS.Budget, 'Exceeded')).toBe(false);
  });
});
