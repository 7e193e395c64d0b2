/** A denial names who, what and where, and then either the API's reason or whom to ask. */
import { describe, expect, it } from 'vitest';
import type { AccessAttributes } from './attributes.ts';
import { actionPhrase, deniedText, pendingText, reasonSentence } from './wording.ts';

const jobs: AccessAttributes = { verb: 'delete', group: 'nodus.dev', resource: 'jobs', namespace: 'finance' };

describe('members', () => {
  it('are what a person adds and removes, not RoleBindings', () => {
    const rb = { group: 'rbac.authorization.k8s.io', resource: 'rolebindings', namespace: 'nlp' } as const;
    expect(deniedText({ ...rb, verb: 'create' }, 'raj', undefined)).toBe(
      "You (raj) can't add members in project nlp. Ask an admin of nlp.",
    );
    expect(actionPhrase({ ...rb, verb: 'delete' })).toBe('remove members');
  });
});

describe('deniedText', () => {
  it('names the person, the action and the project, and whom to ask', () => {
    expect(deniedText(jobs, 'kim', undefined)).toBe(
      "You (kim) can't delete jobs in project finance. Ask an admin of finance.",
    );
    expect(deniedText(jobs, undefined, undefined)).toBe(
      "You can't delete jobs in project finance. Ask an admin of finance.",
    );
  });

  it("takes the review's reason in place of the advice, as a sentence", () => {
    const reason = 'project "nodus" is read-only: it holds what Nodus publishes';
    expect(deniedText({ ...jobs, resource: 'images', namespace: 'nodus' }, 'demo-user', reason)).toBe(
      `You (demo-user) can't delete images in project nodus. Project "nodus" is read-only: it holds what Nodus publishes.`,
    );
    expect(deniedText(jobs, 'kim', '   ')).toMatch(/Ask an admin of finance\.$/);
  });

  it('asks an org admin for what lives in no project', () => {
    expect(deniedText({ verb: 'create', group: '', resource: 'namespaces' }, 'kim', undefined)).toBe(
      "You (kim) can't create projects. Ask an admin of your org.",
    );
    expect(deniedText({ verb: 'delete', group: '', resource: 'namespaces', name: 'lab' }, 'kim', undefined)).toBe(
      "You (kim) can't delete project lab. Ask an admin of your org.",
    );
  });
});

describe('actionPhrase', () => {
  it('says what each subresource action does', () => {
    const on = (verb: AccessAttributes['verb'], resource: string, subresource?: string, name?: string) =>
      actionPhrase({
        verb,
        group: 'nodus.dev',
        resource,
        ...(subresource ? { subresource } : {}),
        ...(name ? { name } : {}),
      });
    expect(on('create', 'volumes', 'files')).toBe('add files to volumes');
    expect(on('update', 'volumes', 'files')).toBe('replace files in volumes');
    expect(on('delete', 'sandboxes', 'files')).toBe('delete files in sandboxes');
    expect(on('get', 'sandboxes', 'files')).toBe('read the files of sandboxes');
    expect(on('create', 'sandboxes', 'exec', 'dev')).toBe('open a terminal in sandboxes/dev');
    expect(on('create', 'functions', 'invoke')).toBe('invoke functions');
    expect(on('patch', 'jobs')).toBe('change jobs');
    expect(on('update', 'budgets', undefined, 'monthly')).toBe('change budgets/monthly');
    expect(on('create', 'jobs', 'scale')).toBe('create jobs/scale');
  });
});

describe('reasonSentence', () => {
  it('bounds a long reason and never ends without a stop', () => {
    expect(reasonSentence('x'.repeat(1000)).length).toBeLessThanOrEqual(280);
    expect(reasonSentence('done.')).toBe('Done.');
    expect(reasonSentence('line one\n\nline two')).toBe('Line one line two.');
  });
});

describe('pendingText', () => {
  it('says what is being checked', () => {
    expect(pendingText(jobs)).toBe('Checking whether you may delete jobs in project finance…');
  });
});
