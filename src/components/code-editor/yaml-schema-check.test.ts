import { describe, expect, it } from 'vitest';
import { unknownFieldMarkers, unknownFieldMessage } from './yaml-schema-check.ts';

/** A Job's schema as the editor has it: status dropped, metadata as the API publishes it. */
const schema = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        ownerReferences: { type: 'array', items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
      },
    },
    spec: {
      type: 'object',
      properties: {
        image: { type: 'string' },
        maxCostUSD: { type: 'string' },
        resources: { type: 'object', properties: { cpu: { type: 'number' }, memoryGiB: { type: 'number' } } },
        env: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' }, value: { type: 'string' } } },
        },
        extra: { type: 'object', additionalProperties: true },
      },
    },
  },
};

const at = (text: string) =>
  unknownFieldMarkers(text, schema, 'Job').map((m) => [m.startLineNumber, m.startColumn, m.endColumn, m.message]);

describe('unknownFieldMarkers', () => {
  it('marks each unknown key where it is written, with its path and the name it is closest to', () => {
    const text =
      'apiVersion: nodus.dev/v1\nkind: Job\nmetadata:\n  name: a\n  lables: {x: y}\nspec:\n  maxCostUDS: "40.00"\n  foo: 1\n  resources:\n    memoryGB: 8\n';
    expect(at(text)).toEqual([
      [5, 3, 9, 'metadata.lables is not a field of metadata: did you mean labels?'],
      [7, 3, 13, 'spec.maxCostUDS is not a field of a Job spec: did you mean maxCostUSD?'],
      [8, 3, 6, 'spec.foo is not a field of a Job spec, which has: image, maxCostUSD, resources, env, extra.'],
      [10, 5, 13, 'spec.resources.memoryGB is not a field of spec.resources: did you mean memoryGiB?'],
    ]);
  });

  it('follows lists and flow style, and names the item', () => {
    expect(at('spec: {env: [{name: A, vaule: "1"}]}\n')).toEqual([
      [1, 24, 29, 'spec.env[0].vaule is not a field of spec.env[0]: did you mean value?'],
    ]);
  });

  it('leaves alone what the API accepts: map entries, kept-unknown fields, status, server metadata', () => {
    const text =
      'kind: Job\nmetadata:\n  labels: {anything: goes}\n  managedFields: []\n  ownerReferences: [{whatever: 1}]\nspec:\n  extra: {free: form}\nstatus: {phase: Running}\n';
    expect(at(text)).toEqual([]);
  });

  it('says nothing about a text that does not parse, or a field at the top level it cannot place', () => {
    expect(at('spec: {foo: [\n')).toEqual([]);
    expect(at('specs: {}\n').map((m) => m[3])).toEqual(['specs is not a field of a Job: did you mean spec?']);
  });
});

describe('unknownFieldMessage', () => {
  it('offers the known fields when nothing is close', () => {
    expect(unknownFieldMessage('spec.zzz', 'spec', 'zzz', [], 'Budget')).toBe(
      'spec.zzz is not a field of a Budget spec.',
    );
  });
});
