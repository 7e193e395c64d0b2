import { describe, expect, it } from 'vitest';
import { kindSchemaFromOpenApi } from './kind-schema.ts';
import { patternMessage } from './schema-messages.ts';

describe('patternMessage', () => {
  it("says what the API's patterns accept, in words", () => {
    expect(patternMessage({ pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', maxLength: 40 })).toBe(
      'Must be lowercase letters, digits and "-", starting and ending with a letter or digit, at most 40 characters.',
    );
    expect(patternMessage({ pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' })).toContain('at most 63 characters');
    expect(patternMessage({ pattern: '^\\d{1,9}(\\.\\d{1,4})?$' })).toContain(
      'a decimal amount in USD such as "40.00"',
    );
  });

  it("falls back on the field's example, and never quotes the pattern", () => {
    expect(patternMessage({ pattern: '^v\\d+$', examples: ['v2'] })).toBe(
      'Not in the form this field takes: write it like "v2".',
    );
    expect(patternMessage({ pattern: '^v\\d+$' })).not.toContain('^v');
  });
});

describe('kindSchemaFromOpenApi', () => {
  it('gives every field with a pattern a message in words, for monaco-yaml to show instead of the pattern', () => {
    const doc = {
      components: {
        schemas: {
          job: {
            'x-kubernetes-group-version-kind': [{ group: 'nodus.dev', version: 'v1', kind: 'Job' }],
            properties: {
              spec: {
                properties: {
                  maxCostUSD: { type: 'string', pattern: '^\\d{1,9}(\\.\\d{1,4})?$', example: '40.00' },
                  env: { $ref: '#/components/schemas/env' },
                },
              },
            },
          },
          env: {
            type: 'array',
            items: { properties: { name: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' } } },
          },
        },
      },
    };
    const schema = kindSchemaFromOpenApi(doc, { group: 'nodus.dev', version: 'v1' }, 'Job') as {
      properties: { spec: { properties: Record<string, Record<string, unknown>> } };
    };
    const spec = schema.properties.spec.properties;
    expect(spec.maxCostUSD?.patternErrorMessage).toContain('"40.00"');
    expect(
      (spec.env as { items: { properties: { name: { patternErrorMessage: string } } } }).items.properties.name
        .patternErrorMessage,
    ).toContain('"LOG_LEVEL"');
  });
});
