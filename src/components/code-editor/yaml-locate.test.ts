import { describe, expect, test } from 'vitest';
import { fieldPathAt, locateField, parseFieldPath, yamlProblems } from './yaml-locate.ts';

const JOB = `apiVersion: nodus.dev/v1
kind: Job
metadata:
  name: train-b
  labels:
    app.kubernetes.io/name: trainer
spec:
  image: nodus/pytorch:2.8-cuda12.8
  command: [python, train.py]
  env:
    - name: LOG_LEVEL
      value: debug
    - name: SEED
      value: "42"
  maxCostUSD: "40.00"
  resources:
    gpu:
      type: H100
`;

describe('parseFieldPath', () => {
  test('dots, indexes and bracketed keys', () => {
    expect(parseFieldPath('spec.env[0].value')).toEqual(['spec', 'env', 0, 'value']);
    expect(parseFieldPath('metadata.labels[app.kubernetes.io/name]')).toEqual([
      'metadata',
      'labels',
      'app.kubernetes.io/name',
    ]);
    expect(parseFieldPath('metadata.annotations["a.b/c"]')).toEqual(['metadata', 'annotations', 'a.b/c']);
    expect(parseFieldPath('spec.steps[12]')).toEqual(['spec', 'steps', 12]);
  });
});

describe('locateField', () => {
  test('a scalar field covers `key: value` on its line', () => {
    expect(locateField(JOB, 'spec.maxCostUSD')).toEqual({
      startLineNumber: 15,
      startColumn: 3,
      endLineNumber: 15,
      endColumn: 22,
      exact: true,
      foundPath: 'spec.maxCostUSD',
    });
    expect(locateField(JOB, 'metadata.name')).toMatchObject({
      startLineNumber: 4,
      startColumn: 3,
      endColumn: 16,
      exact: true,
    });
  });

  test('list items and fields inside them', () => {
    expect(locateField(JOB, 'spec.env[1].value')).toMatchObject({ startLineNumber: 14, startColumn: 7, exact: true });
    expect(locateField(JOB, 'spec.env[0]')).toMatchObject({ startLineNumber: 11, startColumn: 7, exact: true });
    expect(locateField(JOB, 'spec.command[1]')).toMatchObject({
      startLineNumber: 9,
      startColumn: 21,
      endColumn: 29,
      exact: true,
    });
  });

  test('a map or list value marks its key only, on one line', () => {
    expect(locateField(JOB, 'spec.resources')).toEqual({
      startLineNumber: 16,
      startColumn: 3,
      endLineNumber: 16,
      endColumn: 12,
      exact: true,
      foundPath: 'spec.resources',
    });
  });

  test('label keys with dots and slashes, bracketed or dotted', () => {
    expect(locateField(JOB, 'metadata.labels[app.kubernetes.io/name]')).toMatchObject({
      startLineNumber: 6,
      exact: true,
    });
    expect(locateField(JOB, 'metadata.labels.app.kubernetes.io/name')).toMatchObject({
      startLineNumber: 6,
      exact: true,
    });
  });

  test('a missing field falls back to its nearest parent', () => {
    expect(locateField(JOB, 'spec.resources.gpu.count')).toMatchObject({
      startLineNumber: 17,
      exact: false,
      foundPath: 'spec.resources.gpu',
    });
    expect(locateField(JOB, 'spec.timeoutSeconds')).toMatchObject({
      startLineNumber: 7,
      exact: false,
      foundPath: 'spec',
    });
    expect(locateField('kind: Job\n', 'metadata.name')).toMatchObject({
      startLineNumber: 1,
      exact: false,
      foundPath: '',
    });
  });

  test('works on flow style and on an empty text', () => {
    const flow = 'apiVersion: nodus.dev/v1\nkind: Job\nmetadata: {name: a}\nspec: {image: x, maxCostUSD: "1.00"}\n';
    expect(locateField(flow, 'spec.maxCostUSD')).toMatchObject({ startLineNumber: 4, startColumn: 18, exact: true });
    expect(locateField('', 'spec.image')).toMatchObject({ startLineNumber: 1, exact: false });
  });
});

describe('yamlProblems', () => {
  test('none for a valid object', () => {
    expect(yamlProblems(JOB)).toEqual([]);
  });

  test('a syntax error with its line and column', () => {
    const problems = yamlProblems('kind: Job\nspec:\n  image: a: b\n');
    expect(problems[0]).toMatchObject({ severity: 'error', startLineNumber: 3, startColumn: 10 });
    const tabs = yamlProblems('kind: Job\nspec:\n  image: x\n bad: y\n');
    expect(tabs[0]).toMatchObject({ severity: 'error', startLineNumber: 4 });
  });

  test('several documents are one problem, on the second one', () => {
    const problems = yamlProblems('kind: Job\n---\nkind: Job\n');
    expect(problems).toEqual([expect.objectContaining({ code: 'MULTIPLE_DOCUMENTS', startLineNumber: 2 })]);
    // A lone leading marker or a trailing empty document is one object.
    expect(yamlProblems('---\nkind: Job\n')).toEqual([]);
    expect(yamlProblems('kind: Job\n---\n')).toEqual([]);
  });

  test('an empty text, and a duplicated key', () => {
    expect(yamlProblems('  \n# only a comment\n')).toEqual([expect.objectContaining({ code: 'EMPTY' })]);
    expect(yamlProblems('kind: Job\nkind: Job\n')[0]).toMatchObject({ code: 'DUPLICATE_KEY', startLineNumber: 2 });
  });
});

describe('fieldPathAt', () => {
  test('names the field under a position, through maps and lists', () => {
    // Line 15 is `  maxCostUSD: "40.00"`; line 13 is `    - name: SEED`.
    expect(fieldPathAt(JOB, 15, 16)).toBe('spec.maxCostUSD');
    expect(fieldPathAt(JOB, 15, 3)).toBe('spec.maxCostUSD');
    expect(fieldPathAt(JOB, 13, 13)).toBe('spec.env[1].name');
    expect(fieldPathAt(JOB, 18, 13)).toBe('spec.resources.gpu.type');
    expect(fieldPathAt(JOB, 1, 1)).toBe('apiVersion');
    expect(fieldPathAt('', 1, 1)).toBeUndefined();
  });
});
