/**
 * Projects as namespaces the way kubectl writes them: a protobuf create, merge and strategic merge patches of
 * labels and annotations, and the Namespace in /openapi/v3/api/v1.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type NodusObject } from '@/shared/protocol.ts';
import { status, withMockApi } from './harness.ts';

const api = withMockApi();
const NS = '/api/v1/namespaces';

/** A length-delimited protobuf field (lengths here stay under 128, so one byte each). */
function field(number: number, value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value) : value;
  return Buffer.concat([Buffer.from([(number << 3) | 2, bytes.length]), bytes]);
}

/** What kubectl sends for `kubectl create namespace`: magic, then runtime.Unknown{typeMeta, raw: Namespace}. */
function protobufNamespace(name: string, labels: Record<string, string> = {}): Buffer {
  const entries = Object.entries(labels).map(([k, v]) => field(11, Buffer.concat([field(1, k), field(2, v)])));
  const meta = Buffer.concat([field(1, name), ...entries]);
  const namespace = Buffer.concat([field(1, meta), field(2, Buffer.alloc(0))]);
  const typeMeta = Buffer.concat([field(1, 'v1'), field(2, 'Namespace')]);
  return Buffer.concat([Buffer.from('k8s\0'), field(1, typeMeta), field(2, namespace)]);
}

async function postProtobuf(body: Buffer): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(api.url(NS), {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${DEMO_API_KEY}`,
      'Content-Type': 'application/vnd.kubernetes.protobuf',
      Accept: 'application/vnd.kubernetes.protobuf, */*',
    },
    body: new Uint8Array(body),
  });
  expect(res.headers.get('content-type')).toContain('application/json');
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('projects written as kubectl writes namespaces', () => {
  it('creates a project from a protobuf Namespace and answers in JSON', async () => {
    const res = await postProtobuf(protobufNamespace('from-proto', { team: 'nlp' }));
    expect(res.status).toBe(201);
    expect((res.body as unknown as NodusObject).metadata.labels).toMatchObject({ team: 'nlp' });
    expect((await api.get(`${NS}/from-proto`)).status).toBe(200);
  });

  it('refuses a protobuf body without the magic bytes, saying what to send', async () => {
    const res = await postProtobuf(Buffer.from('{"metadata":{"name":"x"}}'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'BadRequest', message: expect.stringContaining('magic bytes') });
    expect(res.body.fix).toContain('application/json');
    expect(res.body.requestId).toBeTruthy();
  });

  it('refuses a protobuf body cut off in the middle', async () => {
    const whole = protobufNamespace('cut-off');
    const res = await postProtobuf(whole.subarray(0, whole.length - 3));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('runs past the end');
  });

  it('merges labels and annotations from a merge patch, and null removes one', async () => {
    await api.post(NS, { metadata: { name: 'patched', labels: { a: '1' } } });
    const res = await api.patch<NodusObject>(`${NS}/patched`, {
      metadata: { labels: { b: '2' }, annotations: { n: 'x' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.metadata.labels).toMatchObject({ a: '1', b: '2', 'kubernetes.io/metadata.name': 'patched' });
    expect(res.body.metadata.annotations).toEqual({ n: 'x' });
    const removed = await api.patch<NodusObject>(`${NS}/patched`, { metadata: { labels: { a: null } } });
    expect(removed.body.metadata.labels?.a).toBeUndefined();
  });

  it('takes a strategic merge patch (what kubectl label sends) like a merge patch', async () => {
    await api.post(NS, { metadata: { name: 'strategic' } });
    const contentType = 'application/strategic-merge-patch+json';
    const res = await api.patch<NodusObject>(`${NS}/strategic`, { metadata: { labels: { t: 'v' } } }, { contentType });
    expect(res.status).toBe(200);
    expect(res.body.metadata.labels?.t).toBe('v');
  });

  it('refuses a patch of anything but labels and annotations, naming the field', async () => {
    await api.post(NS, { metadata: { name: 'stray' } });
    const res = await api.patch(`${NS}/stray`, { spec: { finalizers: [] } });
    expect(res.status).toBe(422);
    expect(status(res).details?.causes?.[0]).toMatchObject({ field: 'spec', reason: 'FieldValueForbidden' });
  });

  it('applies the metadata rules of objects to a patch: no keys under nodus.dev/', async () => {
    await api.post(NS, { metadata: { name: 'reserved' } });
    const res = await api.patch(`${NS}/reserved`, { metadata: { labels: { 'nodus.dev/x': 'y' } } });
    expect(res.status).toBe(422);
    expect(status(res).details?.causes?.[0]?.reason).toBe('FieldValueForbidden');
  });

  it('refuses a stale resourceVersion in a patch with Conflict', async () => {
    await api.post(NS, { metadata: { name: 'stale' } });
    const res = await api.patch(`${NS}/stale`, { metadata: { resourceVersion: '1', labels: { a: 'b' } } });
    expect(res.status).toBe(409);
    expect(status(res).fix).toContain('Read the project again');
  });

  it('refuses to patch the read-only project nodus', async () => {
    const res = await api.patch(`${NS}/nodus`, { metadata: { labels: { a: 'b' } } });
    expect(res.status).toBe(403);
    expect(status(res).reason).toBe('Forbidden');
  });

  it('refuses a JSON patch with 415 naming the patch types it takes', async () => {
    const res = await api.patch(`${NS}/default`, [], { contentType: 'application/json-patch+json' });
    expect(res.status).toBe(415);
    expect(status(res).message).toContain('application/strategic-merge-patch+json');
  });

  it('refuses unknown top-level fields in a create under fieldValidation=Strict', async () => {
    const res = await api.post(`${NS}?fieldValidation=Strict`, { metadata: { name: 'typo' }, specc: {} });
    expect(res.status).toBe(422);
    expect(status(res).details?.causes?.[0]).toMatchObject({ field: 'specc', reason: 'FieldValueUnknown' });
  });

  it('publishes the Namespace schema and its paths in /openapi/v3/api/v1', async () => {
    const res = await api.get<{ paths: Record<string, Record<string, unknown>>; components: { schemas: object } }>(
      '/openapi/v3/api/v1',
    );
    const namespacePaths = Object.keys(res.body.paths).filter((p) => !p.includes('/events'));
    expect(namespacePaths).toEqual(['/api/v1/namespaces', '/api/v1/namespaces/{name}']);
    expect(Object.keys(res.body.paths['/api/v1/namespaces/{name}']!)).toContain('patch');
    expect(res.body.components.schemas).toHaveProperty('io.k8s.api.core.v1.Namespace');
  });

  it('lists patch among the verbs of namespaces in discovery', async () => {
    const res = await api.get<{ resources: { name: string; verbs: string[] }[] }>('/api/v1');
    expect(res.body.resources.find((r) => r.name === 'namespaces')?.verbs).toContain('patch');
  });
});

describe('a project being deleted', () => {
  const BUDGETS = '/apis/nodus.dev/v1/namespaces/closing/budgets';
  const held = (name: string) => ({
    metadata: { name, finalizers: ['example.com/export'] },
    spec: { limitUSD: '100.00' },
  });

  it('refuses creates only: what is in it can still be changed, released and deleted, so that it can go', async () => {
    expect((await api.post(NS, { metadata: { name: 'closing' } })).status).toBe(201);
    for (const name of ['a', 'b', 'c']) expect((await api.post(BUDGETS, held(name))).status).toBe(201);
    const binding = {
      metadata: { name: 'lee-viewer' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'nodus:viewer' },
      subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'lee' }],
    };
    const BINDINGS = '/apis/rbac.authorization.k8s.io/v1/namespaces/closing/rolebindings';
    expect((await api.post(BINDINGS, binding)).status).toBe(201);
    expect((await api.del(`${NS}/closing`)).status).toBe(200);
    expect((await api.get<NodusObject>(`${NS}/closing`)).body.status?.phase).toBe('Terminating');

    const created = await api.post(BUDGETS, { metadata: { name: 'new' }, spec: { limitUSD: '1.00' } });
    expect(created.status).toBe(403);
    expect(status(created).message).toBe('project "closing" is being deleted; nothing new can be created in it');
    const applied = await api.call('PATCH', `${BUDGETS}/applied?fieldManager=test`, {
      raw: JSON.stringify({
        apiVersion: 'nodus.dev/v1',
        kind: 'Budget',
        metadata: { name: 'applied' },
        spec: { limitUSD: '1.00' },
      }),
      contentType: 'application/apply-patch+yaml',
    });
    expect(applied.status).toBe(403);
    expect((await api.post(BINDINGS, { ...binding, metadata: { name: 'other' } })).status).toBe(403);

    // Taking a finalizer off, by merge patch and by PUT, and changing labels are updates, not creates.
    const a = await api.patch<NodusObject>(`${BUDGETS}/a`, { metadata: { finalizers: null } });
    expect(a.status).toBe(200);
    const b = (await api.get<NodusObject>(`${BUDGETS}/b`)).body;
    const labelled = await api.put<NodusObject>(`${BUDGETS}/b`, {
      ...b,
      metadata: { ...b.metadata, labels: { team: 'closing' } },
    });
    expect(labelled.status).toBe(200);
    expect(labelled.body.metadata.labels).toMatchObject({ team: 'closing' });
    const released = await api.put(`${BUDGETS}/b`, {
      ...labelled.body,
      metadata: { ...labelled.body.metadata, finalizers: [] },
    });
    expect(released.status).toBe(200);
    expect((await api.patch(`${BINDINGS}/lee-viewer`, { metadata: { labels: { kept: 'no' } } })).status).toBe(200);
    expect((await api.del(`${BINDINGS}/lee-viewer`)).status).toBe(200);
    expect((await api.del(`${BUDGETS}/c`)).status).toBe(200);
    expect((await api.patch(`${BUDGETS}/c`, { metadata: { finalizers: null } })).status).toBe(200);
    await expect.poll(async () => (await api.get(`${NS}/closing`)).status, { timeout: 10_000 }).toBe(404);
  });

  it('goes, with 20,000 seeded Jobs in it: each posts its final charge and leaves', async () => {
    const seeded = await api.post('/_mock/seed', { project: 'crowded', kind: 'Job', count: 20_000 });
    expect(seeded.status).toBe(201);
    const deleted = await api.del<NodusObject>(`${NS}/crowded`);
    expect(deleted.status).toBe(200);
    await expect.poll(async () => (await api.get(`${NS}/crowded`)).status, { timeout: 30_000 }).toBe(404);
    expect((await api.get('/apis/nodus.dev/v1/namespaces/crowded/jobs')).status).toBe(404);
  }, 60_000);
});
