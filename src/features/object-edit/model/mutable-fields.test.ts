import { describe, expect, it } from 'vitest';
import { mutableFields } from './mutable-fields.ts';

describe('mutableFields', () => {
  it('lists the spec fields the schema marks x-nodus-mutable, nested ones too', () => {
    const schema = {
      properties: {
        spec: {
          properties: {
            period: { type: 'string' },
            limitUSD: { type: 'string', 'x-nodus-mutable': 'any' },
            nested: { properties: { size: { 'x-nodus-mutable': 'raise-only' }, fixed: {} } },
          },
        },
      },
    };
    expect(mutableFields(schema)).toEqual([
      { path: 'spec.limitUSD', rule: 'any' },
      { path: 'spec.nested.size', rule: 'raise-only' },
    ]);
    expect(mutableFields(undefined)).toEqual([]);
  });
});
