/**
 * One grammar, two readers. The label selector box checks selectors in the browser: what it accepts the API must
 * accept and what it refuses the API must refuse (checked against the real mock over HTTP), and a refusal says
 * what is wrong. The API's reading gives terse reasons and matches labels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../mock/server.ts';
import { DEMO_API_KEY } from './protocol.ts';
import {
  checkLabelSelector,
  hasLabel,
  matchesLabels,
  parseLabelSelector,
  withLabel,
  type Requirement,
} from './label-selector.ts';

const CASES = [
  '',
  'team=nlp',
  'team==nlp',
  'team!=nlp',
  'team=',
  'team',
  '!team',
  '! team',
  'env in (prod,staging)',
  'env notin (a, b)',
  'team=nlp,app=trainer',
  'example.com/team=nlp',
  'nodus.dev/created-by=demo-user',
  'a.b-c_d=e.f-g_h',
  'team=nlp,',
  ',team',
  'team=nlp,,app=x',
  'Team!=',
  '=nlp',
  'team=n lp',
  'team nlp',
  'env in prod',
  'env in (prod',
  'env in (prod))',
  'team=-nlp',
  'team=nlp-',
  '-team=nlp',
  'team:nlp',
  `team=${'x'.repeat(64)}`,
  `${'k'.repeat(64)}=v`,
  'Example.com/team=nlp',
  'team=(nlp)',
  'env in (pr od)',
  'team$=nlp',
  'x=y=z',
  'a notin ()',
  'a in ( )',
  'a in (,)',
];

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, demoData: false, controller: false });
});
afterAll(() => mock.close());

async function serverAccepts(selector: string): Promise<boolean> {
  const url = `${mock.url}/apis/nodus.dev/v1/namespaces/default/budgets?labelSelector=${encodeURIComponent(selector)}`;
  const res = await fetch(url, { headers: { Authorization: `Bearer ${DEMO_API_KEY}` } });
  await res.text();
  if (res.status !== 200 && res.status !== 400) throw new Error(`unexpected ${res.status} for ${selector}`);
  return res.status === 200;
}

describe('checkLabelSelector', () => {
  it('agrees with the API on every case', async () => {
    const disagreements: string[] = [];
    for (const selector of CASES) {
      const browser = checkLabelSelector(selector).ok;
      if (browser !== (await serverAccepts(selector)))
        disagreements.push(`${JSON.stringify(selector)}: browser says ${browser ? 'valid' : 'invalid'}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('says what is wrong, and how selectors are written', () => {
    const message = (s: string) => {
      const check = checkLabelSelector(s);
      return check.ok ? '' : check.message;
    };
    expect(message('team$=nlp')).toMatch(/^"team\$" is not a valid label key/);
    expect(message('team=n lp')).toContain('space');
    expect(message('team=nlp,')).toContain('empty requirement');
    expect(message('env in (prod')).toContain('parentheses do not pair up');
    expect(message('env in prod')).toContain('in parentheses');
    expect(message('team=-nlp')).toContain('"-nlp" is not a valid label value');
    expect(message(`${'k'.repeat(64)}=v`)).toContain('longer than 63 characters');
    expect(message('x=y=z')).toContain('Use key=value, key!=value');
    expect(message('a notin ()')).toMatch(/^"a notin \(\)" has no values: "in" and "notin" need at least one/);
    expect(checkLabelSelector('a in (,)').ok).toBe(true);
  });

  it('trims what it accepts', () => {
    expect(checkLabelSelector('  team=nlp ')).toEqual({ ok: true, selector: 'team=nlp' });
  });
});

describe('withLabel', () => {
  it('adds a requirement, replacing an equality on the same key', () => {
    expect(withLabel('', 'team', 'nlp')).toBe('team=nlp');
    expect(withLabel('app=trainer', 'team', 'nlp')).toBe('app=trainer,team=nlp');
    expect(withLabel('team=vision,app=x', 'team', 'nlp')).toBe('app=x,team=nlp');
    expect(withLabel('team!=vision', 'team', 'nlp')).toBe('team!=vision,team=nlp');
    expect(withLabel('env in (a,b)', 'team', 'nlp')).toBe('env in (a,b),team=nlp');
  });

  it('knows when a requirement is already there', () => {
    expect(hasLabel('app=x, team==nlp', 'team', 'nlp')).toBe(true);
    expect(hasLabel('team!=nlp', 'team', 'nlp')).toBe(false);
  });
});

describe('parseLabelSelector', () => {
  const why = (s: string) => {
    const parsed = parseLabelSelector(s);
    return parsed.ok ? '' : parsed.why;
  };
  const requirements = (s: string): Requirement[] => {
    const parsed = parseLabelSelector(s);
    if (!parsed.ok) throw new Error(parsed.why);
    return parsed.requirements;
  };

  it('reads every form into requirements', () => {
    expect(requirements('team=nlp, app!=x, env in (a, b), tier notin (c), gpu, !spot')).toEqual([
      { key: 'team', op: 'in', values: ['nlp'] },
      { key: 'app', op: 'notin', values: ['x'] },
      { key: 'env', op: 'in', values: ['a', 'b'] },
      { key: 'tier', op: 'notin', values: ['c'] },
      { key: 'gpu', op: 'exists', values: [] },
      { key: 'spot', op: '!exists', values: [] },
    ]);
  });

  it('says why in the words of the API, the values before the key', () => {
    expect(why('team=nlp,')).toBe('empty requirement');
    expect(why('team nlp')).toBe('cannot read "team nlp"');
    expect(why('team$=nlp')).toBe('"team$" is not a valid label key');
    expect(why('team$=-nlp')).toBe('"-nlp" is not a valid label value');
    expect(why('env in (a,-b)')).toBe('"-b" is not a valid label value');
  });

  it('matches labels', () => {
    const labels = { team: 'nlp', env: 'prod' };
    expect(matchesLabels(requirements('team=nlp,env in (prod,staging)'), labels)).toBe(true);
    expect(matchesLabels(requirements('team!=nlp'), labels)).toBe(false);
    expect(matchesLabels(requirements('app notin (x)'), labels)).toBe(true);
    expect(matchesLabels(requirements('!team'), labels)).toBe(false);
    expect(matchesLabels(requirements('app'), labels)).toBe(false);
  });
});
