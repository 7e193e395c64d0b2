/**
 * The real kubectl writing to the mock: `apply -f` (client-side, with its last-applied annotation and merge
 * patches; `--dry-run=server`; `--server-side`) and `diff -f`.
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { jobYaml, withKubectl } from './harness.ts';

// The controller is off: `kubectl diff` sends the live resourceVersion with its dry-run, and a status write in
// between (a Job going from Queued to Running) would make it retry after a second's back-off, as on a cluster.
const k = withKubectl({ controller: false });

const JOBS = '/apis/nodus.dev/v1/namespaces/default/jobs';
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

async function stored(name: string): Promise<NodusObject | undefined> {
  const res = await k.api<NodusObject>('GET', `${JOBS}/${name}`);
  return res.status === 200 ? res.body : undefined;
}

describe('kubectl apply', () => {
  it('creates, then updates with a three-way merge that removes what the file no longer has', async () => {
    const path = k.file('apply.yaml', jobYaml('applied', { labels: { app: 'trainer', tier: 'gold' } }));
    const created = await k.run(['apply', '-f', path]);
    expect(created.stdout.trim()).toBe('job.nodus.dev/applied created');
    const first = (await stored('applied'))!;
    expect(JSON.parse(first.metadata.annotations![LAST_APPLIED]!)).toMatchObject({
      metadata: { name: 'applied', labels: { tier: 'gold' } },
    });

    const again = await k.run(['apply', '-f', path]);
    expect(again.stdout.trim()).toBe('job.nodus.dev/applied unchanged');

    k.file('apply.yaml', jobYaml('applied', { labels: { app: 'trainer' }, maxCostUSD: '6.00' }));
    const updated = await k.run(['apply', '-f', path]);
    expect(updated.stdout.trim()).toBe('job.nodus.dev/applied configured');
    const after = (await stored('applied'))!;
    expect(after.spec).toMatchObject({ maxCostUSD: '6.00' });
    expect(after.metadata.labels).not.toHaveProperty('tier');
    expect(after.metadata.labels).toMatchObject({ app: 'trainer', 'nodus.dev/created-by': 'demo-user' });
    expect(after.metadata.generation).toBe(2);
  });

  it("shows the server's refusal of an immutable change", async () => {
    const path = k.file('immutable.yaml', jobYaml('fixed'));
    expect((await k.run(['apply', '-f', path])).code).toBe(0);
    k.file('immutable.yaml', jobYaml('fixed').replace('nodus/python:3.12', 'nodus/node:22'));
    const res = await k.run(['apply', '-f', path]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('spec.image');
    expect(res.stderr).toMatch(/FieldImmutable|immutable/i);
  });

  it("reviews with --dry-run=server: the server's defaults and estimate, nothing stored", async () => {
    const path = k.file('review.yaml', jobYaml('reviewed'));
    const res = await k.run(['apply', '-f', path, '--dry-run=server', '-o', 'yaml']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('timeoutSeconds: 14400');
    expect(res.stdout).toMatch(/estimate:\n(\s+.+\n)*\s+costUSD: "\d+\.\d+"/);
    expect(await stored('reviewed')).toBeUndefined();
    const line = await k.run(['apply', '-f', path, '--dry-run=server']);
    expect(line.stdout.trim()).toBe('job.nodus.dev/reviewed created (server dry run)');
  });

  it('applies server-side, creating and then changing the object', async () => {
    const path = k.file('ssa.yaml', jobYaml('server-applied'));
    const created = await k.run(['apply', '--server-side', '-f', path]);
    expect(created.stdout.trim()).toBe('job.nodus.dev/server-applied serverside-applied');
    expect((await stored('server-applied'))!.spec).toMatchObject({ maxCostUSD: '5.00' });
    k.file('ssa.yaml', jobYaml('server-applied', { maxCostUSD: '7.00' }));
    expect((await k.run(['apply', '--server-side', '-f', path])).code).toBe(0);
    expect((await stored('server-applied'))!.spec).toMatchObject({ maxCostUSD: '7.00' });
  });

  it('refuses a field another manager applied, naming field and manager, until --force-conflicts', async () => {
    const path = k.file('owned.yaml', jobYaml('owned'));
    expect((await k.run(['apply', '--server-side', '--field-manager=alice', '-f', path])).code).toBe(0);
    k.file('owned.yaml', jobYaml('owned', { maxCostUSD: '9.00' }));
    const refused = await k.run(['apply', '--server-side', '--field-manager=bob', '-f', path]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('conflict with "alice"');
    expect(refused.stderr).toContain('.spec.maxCostUSD');
    expect((await stored('owned'))!.spec).toMatchObject({ maxCostUSD: '5.00' });
    const forced = await k.run(['apply', '--server-side', '--field-manager=bob', '--force-conflicts', '-f', path]);
    expect(forced.code).toBe(0);
    expect((await stored('owned'))!.spec).toMatchObject({ maxCostUSD: '9.00' });
    // The field is bob's now: alice applying her old value is the one refused, naming bob.
    const owners = (await stored('owned'))!.metadata.managedFields!;
    const owns = (manager: string) =>
      JSON.stringify(owners.find((e) => e.manager === manager)?.fieldsV1).includes('f:maxCostUSD');
    expect([owns('alice'), owns('bob')]).toEqual([false, true]);
    k.file('owned.yaml', jobYaml('owned'));
    const back = await k.run(['apply', '--server-side', '--field-manager=alice', '-f', path]);
    expect(back.code).toBe(1);
    expect(back.stderr).toContain('conflict with "bob": .spec.maxCostUSD');
  });

  it('keeps a label two managers apply until the last of them stops applying it', async () => {
    const path = k.file('shared.yaml', jobYaml('shared', { labels: { tier: 'gold' } }));
    for (const manager of ['alice', 'bob'])
      expect((await k.run(['apply', '--server-side', `--field-manager=${manager}`, '-f', path])).code).toBe(0);
    k.file('shared.yaml', jobYaml('shared'));
    expect((await k.run(['apply', '--server-side', '--field-manager=bob', '-f', path])).code).toBe(0);
    expect((await stored('shared'))!.metadata.labels).toMatchObject({ tier: 'gold' });
    expect((await k.run(['apply', '--server-side', '--field-manager=alice', '-f', path])).code).toBe(0);
    expect((await stored('shared'))!.metadata.labels).not.toHaveProperty('tier');
  });

  it('removes a field taken out of the applied file', async () => {
    const path = k.file('shrink.yaml', jobYaml('shrink', { labels: { team: 'a', tier: 'x' } }));
    expect((await k.run(['apply', '--server-side', '-f', path])).code).toBe(0);
    k.file('shrink.yaml', jobYaml('shrink', { labels: { team: 'a' } }));
    expect((await k.run(['apply', '--server-side', '-f', path])).code).toBe(0);
    expect((await stored('shrink'))!.metadata.labels).not.toHaveProperty('tier');
  });
});

describe('kubectl diff', () => {
  it('says nothing (exit 0) when the file matches, and shows only the spec change (exit 1) when it does not', async () => {
    const path = k.file('diff.yaml', jobYaml('diffed'));
    expect((await k.run(['apply', '-f', path])).code).toBe(0);
    const same = await k.run(['diff', '-f', path]);
    expect(same).toMatchObject({ code: 0, stdout: '' });

    k.file('diff.yaml', jobYaml('diffed', { maxCostUSD: '8.00' }));
    const changed = await k.run(['diff', '-f', path]);
    expect(changed.code).toBe(1);
    // The spec change and the generation it makes, and no status: the controller has not seen a dry-run.
    const lines = changed.stdout.split('\n').filter((l) => /^[-+](?![-+]{2} )/.test(l));
    expect(lines).toEqual(['-  generation: 1', '+  generation: 2', '-  maxCostUSD: "5.00"', '+  maxCostUSD: "8.00"']);
    // diff runs a dry-run: nothing changed on the server.
    expect((await stored('diffed'))!.spec).toMatchObject({ maxCostUSD: '5.00' });
  });

  it('shows a whole new object for a file not yet applied', async () => {
    const res = await k.run(['diff', '-f', k.file('new.yaml', jobYaml('not-yet'))]);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('+  name: not-yet');
    expect(await stored('not-yet')).toBeUndefined();
  });
});
