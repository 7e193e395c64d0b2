import { describe, expect, it } from 'vitest';
import { checkHeaders, checkJson, exampleFrom, schemaProblems } from './request.ts';

const SCHEMA = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', maxLength: 5 },
    repeat: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
    mode: { type: 'string', enum: ['a', 'b'] },
    tags: { type: 'array', items: { type: 'string' } },
  },
};

describe('checkJson', () => {
  it('takes JSON and an empty body', () => {
    expect(checkJson('{"a": 1}')).toEqual({ ok: true, value: { a: 1 }, empty: false });
    expect(checkJson('  \n')).toEqual({ ok: true, value: undefined, empty: true });
  });

  it('says at which line and column JSON breaks', () => {
    const check = checkJson('{\n  "a": 1,\n  "b": ]\n}');
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.line).toBe(3);
    expect(check.column).toBe(8);
    expect(check.message).toBe('expected a value but found "]"');
  });

  it('puts an unfinished body at its end', () => {
    const check = checkJson('{"a": ');
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.line).toBe(1);
  });
});

describe('schemaProblems', () => {
  it('finds nothing in a body that fits', () => {
    expect(schemaProblems({ message: 'hi', repeat: 2, mode: 'a', tags: ['x'] }, SCHEMA)).toEqual([]);
  });

  it('names each field that does not fit, and what is missing', () => {
    expect(schemaProblems({ repeat: 11, mode: 'c', tags: [1], extra: true }, SCHEMA)).toEqual([
      'message: is required',
      'repeat: must be at most 10',
      'mode: must be one of "a", "b"',
      'tags[0]: must be a string, not integer',
    ]);
    expect(schemaProblems({ message: 'toolong' }, SCHEMA)).toEqual(['message: must be at most 5 characters']);
    expect(schemaProblems([], SCHEMA)).toEqual(['The body: must be an object, not array']);
  });

  it('refuses unknown fields only where the schema closes the object', () => {
    expect(schemaProblems({ a: 1 }, { type: 'object', additionalProperties: false })).toEqual([
      'a: is not a field of this request',
    ]);
  });
});

describe('exampleFrom', () => {
  it('builds a body from defaults, enums and types', () => {
    expect(exampleFrom(SCHEMA)).toEqual({ message: '', repeat: 1, mode: 'a', tags: [] });
  });
});

describe('checkHeaders', () => {
  it('keeps filled rows, takes Content-Type apart and skips blank rows', () => {
    expect(
      checkHeaders([
        { name: 'X-Trace', value: 't-1' },
        { name: 'Content-Type', value: 'text/plain' },
        { name: '', value: '' },
      ]),
    ).toEqual({ headers: { 'X-Trace': 't-1' }, contentType: 'text/plain', problems: [] });
  });

  it('refuses bad names, the console’s own headers and values over lines', () => {
    expect(
      checkHeaders([
        { name: 'bad name', value: 'x' },
        { name: 'Authorization', value: 'Bearer x' },
        { name: 'X-A', value: 'a\nb' },
      ]).problems,
    ).toEqual([
      '"bad name" is not a header name (letters, digits and - only)',
      'Authorization is set by the console and cannot be sent',
      'X-A: a value cannot span lines',
    ]);
  });
});
