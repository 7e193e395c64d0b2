import { describe, expect, it } from 'vitest';
import { lineColumn } from './body.ts';
import { findJsonProblem } from './json-position.ts';

describe('findJsonProblem', () => {
  it('accepts valid JSON', () => {
    for (const text of ['{}', '[]', '{"a":[1,-2.5e3,true,false,null,"x\\"y"]}', ' 3 '])
      expect(findJsonProblem(text), text).toBeUndefined();
  });

  it('points at the first problem', () => {
    const text = '{\n  "metadata": {"name": "x"},\n  "spec": {"image": }\n}';
    const problem = findJsonProblem(text)!;
    expect(problem.message).toBe('expected a value but found "}"');
    expect(lineColumn(text, problem.offset)).toEqual({ line: 3, column: 21 });
    expect(findJsonProblem('{"a": 1,}')!.message).toBe('expected a quoted property name but found "}"');
    expect(findJsonProblem('{"a" 1}')!.message).toBe('expected ":" but found "1"');
    expect(findJsonProblem('[1 2]')!.message).toBe('expected "," or "]" but found "2"');
    expect(findJsonProblem('{"a": "unterminated')!.message).toBe(
      'expected a closing quote but found the end of the body',
    );
    expect(findJsonProblem('{} extra')!.message).toBe('expected the end of the body but found "e"');
    expect(findJsonProblem('')!.message).toBe('expected a value but found the end of the body');
  });

  it('says where an unclosed body 100,000 deep goes past the nesting bound (it said "column NaN")', () => {
    for (const open of ['[', '{"a":']) {
      const text = open.repeat(100_000);
      const problem = findJsonProblem(text)!;
      expect(problem.message).toBe('it nests more than 100 levels deep');
      expect(lineColumn(text, problem.offset)).toEqual({ line: 1, column: 100 * open.length + 1 });
    }
  });
});
