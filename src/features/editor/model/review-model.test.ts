import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import type { Estimate, NodusObject } from '@/shared/protocol.ts';
import {
  estimateChanges,
  inlineValue,
  onlyRateMoved,
  parseWarnings,
  reviewedObjectYaml,
  serverAdditions,
} from './review-model.ts';

const draft = {
  apiVersion: 'nodus.dev/v1',
  kind: 'Job',
  metadata: { name: 'a', labels: { team: 'nlp' } },
  spec: { image: 'x', maxCostUSD: '40', resources: { cpu: 2 } },
};
const server: NodusObject = {
  apiVersion: 'nodus.dev/v1',
  kind: 'Job',
  metadata: {
    name: 'a',
    namespace: 'p',
    uid: 'job_1',
    creationTimestamp: 't',
    labels: { team: 'nlp', 'nodus.dev/created-by': 'demo' },
    finalizers: ['nodus.dev/billing'],
  },
  spec: {
    image: 'x',
    maxCostUSD: '40.00',
    timeoutSeconds: 14400,
    resources: { cpu: 2, memoryGiB: 8 },
    placement: { region: 'us-east', spot: false },
  },
  status: { phase: 'Queued' },
};

describe('serverAdditions', () => {
  test('defaults in spec (a whole block once), normalized values, and server-set metadata', () => {
    expect(serverAdditions(draft, server)).toEqual([
      { path: 'spec.maxCostUSD', value: '40.00', origin: 'default', draftValue: '40' },
      { path: 'spec.timeoutSeconds', value: 14400, origin: 'default' },
      { path: 'spec.resources.memoryGiB', value: 8, origin: 'default' },
      { path: 'spec.placement', value: { region: 'us-east', spot: false }, origin: 'default' },
      { path: 'metadata.labels[nodus.dev/created-by]', value: 'demo', origin: 'server' },
      { path: 'metadata.finalizers', value: ['nodus.dev/billing'], origin: 'server' },
    ]);
  });
});

describe('reviewedObjectYaml', () => {
  test('no status, no placeholders', () => {
    const shown = parse(reviewedObjectYaml(server)) as NodusObject;
    expect(shown.status).toBeUndefined();
    expect(shown.metadata).toEqual({
      name: 'a',
      namespace: 'p',
      labels: server.metadata.labels,
      finalizers: ['nodus.dev/billing'],
    });
  });
});

describe('parseWarnings', () => {
  test('one, several, escaped quotes, and text that is not in the format', () => {
    expect(parseWarnings('299 - "unknown field \\"foo\\""')).toEqual(['unknown field "foo"']);
    expect(parseWarnings('299 - "a, b", 299 - "c"')).toEqual(['a, b', 'c']);
    expect(parseWarnings('free text')).toEqual(['free text']);
    expect(parseWarnings(null)).toEqual([]);
  });
});

describe('estimates', () => {
  const a: Estimate = {
    costUSD: '8.00',
    firstHoldUSD: '2.00',
    rateUSDPerHour: '2.00',
    startTime: 't1',
    priceBookVersion: 'v1',
  };
  test('what changed, and whether only the rate moved', () => {
    expect(estimateChanges(a, { ...a, startTime: 't2' })).toEqual([]);
    const rate = { ...a, rateUSDPerHour: '2.40', costUSD: '9.60', firstHoldUSD: '2.40' };
    expect(estimateChanges(a, rate)).toEqual(['costUSD', 'firstHoldUSD', 'rateUSDPerHour']);
    expect(onlyRateMoved(a, rate)).toBe(true);
    expect(onlyRateMoved(a, { ...rate, priceBookVersion: 'v2' })).toBe(false);
    expect(onlyRateMoved(a, a)).toBe(false);
  });

  test('inlineValue', () => {
    expect(inlineValue('')).toBe('""');
    expect(inlineValue(3)).toBe('3');
    expect(inlineValue({ a: 1 })).toBe('{"a":1}');
  });
});
