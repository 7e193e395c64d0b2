import { describe, expect, it } from 'vitest';
import { status, withMockApi } from './harness.ts';

const api = withMockApi({ release: 'abc1234' });

describe('auth', () => {
  it('answers 401 Unauthorized without the key and with a wrong one', async () => {
    for (const auth of [null, 'wrong-key']) {
      const res = await api.get('/apis/nodus.dev/v1/jobs', { auth });
      expect(res.status).toBe(401);
      expect(status(res).reason).toBe('Unauthorized');
      expect(status(res).fix).toContain('Authorization: Bearer');
    }
  });

  it('answers 403 Forbidden on writes to project nodus, but lets anyone read it', async () => {
    expect((await api.get('/apis/nodus.dev/v1/namespaces/nodus/images')).status).toBe(200);
    const res = await api.del('/apis/nodus.dev/v1/namespaces/nodus/images/pytorch-2-8-cuda12-8');
    expect(res.status).toBe(403);
    expect(status(res).reason).toBe('Forbidden');
  });
});

describe('health', () => {
  it('answers /healthz and /readyz with ready, release, degraded and failing', async () => {
    expect((await api.get('/healthz', { auth: null })).status).toBe(200);
    const ready = await api.get('/readyz', { auth: null });
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ready: true, release: 'abc1234', degraded: [], failing: null });
  });
});

describe('discovery and OpenAPI', () => {
  it('answers /api, /apis, /apis/nodus.dev/v1 and /version like a Kubernetes 1.32 server', async () => {
    expect((await api.get('/api')).body).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    const groups = await api.get<{ groups: { name: string; preferredVersion: { groupVersion: string } }[] }>('/apis');
    expect(groups.body.groups).toEqual([
      expect.objectContaining({
        name: 'nodus.dev',
        preferredVersion: expect.objectContaining({ groupVersion: 'nodus.dev/v1' }),
      }),
      expect.objectContaining({ name: 'usage.nodus.dev' }),
      expect.objectContaining({ name: 'events.k8s.io' }),
      expect.objectContaining({ name: 'authorization.k8s.io' }),
      expect.objectContaining({ name: 'authentication.k8s.io' }),
      expect.objectContaining({ name: 'iam.nodus.dev' }),
      expect.objectContaining({ name: 'rbac.authorization.k8s.io' }),
    ]);
    const resources = await api.get<{
      resources: { name: string; kind: string; namespaced: boolean; verbs: string[] }[];
    }>('/apis/nodus.dev/v1');
    const byName = Object.fromEntries(resources.body.resources.map((r) => [r.name, r]));
    for (const [plural, kind] of [
      ['jobs', 'Job'],
      ['sandboxes', 'Sandbox'],
      ['functions', 'Function'],
      ['volumes', 'Volume'],
      ['budgets', 'Budget'],
      ['pipelines', 'Pipeline'],
      ['images', 'Image'],
    ]) {
      expect(byName[plural!], plural).toMatchObject({ kind, namespaced: true });
    }
    expect(byName.jobs!.verbs).toEqual(
      expect.arrayContaining(['create', 'get', 'list', 'watch', 'patch', 'update', 'delete']),
    );
    expect(byName.images!.verbs).toEqual(['get', 'list', 'watch']);
    expect(byName['jobs/status']).toBeDefined();
    // kubectl get all lists what runs, as on a cluster; kubectl get nodus lists every kind.
    const all = resources.body.resources.filter((r) => (r as { categories?: string[] }).categories?.includes('all'));
    expect(all.map((r) => r.name).sort()).toEqual(['functions', 'jobs', 'pipelines', 'sandboxes']);
    expect((byName.volumes as { categories?: string[] }).categories).toEqual(['nodus']);
    const version = await api.get('/version', { auth: null });
    expect(version.body).toMatchObject({ major: '1', minor: '32' });
    const core = await api.get<{ resources: { name: string }[] }>('/api/v1');
    expect(core.body.resources.map((r) => r.name)).toContain('namespaces');
  });

  it('publishes OpenAPI v3 with a real schema per kind, its mutable fields and the group-version-kind', async () => {
    const index = await api.get<{ paths: Record<string, { serverRelativeURL: string }> }>('/openapi/v3');
    const url = index.body.paths['apis/nodus.dev/v1']!.serverRelativeURL;
    const doc = await api.get<{
      components: { schemas: Record<string, Record<string, unknown>> };
      paths: Record<string, unknown>;
    }>(url);
    expect(doc.status).toBe(200);
    const jobSchema = doc.body.components.schemas['dev.nodus.v1.Job'] as {
      properties: {
        spec: { required: string[]; properties: Record<string, { 'x-nodus-mutable'?: string; default?: unknown }> };
      };
      'x-kubernetes-group-version-kind': unknown;
      'x-nodus-mutable-fields': string[];
    };
    expect(jobSchema['x-kubernetes-group-version-kind']).toEqual([{ group: 'nodus.dev', version: 'v1', kind: 'Job' }]);
    expect(jobSchema.properties.spec.required).toEqual(['image']);
    expect(jobSchema.properties.spec.properties.state!['x-nodus-mutable']).toBe('any');
    expect(jobSchema.properties.spec.properties.maxCostUSD!['x-nodus-mutable']).toBe('raise-only');
    expect(jobSchema.properties.spec.properties.image!['x-nodus-mutable']).toBeUndefined();
    expect(jobSchema['x-nodus-mutable-fields']).toEqual(
      expect.arrayContaining(['spec.state', 'spec.maxCostUSD (raise only)']),
    );
    for (const kind of ['Sandbox', 'Function', 'Volume', 'Budget', 'Pipeline', 'Image']) {
      expect(doc.body.components.schemas[`dev.nodus.v1.${kind}`], kind).toBeDefined();
    }
    expect(doc.body.paths['/apis/nodus.dev/v1/namespaces/{namespace}/jobs/{name}']).toBeDefined();
  });
});
