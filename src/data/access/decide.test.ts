/**
 * How questions become requests: a project's rules answer what they allow; what they do not is asked once per
 * (verb, resource, project), by name only where the answer could differ; nothing is offered while it is being
 * asked, and a failed review leaves the action offered.
 */
import { describe, expect, it } from 'vitest';
import type { AccessAttributes } from './attributes.ts';
import { answerAccess, planAccess, planList, rulesNeeded, type Known } from './decide.ts';
import type { ResourceRule } from './rules.ts';

const READ_ONLY: Known<ResourceRule[]> = {
  status: 'success',
  data: [{ verbs: ['get', 'list', 'watch'], apiGroups: ['nodus.dev'], resources: ['jobs'] }],
};
const WRITABLE: Known<ResourceRule[]> = {
  status: 'success',
  data: [{ verbs: ['*'], apiGroups: ['nodus.dev'], resources: ['jobs'] }],
};
const row = (name: string, namespace = 'lab'): AccessAttributes => ({
  verb: 'delete',
  group: 'nodus.dev',
  resource: 'jobs',
  namespace,
  name,
});

describe('planList', () => {
  it('asks nothing more for 50,000 rows the rules allow, and one review for 50,000 they do not', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => row(`job-${i}`));
    expect(rulesNeeded(rows)).toEqual(['lab']);
    const allowed = planList(rows, () => WRITABLE);
    expect(allowed.questions).toEqual([]);
    expect(allowed.plans.every((p) => p?.step === 'allowed')).toBe(true);
    const denied = planList(rows, () => READ_ONLY);
    expect(denied.questions).toEqual([{ verb: 'delete', group: 'nodus.dev', resource: 'jobs', namespace: 'lab' }]);
  });

  it('asks by name where a rule names objects, and once per project otherwise', () => {
    const named: Known<ResourceRule[]> = {
      status: 'success',
      data: [{ verbs: ['delete'], apiGroups: ['nodus.dev'], resources: ['jobs'], resourceNames: ['a'] }],
    };
    const { plans, questions } = planList([row('a'), row('b'), row('c')], () => named);
    expect(plans[0]).toEqual({ step: 'allowed' });
    expect(questions.map((q) => q.name)).toEqual(['b', 'c']);
    const two = planList([row('a', 'lab'), row('b', 'prod'), row('c', 'lab')], () => READ_ONLY);
    expect(two.questions.map((q) => q.namespace)).toEqual(['lab', 'prod']);
  });

  it('waits for the rules, and asks precisely (by name) when they failed', () => {
    expect(planAccess(row('a'), { status: 'pending' })).toEqual({ step: 'wait' });
    expect(planAccess(row('a'), { status: 'error' })).toEqual({ step: 'ask', question: row('a') });
  });

  it('asks about a project by its name, without rules', () => {
    const project: AccessAttributes = { verb: 'delete', group: '', resource: 'namespaces', name: 'default' };
    expect(rulesNeeded([project])).toEqual([]);
    expect(planList([project], () => WRITABLE).questions).toEqual([project]);
  });
});

describe('answerAccess', () => {
  const ask = { step: 'ask', question: row('a') } as const;

  it('offers nothing while a review is pending, and says it is checking', () => {
    expect(answerAccess({ step: 'wait' }, undefined, row('a'), 'kim')).toEqual({
      allowed: false,
      pending: true,
      reason: 'Checking whether you may delete jobs/a in project lab…',
    });
    expect(answerAccess(ask, { status: 'pending' }, row('a'), 'kim')).toMatchObject({ allowed: false, pending: true });
  });

  it("offers the action when the review failed: the real call's error will say", () => {
    expect(answerAccess(ask, { status: 'error' }, row('a'), 'kim')).toEqual({
      allowed: true,
      pending: false,
      unverified: true,
    });
  });

  it('says why not, in the words of the question asked', () => {
    const collection = { step: 'ask', question: { ...row('a'), name: undefined } } as const;
    const denied = answerAccess(collection, { status: 'success', data: { allowed: false } }, row('a'), 'kim');
    expect(denied).toEqual({
      allowed: false,
      pending: false,
      reason: "You (kim) can't delete jobs in project lab. Ask an admin of lab.",
    });
    expect(answerAccess(ask, { status: 'success', data: { allowed: true } }, row('a'), 'kim').allowed).toBe(true);
  });
});
