/**
 * kubectl against teams: `auth can-i` (and `--list`) and `auth whoami` tell the truth for each key, users and keys
 * are listed like any resource (never with a secret), and `create rolebinding` works for a project admin and is
 * refused to a developer. The configured key is an org admin who may do everything but write to nodus.
 */
import { describe, expect, it } from 'vitest';
import { withKubectl } from './harness.ts';

const k = withKubectl({ controller: false });
const as = (user: string) => ['--token', `nodus-demo-${user}`];

describe('kubectl auth can-i', () => {
  it('can create jobs in default as the org admin', async () => {
    const res = await k.run(['auth', 'can-i', 'create', 'jobs.nodus.dev', '-n', 'default']);
    expect(res.stdout.trim()).toBe('yes');
    expect(res.code).toBe(0);
  });

  it('cannot create jobs in the read-only project nodus, and says why', async () => {
    const res = await k.run(['auth', 'can-i', 'create', 'jobs.nodus.dev', '-n', 'nodus']);
    expect(res.stdout.trim()).toBe('no - project "nodus" is read-only: it holds what Nodus publishes');
    expect(res.code).toBe(1);
  });

  it('can read in nodus, whoever asks', async () => {
    expect((await k.run(['auth', 'can-i', 'list', 'images.nodus.dev', '-n', 'nodus'])).stdout.trim()).toBe('yes');
    const sam = await k.run(['auth', 'can-i', 'list', 'images.nodus.dev', '-n', 'nodus', ...as('sam')]);
    expect(sam.stdout.trim()).toBe('yes');
  });

  it("answers yes or no by each key's roles", async () => {
    const ask = async (user: string, ...args: string[]) =>
      (await k.run(['auth', 'can-i', ...args, ...as(user)])).stdout.trim();
    expect(await ask('kim', 'create', 'jobs.nodus.dev', '-n', 'vision')).toBe('yes');
    expect(await ask('kim', 'create', 'jobs.nodus.dev', '-n', 'nlp')).toBe(
      'no - kim is a viewer in nlp; creating jobs needs the developer role, which ana (an admin of nlp) or an org admin can grant',
    );
    expect(await ask('kim', 'get', 'jobs.nodus.dev', '-n', 'nlp')).toBe('yes');
    expect(await ask('lee', 'create', 'sandboxes.nodus.dev', '--subresource=exec', '-n', 'vision')).toMatch(/^no/);
    expect(await ask('kim', 'create', 'sandboxes.nodus.dev', '--subresource=exec', '-n', 'vision')).toBe('yes');
    expect(await ask('mia', 'raisecap', 'jobs.nodus.dev', '-n', 'vision')).toBe('yes');
    expect(await ask('kim', 'raisecap', 'jobs.nodus.dev', '-n', 'vision')).toMatch(/^no/);
    expect(await ask('sam', 'list', 'jobs.nodus.dev', '-n', 'nlp')).toMatch(/^no/);
    expect(await ask('ana', 'create', 'rolebindings', '-n', 'nlp')).toBe('yes');
    expect(await ask('raj', 'create', 'rolebindings', '-n', 'nlp')).toMatch(/^no/);
  });

  it("lists a key's rules in a project with --list", async () => {
    const kim = await k.run(['auth', 'can-i', '--list', '-n', 'vision', ...as('kim')]);
    expect(kim.stderr).toBe('');
    expect(kim.stdout).toMatch(
      /jobs\.nodus\.dev\s+\[\]\s+\[\]\s+\[get list watch create update patch delete deletecollection\]/,
    );
    expect(kim.stdout).toMatch(/budgets\.nodus\.dev\s+\[\]\s+\[\]\s+\[get list watch\]/);
    expect(kim.stdout).toMatch(/sandboxes\.nodus\.dev\/exec\s+\[\]\s+\[\]\s+\[create\]/);
    const admin = await k.run(['auth', 'can-i', '--list', '-n', 'default']);
    expect(admin.stdout).toMatch(/\*\.\*\s+\[\]\s+\[\]\s+\[\*\]/);
  });
});

describe('kubectl auth whoami', () => {
  it("prints the key's user and groups", async () => {
    const res = await k.run(['auth', 'whoami']);
    expect(res.stderr).toBe('');
    expect(res.stdout).toMatch(/Username\s+demo-user/);
    expect(res.stdout).toMatch(/Groups\s+\[nodus:org-admins system:authenticated\]/);
  });

  it('prints each user by their key', async () => {
    for (const user of ['kim', 'ci-bot']) {
      const res = await k.run(['auth', 'whoami', ...as(user)]);
      expect(res.stdout).toMatch(new RegExp(`Username\\s+${user}\\n`));
      expect(res.stdout).toMatch(/Groups\s+\[system:authenticated\]/);
      expect(res.stdout).toMatch(new RegExp(`iam\\.nodus\\.dev/api-key\\s+\\[${user}-demo\\]`));
    }
  });
});

describe('users, keys and bindings with kubectl', () => {
  it('gets users.iam.nodus.dev, and keys without their secret', async () => {
    const users = await k.run(['get', 'users.iam.nodus.dev']);
    expect(users.stdout).toMatch(/^NAME\s+DISPLAY NAME\s+EMAIL\s+AGE/);
    expect(users.stdout).toMatch(/\nkim\s+Kim Park\s+kim@nodus\.example/);
    const keys = await k.run(['get', 'apikeys', '-o', 'json', ...as('kim')]);
    const items = (JSON.parse(keys.stdout) as { items: { spec: { user: string }; status: object }[] }).items;
    expect(items.map((i) => i.spec.user)).toEqual(['kim']);
    expect(keys.stdout).not.toContain('secret');
  });

  it('creates a rolebinding for a project admin, and refuses a developer', async () => {
    const args = ['create', 'rolebinding', 'kim-dev', '--clusterrole=nodus:developer', '--user=kim', '-n', 'nlp'];
    const refused = await k.run([...args, ...as('raj')]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      'user "raj" cannot create rolebindings.rbac.authorization.k8s.io in project "nlp"',
    );
    const made = await k.run([...args, ...as('ana')]);
    expect(made.stderr).toBe('');
    expect(made.stdout.trim()).toBe('rolebinding.rbac.authorization.k8s.io/kim-dev created');
    expect((await k.run(['auth', 'can-i', 'create', 'jobs.nodus.dev', '-n', 'nlp', ...as('kim')])).stdout.trim()).toBe(
      'yes',
    );
    const bindings = await k.run(['get', 'rolebindings', '-n', 'nlp']);
    expect(bindings.stdout).toMatch(/kim-dev\s+ClusterRole\/nodus:developer\s+kim/);
    const org = await k.run([
      'create',
      'rolebinding',
      'x',
      '--clusterrole=nodus:org-admin',
      '--user=kim',
      '-n',
      'nlp',
      ...as('ana'),
    ]);
    expect(org.stderr).toContain('cannot bind ClusterRole "nodus:org-admin"');
  });

  it('creates a user from a manifest and a key that shows its secret once', async () => {
    const user = k.file(
      'user.yaml',
      'apiVersion: iam.nodus.dev/v1\nkind: User\nmetadata:\n  name: zoe\nspec:\n  displayName: Zoe\n',
    );
    expect((await k.run(['create', '-f', user])).stdout.trim()).toBe('user.iam.nodus.dev/zoe created');
    const key = k.file(
      'key.yaml',
      'apiVersion: iam.nodus.dev/v1\nkind: APIKey\nmetadata:\n  name: zoe-cli\nspec:\n  user: zoe\n',
    );
    const made = await k.run(['create', '-f', key, '-o', 'jsonpath={.status.secret}']);
    expect(made.stdout).toMatch(/^nodus_/);
    const whoami = await k.run(['auth', 'whoami', '--token', made.stdout]);
    expect(whoami.stdout).toMatch(/Username\s+zoe/);
    expect((await k.run(['delete', 'apikey', 'zoe-cli'])).code).toBe(0);
    expect((await k.run(['auth', 'whoami', '--token', made.stdout])).code).not.toBe(0);
  });
});
