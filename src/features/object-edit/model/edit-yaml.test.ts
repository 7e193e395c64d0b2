import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import {
  editableFieldsDiffer,
  newObjectYaml,
  parseEdit,
  parseValue,
  putBody,
  suffixed,
  toEditYaml,
} from './edit-yaml.ts';

const job: NodusObject = {
  apiVersion: 'nodus.dev/v1',
  kind: 'Job',
  metadata: {
    name: 'train-a',
    namespace: 'nlp',
    uid: 'job-1',
    resourceVersion: '42',
    generation: 3,
    creationTimestamp: '2026-01-01T00:00:00Z',
    labels: { team: 'nlp', 'nodus.dev/created-by': 'ana' },
    annotations: { note: 'x', 'nodus.dev/restart-requested-at': 't' },
    finalizers: ['nodus.dev/billing'],
    ownerReferences: [{ apiVersion: 'nodus.dev/v1', kind: 'Pipeline', name: 'p', uid: 'pip-1' }],
  },
  spec: { image: 'nodus/pytorch:2.8', maxCostUSD: '40.00' },
  status: { phase: 'Running', costUSD: '1.00' },
};

describe('toEditYaml', () => {
  it('shows what a person edits and hides what the server owns', () => {
    const text = toEditYaml(job);
    expect(text).toContain('name: train-a');
    expect(text).toContain('maxCostUSD: "40.00"');
    for (const hidden of ['resourceVersion', 'job-1', 'generation', 'creationTimestamp', 'status:', 'phase:'])
      expect(text).not.toContain(hidden);
  });
});

describe('parseEdit', () => {
  it('reads the edit back', () => {
    const parsed = parseEdit(toEditYaml(job));
    expect(parsed.ok && parsed.object.spec).toEqual(job.spec);
  });

  it('gives the line and column of bad YAML', () => {
    const parsed = parseEdit('apiVersion: nodus.dev/v1\nspec:\n  image: "open\n  other: 1\n');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problem.line).toBeGreaterThanOrEqual(3);
      expect(parsed.problem.message).not.toBe('');
    }
  });

  it('refuses a duplicated key and a document that is not a mapping', () => {
    const dup = parseEdit('spec:\n  a: 1\n  a: 2\n');
    expect(dup.ok === false && dup.problem.line).toBe(3);
    expect(parseEdit('- a\n- b\n').ok).toBe(false);
  });
});

describe('parseValue', () => {
  it('reads scalars, maps and lists; empty text removes the field', () => {
    expect(parseValue('"9.00"')).toEqual({ ok: true, value: '9.00' });
    expect(parseValue('[1, 2]')).toEqual({ ok: true, value: [1, 2] });
    expect(parseValue('  ')).toEqual({ ok: true, value: undefined });
    expect(parseValue('a: [').ok).toBe(false);
  });
});

describe('putBody', () => {
  it('pins the edit to the resourceVersion and uid that were read', () => {
    const edit = (parseEdit(toEditYaml(job)) as { object: NodusObject }).object;
    const body = putBody(edit, job);
    expect(body.metadata.resourceVersion).toBe('42');
    expect(body.metadata.uid).toBe('job-1');
    expect(body.metadata.name).toBe('train-a');
    expect(body.status).toBeUndefined();
  });
});

describe('editableFieldsDiffer', () => {
  it('ignores status and resourceVersion, sees spec and labels', () => {
    expect(
      editableFieldsDiffer(job, {
        ...job,
        metadata: { ...job.metadata, resourceVersion: '43' },
        status: { phase: 'Succeeded' },
      }),
    ).toBe(false);
    expect(editableFieldsDiffer(job, { ...job, spec: { ...job.spec, maxCostUSD: '50.00' } })).toBe(true);
  });
});

describe('newObjectYaml', () => {
  it('suffixes the name and drops what the server sets on create', () => {
    const text = newObjectYaml(job);
    expect(text).toContain('name: train-a-2');
    expect(text).toContain('team: nlp');
    expect(text).toContain('note: x');
    for (const gone of [
      'nodus.dev/created-by',
      'nodus.dev/restart',
      'nodus.dev/billing',
      'ownerReferences',
      'resourceVersion',
      'job-1',
      'status:',
    ])
      expect(text).not.toContain(gone);
  });

  it('suffixed counts up and keeps a DNS label short enough', () => {
    expect(suffixed('a')).toBe('a-2');
    expect(suffixed('a-2')).toBe('a-3');
    expect(suffixed('x'.repeat(63))).toHaveLength(63);
  });
});
