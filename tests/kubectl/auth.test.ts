/**
 * `kubectl auth can-i` and `kubectl auth whoami` against the mock's one key: every right but writes to the
 * read-only project nodus.
 */
import { describe, expect, it } from 'vitest';
import { withKubectl } from './harness.ts';

const k = withKubectl({ controller: false });

describe('kubectl auth', () => {
  it('can create jobs in default', async () => {
    const res = await k.run(['auth', 'can-i', 'create', 'jobs.nodus.dev', '-n', 'default']);
    expect(res.stdout.trim()).toBe('yes');
    expect(res.code).toBe(0);
  });

  it('cannot create jobs in the read-only project nodus, and says why', async () => {
    const res = await k.run(['auth', 'can-i', 'create', 'jobs.nodus.dev', '-n', 'nodus']);
    expect(res.stdout.trim()).toBe('no - project "nodus" is read-only: it holds what Nodus publishes');
    expect(res.code).toBe(1);
  });

  it('can read in nodus', async () => {
    expect((await k.run(['auth', 'can-i', 'list', 'images.nodus.dev', '-n', 'nodus'])).stdout.trim()).toBe('yes');
  });

  it('lists the rules of a project with --list', async () => {
    const res = await k.run(['auth', 'can-i', '--list', '-n', 'default']);
    expect(res.stderr).toBe('');
    expect(res.stdout).toMatch(
      /jobs\.nodus\.dev\s+\[\]\s+\[\]\s+\[get list watch create update patch delete deletecollection\]/,
    );
  });

  it("whoami prints the key's user and groups", async () => {
    const res = await k.run(['auth', 'whoami']);
    expect(res.stderr).toBe('');
    expect(res.stdout).toMatch(/Username\s+demo-user/);
    expect(res.stdout).toMatch(/Groups\s+\[nodus:org-admins system:authenticated\]/);
  });
});
