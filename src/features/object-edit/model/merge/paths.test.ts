import { describe, expect, it } from 'vitest';
import { formatPath } from './paths.ts';
import { withoutServerFields } from './server-fields.ts';

describe('formatPath', () => {
  it('joins plain keys with dots, quotes the others and names list items', () => {
    expect(formatPath(['spec', 'env', { key: 'name', value: 'LOG' }, 'value'])).toBe('spec.env[name=LOG].value');
    expect(formatPath(['metadata', 'labels', 'nodus.dev/x'])).toBe('metadata.labels["nodus.dev/x"]');
  });
});

describe('withoutServerFields', () => {
  it("drops status and the server's metadata, keeps what a person edits", () => {
    const obj = {
      apiVersion: 'nodus.dev/v1',
      kind: 'Budget',
      metadata: {
        name: 'b',
        namespace: 'p',
        uid: 'u',
        resourceVersion: '3',
        generation: 2,
        creationTimestamp: 't',
        managedFields: [],
        labels: { a: 'b' },
        finalizers: ['x'],
      },
      spec: { limitUSD: '1.00' },
      status: { phase: 'Active' },
    };
    expect(withoutServerFields(obj)).toEqual({
      apiVersion: 'nodus.dev/v1',
      kind: 'Budget',
      metadata: { name: 'b', namespace: 'p', labels: { a: 'b' }, finalizers: ['x'] },
      spec: { limitUSD: '1.00' },
    });
  });
});
