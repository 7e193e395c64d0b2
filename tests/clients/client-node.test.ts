/**
 * @kubernetes/client-node 1.x against the mock over TLS: CustomObjectsApi's verbs, an informer that follows adds,
 * updates and deletes and resumes across dropped watches, and KubernetesObjectApi for a nodus.dev kind.
 */
import {
  ApiException,
  CustomObjectsApi,
  KubeConfig,
  KubernetesObjectApi,
  PatchStrategy,
  makeInformer,
  setHeaderOptions,
  type KubernetesListObject,
  type KubernetesObject,
} from '@kubernetes/client-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import { withClients } from './harness.ts';

const clients = withClients();
const JOBS_PATH = '/apis/nodus.dev/v1/namespaces/default/jobs';
const where = { group: 'nodus.dev', version: 'v1', namespace: 'default', plural: 'jobs' };

interface Job extends KubernetesObject {
  spec?: Record<string, unknown>;
}

function job(name: string, labels: Record<string, string> = {}): Job {
  return {
    apiVersion: 'nodus.dev/v1',
    kind: 'Job',
    metadata: { name, namespace: 'default', labels },
    spec: { image: 'nodus/pytorch:2.8-cuda12.8', command: ['python', 'train.py'], maxCostUSD: '40.00' },
  };
}

/**
 * KubernetesObjectApi serialises a body through the model named `<Version><Kind>`, so a nodus.dev/v1 Job goes
 * through batch/v1's V1Job and loses its spec: a fault of the client, which knows no group. Our kinds have no
 * models, so they are sent as plain objects.
 */
class NodusObjectApi extends KubernetesObjectApi {
  protected override async getSerializationType(apiVersion?: string, kind?: string): Promise<string> {
    return apiVersion?.includes('nodus.dev/') ? 'KubernetesObject' : super.getSerializationType(apiVersion, kind);
  }
}

let kc: KubeConfig;
let api: CustomObjectsApi;
beforeAll(() => {
  kc = new KubeConfig();
  kc.loadFromFile(clients.kubeconfig());
  api = kc.makeApiClient(CustomObjectsApi);
});

/** The HTTP status a read answers now: 200, or the ApiException's code. */
async function readStatus(name: string): Promise<number> {
  try {
    await api.getNamespacedCustomObject({ ...where, name });
    return 200;
  } catch (error) {
    if (error instanceof ApiException) return error.code;
    throw error;
  }
}

async function mockControl(method: string, path: string, body?: unknown): Promise<number> {
  const res = await fetch(`${clients.server().url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${DEMO_API_KEY}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await res.text();
  return res.status;
}

describe('client-node CustomObjectsApi', () => {
  it('creates, gets, lists, merge-patches and deletes a Job', async () => {
    const made = (await api.createNamespacedCustomObject({
      ...where,
      body: job('node-custom', { suite: 'nc' }),
    })) as Job;
    expect(made.metadata?.uid).toEqual(expect.any(String));
    const got = (await api.getNamespacedCustomObject({ ...where, name: 'node-custom' })) as Job;
    expect(got.spec?.maxCostUSD).toBe('40.00');
    const listed = (await api.listNamespacedCustomObject({
      ...where,
      labelSelector: 'suite=nc',
    })) as KubernetesListObject<Job>;
    expect(listed.items.map((item) => item.metadata?.name)).toEqual(['node-custom']);
    const patched = (await api.patchNamespacedCustomObject(
      { ...where, name: 'node-custom', body: { metadata: { labels: { patched: 'yes' } } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    )) as Job;
    expect(patched.metadata?.labels).toMatchObject({ suite: 'nc', patched: 'yes' });
    await api.deleteNamespacedCustomObject({ ...where, name: 'node-custom' });
    await expect.poll(() => readStatus('node-custom'), { timeout: 10_000 }).toBe(404);
  });

  it('surfaces a 422 as an ApiException carrying the Status', async () => {
    const bad = job('node-invalid');
    bad.spec!.maxCostUSD = 'lots';
    const refused = await api.createNamespacedCustomObject({ ...where, body: bad }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiException);
    const body = JSON.parse((refused as ApiException<string>).body) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'Status', code: 422, reason: 'Invalid', requestId: expect.any(String) });
  });
});

describe('client-node informer', () => {
  it('sees add, update and delete, and resumes across dropped watches without listing again', async () => {
    let lists = 0;
    const list = async (): Promise<KubernetesListObject<Job>> => {
      lists++;
      return (await api.listNamespacedCustomObject({
        ...where,
        labelSelector: 'suite=ni',
      })) as KubernetesListObject<Job>;
    };
    const informer = makeInformer<Job>(kc, JOBS_PATH, list, 'suite=ni');
    const seen: string[] = [];
    const errors: unknown[] = [];
    informer.on('add', (obj) => seen.push(`add ${obj.metadata?.name}`));
    informer.on('update', (obj) => seen.push(`update ${obj.metadata?.name} ${obj.metadata?.labels?.step ?? ''}`));
    informer.on('delete', (obj) => seen.push(`delete ${obj.metadata?.name}`));
    // A watch cut off mid-stream is an error to this client, and its informer stops; started again, it watches
    // from the last resourceVersion it saw (it lists again only after a 410).
    informer.on('error', (error) => {
      errors.push(error);
      void informer.start();
    });
    await informer.start();
    try {
      expect(await mockControl('POST', '/_mock/faults', { dropWatchAfterEvents: 1 })).toBe(200);
      await api.createNamespacedCustomObject({ ...where, body: job('node-informed', { suite: 'ni' }) });
      await expect.poll(() => seen).toContain('add node-informed');
      await api.patchNamespacedCustomObject(
        { ...where, name: 'node-informed', body: { metadata: { labels: { step: 'two' } } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      await expect.poll(() => seen).toContain('update node-informed two');
      await api.createNamespacedCustomObject({ ...where, body: job('node-informed-2', { suite: 'ni' }) });
      await expect.poll(() => seen).toContain('add node-informed-2');
      await api.deleteNamespacedCustomObject({ ...where, name: 'node-informed' });
      await expect.poll(() => seen, { timeout: 10_000 }).toContain('delete node-informed');
      expect(errors.length).toBeGreaterThan(0);
      expect(lists).toBe(1);
    } finally {
      await mockControl('DELETE', '/_mock/faults');
      await informer.stop();
    }
  });
});

describe('client-node KubernetesObjectApi', () => {
  it('the stock client sends a nodus.dev Job through batch/v1 and loses its spec', async () => {
    const stock = KubernetesObjectApi.makeApiClient(kc);
    const refused = await stock.create(job('node-stock')).catch((error: unknown) => error);
    expect((refused as ApiException<string>).code).toBe(422);
  });

  it('creates, reads, merge-patches and deletes a Job when sent as a plain object', async () => {
    // makeApiClient is static and builds the stock class, so the subclass is built the way it does.
    const objects = kc.makeApiClient(NodusObjectApi);
    const made = await objects.create(job('node-objects'));
    expect(made.spec?.image).toBe('nodus/pytorch:2.8-cuda12.8');
    const read = await objects.read({
      apiVersion: 'nodus.dev/v1',
      kind: 'Job',
      metadata: { name: 'node-objects', namespace: 'default' },
    });
    expect(read.metadata?.uid).toBe(made.metadata?.uid);
    const patch = {
      apiVersion: 'nodus.dev/v1',
      kind: 'Job',
      metadata: { name: 'node-objects', namespace: 'default', labels: { patched: 'yes' } },
    };
    const patched = await objects.patch(patch, undefined, undefined, undefined, undefined, PatchStrategy.MergePatch);
    expect(patched.metadata?.labels?.patched).toBe('yes');
    await objects.delete(patch);
    await expect.poll(() => readStatus('node-objects'), { timeout: 10_000 }).toBe(404);
  });
});
