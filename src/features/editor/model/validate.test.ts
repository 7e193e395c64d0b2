import { describe, expect, test } from 'vitest';
import { bodyToSend, checkDraft, nameProblem, renameDraft } from './validate.ts';

const expected = { apiVersion: 'nodus.dev/v1', kind: 'Job', project: 'nlp' };
const GOOD = `apiVersion: nodus.dev/v1
kind: Job
metadata:
  name: train-b
spec:
  image: nodus/pytorch:2.8-cuda12.8
  command: [python, train.py]
  maxCostUSD: "40.00"
`;

describe('checkDraft', () => {
  test('the seed example passes', () => {
    const checked = checkDraft(GOOD, expected);
    expect(checked).toMatchObject({ ok: true, problems: [] });
    expect(checked.object).toMatchObject({ kind: 'Job', spec: { maxCostUSD: '40.00' } });
  });

  test('a syntax error blocks with its line and column', () => {
    const checked = checkDraft(GOOD.replace('  image: nodus', '  image: a: nodus'), expected);
    expect(checked.ok).toBe(false);
    expect(checked.object).toBeUndefined();
    expect(checked.problems[0]).toMatchObject({ startLineNumber: 6, startColumn: 10, severity: 'error' });
  });

  test('several documents block', () => {
    const checked = checkDraft(`${GOOD}---\n${GOOD}`, expected);
    expect(checked.ok).toBe(false);
    expect(checked.problems.map((p) => p.source)).toEqual(['YAML MULTIPLE_DOCUMENTS']);
    expect(checked.problems[0]?.startLineNumber).toBe(9);
  });

  test('wrong apiVersion and kind, on their lines', () => {
    const checked = checkDraft(
      GOOD.replace('nodus.dev/v1', 'batch/v1').replace('kind: Job', 'kind: Sandbox'),
      expected,
    );
    expect(checked.ok).toBe(false);
    expect(checked.problems).toEqual([
      expect.objectContaining({
        field: 'apiVersion',
        startLineNumber: 1,
        message: expect.stringContaining('must be nodus.dev/v1'),
      }),
      expect.objectContaining({ field: 'kind', startLineNumber: 2, message: expect.stringContaining('creates a Job') }),
    ]);
  });

  test('a missing or invalid name', () => {
    const missing = checkDraft(GOOD.replace('  name: train-b\n', '  labels: {a: b}\n'), expected);
    expect(missing.problems).toEqual([expect.objectContaining({ field: 'metadata.name', startLineNumber: 3 })]);
    const bad = checkDraft(GOOD.replace('train-b', 'Train_B'), expected);
    expect(bad.problems).toEqual([
      expect.objectContaining({
        field: 'metadata.name',
        startLineNumber: 4,
        message: expect.stringContaining('not a valid name'),
      }),
    ]);
    const generated = checkDraft(GOOD.replace('  name: train-b', '  generateName: train-'), expected);
    expect(generated.ok).toBe(true);
  });

  test('not a mapping; another project; server-owned fields only warn', () => {
    expect(checkDraft('- a\n- b\n', expected).ok).toBe(false);
    const other = checkDraft(GOOD.replace('  name: train-b', '  name: train-b\n  namespace: vision'), expected);
    expect(other.problems).toEqual([expect.objectContaining({ field: 'metadata.namespace', startLineNumber: 5 })]);
    const owned = checkDraft(`${GOOD}status:\n  phase: Running\n`, expected);
    expect(owned.ok).toBe(true);
    expect(owned.problems).toEqual([expect.objectContaining({ field: 'status', severity: 'warning' })]);
  });
});

describe('nameProblem and bodyToSend', () => {
  test('DNS-1123 labels', () => {
    expect(nameProblem('train-b')).toBeUndefined();
    expect(nameProblem('-a')).toMatch(/not a valid name/);
    expect(nameProblem('a'.repeat(64))).toMatch(/at most 63/);
  });

  test('drops what the server owns and sets the project', () => {
    expect(
      bodyToSend(
        { kind: 'Job', metadata: { name: 'a', uid: 'x', resourceVersion: '3' }, status: { phase: 'Running' } },
        'nlp',
      ),
    ).toEqual({
      kind: 'Job',
      metadata: { name: 'a', namespace: 'nlp' },
    });
  });
});

describe('renameDraft', () => {
  test('changes the name and keeps comments', () => {
    const text = `# mine\n${GOOD}`;
    const renamed = renameDraft(text, 'train-c');
    expect(renamed).toContain('# mine');
    expect(renamed).toContain('  name: train-c\n');
    expect(checkDraft(renamed, expected).object).toMatchObject({ metadata: { name: 'train-c' } });
  });
});
