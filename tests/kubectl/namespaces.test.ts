/**
 * Projects as namespaces from kubectl: create (kubectl sends protobuf), explain and delete (label and annotate are
 * in label-annotate.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { withKubectl } from './harness.ts';

const k = withKubectl({ controller: false });

describe('kubectl and namespaces', () => {
  it('creates a namespace, which becomes a project', async () => {
    const res = await k.run(['create', 'namespace', 'ns-created']);
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('namespace/ns-created created');
    expect((await k.api('GET', '/api/v1/namespaces/ns-created')).status).toBe(200);
  });

  it('explains namespaces from the published schema', async () => {
    const res = await k.run(['explain', 'namespaces']);
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('KIND:       Namespace');
    expect(res.stdout).toContain('A project');
  });

  it('creates a namespace from a manifest, validated by the server kubectl finds in OpenAPI', async () => {
    const path = k.file(
      'ns.yaml',
      'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ns-manifest\n  labels: {team: cv}\n',
    );
    const res = await k.run(['create', '-f', path, '--validate=strict']);
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('namespace/ns-manifest created');
    const bad = k.file('bad.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ns-bad\nspecc: {}\n');
    expect((await k.run(['create', '-f', bad, '--validate=strict'])).stderr).toContain('unknown field "specc"');
  });

  it('deletes a namespace', async () => {
    await k.api('POST', '/api/v1/namespaces', { metadata: { name: 'ns-deleted' } });
    const res = await k.run(['delete', 'namespace', 'ns-deleted', '--wait=true']);
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('namespace "ns-deleted" deleted');
    expect((await k.api('GET', '/api/v1/namespaces/ns-deleted')).status).toBe(404);
  });
});
