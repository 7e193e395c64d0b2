import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { templateFor } from './template.ts';
import { checkDraft } from './validate.ts';

const jobSchema = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    spec: {
      type: 'object',
      required: ['image'],
      properties: {
        image: { type: 'string', examples: ['nodus/pytorch:2.8-cuda12.8'] },
        command: { type: 'array', items: { type: 'string' } },
        timeoutSeconds: { type: 'integer', default: 14400 },
        maxCostUSD: { type: 'string', default: '25.00', examples: ['40.00'] },
      },
    },
  },
};

describe('templateFor', () => {
  test("a Job like the seed's example: image, command and maxCostUSD; defaults left to the server", () => {
    const text = templateFor({
      apiVersion: 'nodus.dev/v1',
      kind: 'Job',
      singular: 'job',
      schema: jobSchema,
      suffix: 'k3x9',
    });
    expect(parse(text)).toEqual({
      apiVersion: 'nodus.dev/v1',
      kind: 'Job',
      metadata: { name: 'job-k3x9' },
      spec: { image: 'nodus/pytorch:2.8-cuda12.8', command: ['python', 'train.py'], maxCostUSD: '40.00' },
    });
    expect(text).toContain('command: [python, train.py]');
    expect(checkDraft(text, { apiVersion: 'nodus.dev/v1', kind: 'Job', project: 'p' }).ok).toBe(true);
  });

  test('required nested lists get one item with its required fields', () => {
    const pipeline = {
      properties: {
        spec: {
          type: 'object',
          required: ['steps'],
          properties: {
            steps: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                required: ['name', 'image'],
                properties: {
                  name: { type: 'string', examples: ['preprocess'] },
                  image: { type: 'string', examples: ['nodus/python:3.12'] },
                },
              },
            },
          },
        },
      },
    };
    const text = templateFor({
      apiVersion: 'nodus.dev/v1',
      kind: 'Pipeline',
      singular: 'pipeline',
      schema: pipeline,
      suffix: 'a',
    });
    expect(parse(text).spec).toEqual({ steps: [{ name: 'preprocess', image: 'nodus/python:3.12' }] });
  });

  test('without a schema: still a valid object to start from', () => {
    const text = templateFor({
      apiVersion: 'nodus.dev/v1',
      kind: 'Widget',
      singular: 'widget',
      schema: undefined,
      suffix: 'b',
    });
    expect(parse(text)).toEqual({
      apiVersion: 'nodus.dev/v1',
      kind: 'Widget',
      metadata: { name: 'widget-b' },
      spec: {},
    });
  });
});
