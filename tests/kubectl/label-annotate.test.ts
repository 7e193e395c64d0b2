/**
 * `kubectl label` and `kubectl annotate` on a Nodus object and on a project (a namespace): adding, the refusal to
 * change a key without `--overwrite`, `--overwrite`, and removal with `key-`; and the keys the server keeps.
 */
import { describe, expect, it } from 'vitest';
import type { ObjectMeta } from '@/shared/protocol.ts';
import { withKubectl } from './harness.ts';

const k = withKubectl({ controller: false });

interface Target {
  what: string;
  /** How kubectl names it, and prints it before " labeled". */
  resource: string;
  /** A short word for the test objects' names. */
  short: string;
  create: (name: string) => Promise<void>;
  path: (name: string) => string;
}

const TARGETS: Target[] = [
  {
    what: 'a Job',
    resource: 'job.nodus.dev',
    short: 'job',
    create: async (name) => {
      const res = await k.api('POST', '/apis/nodus.dev/v1/namespaces/default/jobs', {
        metadata: { name },
        spec: { image: 'nodus/python:3.12', maxCostUSD: '5.00' },
      });
      expect(res.status).toBe(201);
    },
    path: (name) => `/apis/nodus.dev/v1/namespaces/default/jobs/${name}`,
  },
  {
    what: 'a project',
    resource: 'namespace',
    short: 'ns',
    create: async (name) => {
      expect((await k.api('POST', '/api/v1/namespaces', { metadata: { name } })).status).toBe(201);
    },
    path: (name) => `/api/v1/namespaces/${name}`,
  },
];

async function metadata(target: Target, name: string): Promise<ObjectMeta> {
  return (await k.api<{ metadata: ObjectMeta }>('GET', target.path(name))).body.metadata;
}

describe.each(TARGETS)('kubectl label and annotate on $what', (target) => {
  const ref = (name: string) => `${target.resource}/${name}`;

  it('kubectl label adds a label, and removes it with key-', async () => {
    const name = `lbl-${target.short}`;
    await target.create(name);
    const added = await k.run(['label', ref(name), 'team=nlp']);
    expect(added).toMatchObject({ code: 0, stdout: `${ref(name)} labeled\n` });
    expect((await metadata(target, name)).labels).toMatchObject({ team: 'nlp' });
    const removed = await k.run(['label', ref(name), 'team-']);
    expect(removed.stdout).toBe(`${ref(name)} unlabeled\n`);
    expect((await metadata(target, name)).labels).not.toHaveProperty('team');
  });

  it('kubectl label refuses to change a label without --overwrite, and changes it with it', async () => {
    const name = `relbl-${target.short}`;
    await target.create(name);
    expect((await k.run(['label', ref(name), 'tier=gold'])).code).toBe(0);
    const refused = await k.run(['label', ref(name), 'tier=silver']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("'tier' already has a value (gold), and --overwrite is false");
    expect((await metadata(target, name)).labels).toMatchObject({ tier: 'gold' });
    const overwritten = await k.run(['label', ref(name), 'tier=silver', '--overwrite']);
    expect(overwritten.stdout).toBe(`${ref(name)} labeled\n`);
    expect((await metadata(target, name)).labels).toMatchObject({ tier: 'silver' });
  });

  it('kubectl annotate adds, refuses a change without --overwrite, overwrites, and removes with key-', async () => {
    const name = `ann-${target.short}`;
    await target.create(name);
    const added = await k.run(['annotate', ref(name), 'owner=ana', 'ticket=OPS-1']);
    expect(added.stdout).toBe(`${ref(name)} annotated\n`);
    const refused = await k.run(['annotate', ref(name), 'owner=bo']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("'owner' already has a value (ana)");
    expect((await k.run(['annotate', ref(name), 'owner=bo', '--overwrite'])).code).toBe(0);
    expect((await metadata(target, name)).annotations).toMatchObject({ owner: 'bo', ticket: 'OPS-1' });
    expect((await k.run(['annotate', ref(name), 'ticket-'])).stdout).toBe(`${ref(name)} annotated\n`);
    expect((await metadata(target, name)).annotations).not.toHaveProperty('ticket');
  });
});

describe('labels the server keeps', () => {
  it("kubectl label --overwrite of a Nodus label on a Job shows the server's refusal", async () => {
    await TARGETS[0]!.create('owned-labels');
    const res = await k.run(['label', 'job/owned-labels', 'nodus.dev/created-by=someone', '--overwrite']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('"nodus.dev/created-by" is set by Nodus and cannot be changed');
  });

  it("kubectl label --overwrite of a project's kubernetes.io/metadata.name keeps the project's name, as on a cluster", async () => {
    await TARGETS[1]!.create('ns-named');
    expect((await k.run(['label', 'namespace/ns-named', 'kubernetes.io/metadata.name=x', '--overwrite'])).code).toBe(0);
    expect((await metadata(TARGETS[1]!, 'ns-named')).labels).toMatchObject({
      'kubernetes.io/metadata.name': 'ns-named',
    });
  });

  it('kubectl label of the read-only project nodus is refused', async () => {
    const res = await k.run(['label', 'namespace', 'nodus', 'team=nlp']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Error from server (Forbidden): project "nodus" is read-only');
  });
});
