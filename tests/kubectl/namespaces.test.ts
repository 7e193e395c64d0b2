/**
 * Projects as namespaces from kubectl: create (kubectl sends protobuf), label, annotate, explain and delete.
 */
import { describe, expect, it } from 'vitest';
import { withKubectl } from './harness.ts';

const k = withKubectl({ controller: false });

interface Project {
  metadata: { labels?: Record<string, string>; annotations?: Record<string, string> };
}

describe('kubectl and namespaces', () => {
  it('creates a namespace, which becomes a project', async () => {
    const res = await k.run(['create', 'namespace', 'ns-created']);
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('namespace/ns-created created');
    expect((await k.api('GET', '/api/v1/namespaces/ns-created')).status).toBe(200);
  });

  it('labels and annotates a namespace', async () => {
    await k.api('POST', '/api/v1/namespaces', { metadata: { name: 'ns-labelled' } });
    const label = await k.run(['label', 'namespace', 'ns-labelled', 'team=nlp']);
    expect(label.stderr).toBe('');
    expect(label.stdout).toContain('namespace/ns-labelled labeled');
    const annotate = await k.run(['annotate', 'namespace', 'ns-labelled', 'owner=ana']);
    expect(annotate.stdout).toContain('namespace/ns-labelled annotated');
    const { body } = await k.api<Project>('GET', '/api/v1/namespaces/ns-labelled');
    expect(body.metadata.labels?.team).toBe('nlp');
    expect(body.metadata.annotations?.owner).toBe('ana');
    const unlabel = await k.run(['label', 'namespace', 'ns-labelled', 'team-']);
    expect(unlabel.stdout).toContain('namespace/ns-labelled unlabeled');
    expect((await k.api<Project>('GET', '/api/v1/namespaces/ns-labelled')).body.metadata.labels?.team).toBeUndefined();
  });

  it('refuses to label the read-only project nodus', async () => {
    const res = await k.run(['label', 'namespace', 'nodus', 'team=nlp']);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('read-only');
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
