/**
 * The real kubectl's other writes: `patch --type=json` (RFC 6902), `replace` (a PUT of the whole object) and
 * `replace --force` (delete, then create).
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { jobYaml, withKubectl } from './harness.ts';

const k = withKubectl();

const JOBS = '/apis/nodus.dev/v1/namespaces/default/jobs';

describe('kubectl patch --type=json', () => {
  it('applies a JSON Patch and shows a failed test', async () => {
    expect((await k.run(['apply', '-f', k.file('jp.yaml', jobYaml('jp'))])).code).toBe(0);
    const ops = JSON.stringify([{ op: 'add', path: '/metadata/labels/team', value: 'ml' }]);
    const res = await k.run(['patch', 'job.nodus.dev', 'jp', '--type=json', '-p', ops]);
    expect(res.stdout.trim()).toBe('job.nodus.dev/jp patched');
    const stored = await k.api<NodusObject>('GET', `${JOBS}/jp`);
    expect(stored.body.metadata.labels).toMatchObject({ team: 'ml' });
    const failed = await k.run([
      'patch',
      'job.nodus.dev',
      'jp',
      '--type=json',
      '-p',
      '[{"op":"test","path":"/metadata/labels/team","value":"web"}]',
    ]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('test failed');
  });
});

describe('kubectl replace', () => {
  it('kubectl replace -f stores the whole file, a spec change and a label left out', async () => {
    // Suspended, and replaced once the controller has said so: kubectl sends the version it has just read, and a
    // running Job's status (its cost) changes every few seconds, which would make the replace a Conflict.
    const held = { state: 'Suspended' };
    const applied = await k.run([
      'apply',
      '-f',
      k.file('rp.yaml', jobYaml('rp', { ...held, labels: { tier: 'gold' } })),
    ]);
    expect(applied.code).toBe(0);
    await expect
      .poll(async () => (await k.api<NodusObject>('GET', `${JOBS}/rp`)).body.status?.phase, { timeout: 10_000 })
      .toBe('Suspended');
    // The manifest as a person keeps it: no resourceVersion, so kubectl sends the live one.
    const res = await k.run(['replace', '-f', k.file('rp.yaml', jobYaml('rp', { ...held, maxCostUSD: '6.00' }))]);
    expect(res).toMatchObject({ code: 0, stdout: 'job.nodus.dev/rp replaced\n' });
    const after = (await k.api<NodusObject>('GET', `${JOBS}/rp`)).body;
    expect(after.spec).toMatchObject({ maxCostUSD: '6.00' });
    expect(after.metadata.labels).not.toHaveProperty('tier');
    expect(after.metadata.labels).toMatchObject({ 'nodus.dev/created-by': 'demo-user' });
  });

  it('kubectl replace of what get -o yaml printed is refused with Conflict once someone else wrote', async () => {
    expect((await k.run(['apply', '-f', k.file('stale.yaml', jobYaml('stale'))])).code).toBe(0);
    const printed = (await k.run(['get', 'job.nodus.dev', 'stale', '-o', 'yaml'])).stdout;
    await k.api('PATCH', `${JOBS}/stale`, { metadata: { labels: { by: 'someone-else' } } });
    const live = k.file('stale-live.yaml', printed.replace('"5.00"', '"6.00"'));
    const res = await k.run(['replace', '-f', live]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      `Error from server (Conflict): error when replacing "${live}": Operation cannot be fulfilled on jobs.nodus.dev "stale": the object has been modified`,
    );
    expect((await k.api<NodusObject>('GET', `${JOBS}/stale`)).body.spec).toMatchObject({ maxCostUSD: '5.00' });
  });
});

describe('kubectl replace --force', () => {
  it('deletes and creates again from what kubectl get -o yaml printed, server-set labels and all', async () => {
    expect((await k.run(['apply', '-f', k.file('rf.yaml', jobYaml('rf'))])).code).toBe(0);
    const before = (await k.api<NodusObject>('GET', `${JOBS}/rf`)).body;
    const printed = await k.run(['get', 'job.nodus.dev', 'rf', '-o', 'yaml']);
    const res = await k.run(['replace', '--force', '-f', k.file('rf-live.yaml', printed.stdout)]);
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('job.nodus.dev/rf replaced');
    const after = await k.api<NodusObject>('GET', `${JOBS}/rf`);
    expect(after.status).toBe(200);
    expect(after.body.metadata.uid).not.toBe(before.metadata.uid);
    expect(after.body.metadata.labels).toMatchObject({ 'nodus.dev/created-by': 'demo-user' });
  });
});
