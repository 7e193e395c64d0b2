/**
 * The real kubectl's other writes: `patch --type=json` (RFC 6902) and `replace --force` (delete, then create).
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { jobYaml, withKubectl } from './harness.ts';

const k = withKubectl({ controller: false });

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
