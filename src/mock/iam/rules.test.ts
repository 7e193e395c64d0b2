import { describe, expect, it } from 'vitest';
import type { PolicyRule } from '@/shared/iam.ts';
import type { ResourceAttributes } from '../http/request-info.ts';
import { ruleAllows, uncovered } from './rules.ts';

const attrs = (over: Partial<ResourceAttributes>): ResourceAttributes => ({
  kind: 'resource',
  verb: 'get',
  group: 'nodus.dev',
  resource: 'jobs',
  subresource: '',
  name: '',
  namespace: 'p',
  ...over,
});

describe('RBAC rules', () => {
  it('match verbs, groups and resources, with * standing for any', () => {
    const rule: PolicyRule = { verbs: ['get', 'list'], apiGroups: ['nodus.dev'], resources: ['jobs'] };
    expect(ruleAllows(rule, attrs({}))).toBe(true);
    expect(ruleAllows(rule, attrs({ verb: 'delete' }))).toBe(false);
    expect(ruleAllows(rule, attrs({ group: 'usage.nodus.dev' }))).toBe(false);
    expect(ruleAllows(rule, attrs({ resource: 'sandboxes' }))).toBe(false);
    expect(
      ruleAllows({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, attrs({ verb: 'raisecap', subresource: 'log' })),
    ).toBe(true);
  });

  it('name subresources as resource/subresource, or */subresource', () => {
    const logs: PolicyRule = { verbs: ['get'], apiGroups: ['nodus.dev'], resources: ['jobs/log'] };
    expect(ruleAllows(logs, attrs({ subresource: 'log' }))).toBe(true);
    expect(ruleAllows(logs, attrs({}))).toBe(false);
    const anyLog: PolicyRule = { verbs: ['get'], apiGroups: ['nodus.dev'], resources: ['*/log'] };
    expect(ruleAllows(anyLog, attrs({ resource: 'sandboxes', subresource: 'log' }))).toBe(true);
    expect(ruleAllows(anyLog, attrs({ resource: 'sandboxes', subresource: 'files' }))).toBe(false);
  });

  it('restrict to resourceNames, which a list or a create does not name', () => {
    const one: PolicyRule = {
      verbs: ['get', 'list'],
      apiGroups: ['nodus.dev'],
      resources: ['jobs'],
      resourceNames: ['a'],
    };
    expect(ruleAllows(one, attrs({ name: 'a' }))).toBe(true);
    expect(ruleAllows(one, attrs({ name: 'b' }))).toBe(false);
    expect(ruleAllows(one, attrs({ verb: 'list' }))).toBe(false);
  });

  it('match non-resource URLs exactly or by a trailing *', () => {
    const rule: PolicyRule = { verbs: ['get'], nonResourceURLs: ['/apis', '/apis/*'] };
    const url = (path: string, verb = 'get') => ruleAllows(rule, { kind: 'nonResource', verb, path });
    expect([url('/apis'), url('/apis/nodus.dev/v1'), url('/api'), url('/apis', 'post')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(ruleAllows(rule, attrs({}))).toBe(false);
  });
});

describe('escalation (uncovered)', () => {
  const admin: PolicyRule[] = [
    { verbs: ['*'], apiGroups: ['nodus.dev'], resources: ['*'] },
    { verbs: ['get'], apiGroups: [''], resources: ['namespaces'] },
  ];

  it('lets a holder grant what their rules cover', () => {
    expect(
      uncovered(admin, [{ verbs: ['get', 'create'], apiGroups: ['nodus.dev'], resources: ['jobs', 'jobs/log'] }]),
    ).toBeUndefined();
    expect(
      uncovered(admin, [{ verbs: ['get'], apiGroups: [''], resources: ['namespaces'], resourceNames: ['p'] }]),
    ).toBeUndefined();
  });

  it('names the first thing they do not hold, a * asked for being covered by a * only', () => {
    expect(uncovered(admin, [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }])).toBe('* *.*');
    expect(uncovered(admin, [{ verbs: ['delete'], apiGroups: ['iam.nodus.dev'], resources: ['users'] }])).toBe(
      'delete users.iam.nodus.dev',
    );
    expect(uncovered(admin, [{ verbs: ['patch'], apiGroups: [''], resources: ['namespaces'] }])).toBe(
      'patch namespaces',
    );
    expect(uncovered(admin, [{ verbs: ['get'], nonResourceURLs: ['/_mock/*'] }])).toBe('get /_mock/*');
  });
});
