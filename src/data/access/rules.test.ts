/** A rule matches as RBAC matches it; names narrow it; anything odd in a review's rules is dropped, not trusted. */
import { describe, expect, it } from 'vitest';
import type { AccessAttributes } from './attributes.ts';
import { parseRules, rulesVerdict, type ResourceRule } from './rules.ts';

const del: AccessAttributes = { verb: 'delete', group: 'nodus.dev', resource: 'jobs', namespace: 'lab' };

describe('rulesVerdict', () => {
  it('allows what a rule covers by verb, group and resource, and nothing beside it', () => {
    const rules: ResourceRule[] = [{ verbs: ['get', 'delete'], apiGroups: ['nodus.dev'], resources: ['jobs'] }];
    expect(rulesVerdict(rules, del)).toEqual({ allowed: true });
    expect(rulesVerdict(rules, { ...del, verb: 'patch' })).toEqual({ allowed: false, byName: false });
    expect(rulesVerdict(rules, { ...del, resource: 'sandboxes' })).toEqual({ allowed: false, byName: false });
    expect(rulesVerdict(rules, { ...del, group: 'other.dev' })).toEqual({ allowed: false, byName: false });
  });

  it('reads the wildcards as RBAC does: a plain resource does not cover its subresources', () => {
    const files: AccessAttributes = { ...del, verb: 'create', resource: 'volumes', subresource: 'files' };
    const rule = (resources: string[]): ResourceRule[] => [{ verbs: ['*'], apiGroups: ['*'], resources }];
    expect(rulesVerdict(rule(['volumes']), files).allowed).toBe(false);
    expect(rulesVerdict(rule(['volumes/files']), files).allowed).toBe(true);
    expect(rulesVerdict(rule(['volumes/*']), files).allowed).toBe(false);
    expect(rulesVerdict(rule(['*/files']), files).allowed).toBe(true);
    expect(rulesVerdict(rule(['*']), files).allowed).toBe(true);
    expect(rulesVerdict(rule(['*/exec']), files).allowed).toBe(false);
  });

  it('says to ask by name when a rule names objects and the question names one', () => {
    const rules: ResourceRule[] = [
      { verbs: ['delete'], apiGroups: ['nodus.dev'], resources: ['jobs'], resourceNames: ['keep-me'] },
    ];
    expect(rulesVerdict(rules, { ...del, name: 'keep-me' })).toEqual({ allowed: true });
    expect(rulesVerdict(rules, { ...del, name: 'other' })).toEqual({ allowed: false, byName: true });
    // A question about the whole collection is not allowed by a rule that names objects.
    expect(rulesVerdict(rules, del)).toEqual({ allowed: false, byName: false });
  });
});

describe('parseRules', () => {
  it('keeps well-formed rules and drops the rest', () => {
    const status = {
      resourceRules: [
        { verbs: ['get'], apiGroups: [''], resources: ['namespaces'] },
        'nonsense',
        null,
        { verbs: ['list', 7], resources: ['jobs'] },
      ],
    };
    expect(parseRules(status)).toEqual([
      { verbs: ['get'], apiGroups: [''], resources: ['namespaces'], resourceNames: [] },
      { verbs: ['list'], apiGroups: [], resources: ['jobs'], resourceNames: [] },
    ]);
    expect(parseRules(undefined)).toEqual([]);
    expect(parseRules({ resourceRules: 'x' })).toEqual([]);
  });
});
