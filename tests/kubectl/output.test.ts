/**
 * The real kubectl printing what the mock lists, in each of its output formats (`-o json|name|jsonpath|
 * custom-columns|go-template`, `-L`, `--sort-by`, `--no-headers`), and paging through a list with `--chunk-size`.
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject, ObjectList } from '@/shared/protocol.ts';
import { rows, withKubectl } from './harness.ts';

// The controller is off, so the demo Jobs keep the phases and costs the assertions name.
const k = withKubectl({ controller: false });

/** The names the API lists, in its order (by project, then name). */
async function listed(path: string): Promise<string[]> {
  const res = await k.api<ObjectList>('GET', path);
  return res.body.items.map((o: NodusObject) => o.metadata.name!);
}

const DEFAULT_JOBS = '/apis/nodus.dev/v1/namespaces/default/jobs';

describe('kubectl get -o', () => {
  it('kubectl get jobs -o json prints a List of the whole objects', async () => {
    const res = await k.run(['get', 'jobs', '-o', 'json']);
    const list = JSON.parse(res.stdout) as { kind: string; items: NodusObject[] };
    expect(list.kind).toBe('List');
    expect(list.items.map((o) => o.metadata.name)).toEqual(await listed(DEFAULT_JOBS));
    expect(list.items.find((o) => o.metadata.name === 'train-a')).toMatchObject({
      apiVersion: 'nodus.dev/v1',
      kind: 'Job',
      spec: { maxCostUSD: '40.00' },
      status: { phase: 'Running' },
    });
  });

  it('kubectl get jobs -o name prints kind.group/name, one a line', async () => {
    const res = await k.run(['get', 'jobs', '-o', 'name']);
    expect(res.stdout.trimEnd().split('\n')).toEqual((await listed(DEFAULT_JOBS)).map((n) => `job.nodus.dev/${n}`));
  });

  it('kubectl get jobs -o jsonpath prints each name, and one field of one object', async () => {
    const [names, cap, each] = await Promise.all([
      k.run(['get', 'jobs', '-o', 'jsonpath={.items[*].metadata.name}']),
      k.run(['get', 'job', 'train-a', '-o', 'jsonpath={.spec.maxCostUSD}']),
      k.run(['get', 'jobs', '-o', 'jsonpath={range .items[*]}{.metadata.name}={.status.phase}{"\\n"}{end}']),
    ]);
    expect(names.stdout.split(' ')).toEqual(await listed(DEFAULT_JOBS));
    expect(cap.stdout).toBe('40.00');
    expect(each.stdout).toContain('train-a=Running\n');
    expect(each.stdout).toContain('hello-world=Succeeded\n');
  });

  it('kubectl get jobs -o custom-columns prints the columns asked for, from any field', async () => {
    const res = await k.run([
      'get',
      'jobs',
      '-o',
      'custom-columns=NAME:.metadata.name,MAX:.spec.maxCostUSD,PHASE:.status.phase,APP:.metadata.labels.app',
    ]);
    expect(res.stdout.split('\n')[0]).toMatch(/^NAME\s+MAX\s+PHASE\s+APP$/);
    expect(rows(res.stdout)).toContainEqual({ NAME: 'train-a', MAX: '40.00', PHASE: 'Running', APP: 'trainer' });
    // A field an object lacks prints <none>, as on a cluster.
    expect(rows(res.stdout)).toContainEqual(expect.objectContaining({ NAME: 'hello-world', APP: '<none>' }));
  });

  it('kubectl get jobs -o go-template ranges over the items', async () => {
    const template = '{{range .items}}{{.metadata.name}} {{.spec.image}}{{"\\n"}}{{end}}';
    const res = await k.run(['get', 'jobs', '-o', `go-template=${template}`]);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split(' ')[0])).toEqual(await listed(DEFAULT_JOBS));
    expect(lines).toContain('train-a nodus/pytorch:2.8-cuda12.8');
  });
});

describe('kubectl get, table options', () => {
  it('kubectl get jobs -L app adds the label as a column, empty where a Job has none', async () => {
    const res = await k.run(['get', 'jobs', '-L', 'app']);
    expect(res.stdout.split('\n')[0]).toMatch(/^NAME\s+PHASE\s+GPU\s+COST\s+AGE\s+APP$/);
    const table = rows(res.stdout);
    expect(table).toContainEqual(expect.objectContaining({ NAME: 'train-a', APP: 'trainer' }));
    expect(table).toContainEqual(expect.objectContaining({ NAME: 'hello-world', APP: '' }));
  });

  it('kubectl get jobs --sort-by orders the rows by a field, here the creation time', async () => {
    const res = await k.run(['get', 'jobs', '--sort-by=.metadata.creationTimestamp']);
    const jobs = (await k.api<ObjectList>('GET', DEFAULT_JOBS)).body.items;
    const oldestFirst = [...jobs]
      .sort((a, b) => Date.parse(a.metadata.creationTimestamp!) - Date.parse(b.metadata.creationTimestamp!))
      .map((o) => o.metadata.name);
    expect(oldestFirst).not.toEqual(jobs.map((o) => o.metadata.name));
    expect(rows(res.stdout).map((r) => r.NAME)).toEqual(oldestFirst);
  });

  it('kubectl get jobs --no-headers prints the rows alone', async () => {
    const res = await k.run(['get', 'jobs', '--no-headers']);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(await listed(DEFAULT_JOBS));
    expect(res.stdout).not.toContain('NAME');
  });
});

describe('kubectl get --chunk-size', () => {
  it('kubectl get jobs -A --chunk-size=2 asks page by page and prints every Job once', async () => {
    const all = await listed('/apis/nodus.dev/v1/jobs');
    expect(all.length).toBeGreaterThan(6);
    const [names, table] = await Promise.all([
      k.run(['get', 'jobs', '-A', '--chunk-size=2', '-o', 'name', '-v=6']),
      k.run(['get', 'jobs', '-A', '--chunk-size=2']),
    ]);
    // Each page is a request of its own: the first with limit=2, the rest with the continue token as well.
    const requests = names.stderr.match(/GET https:\/\/\S+\/apis\/nodus\.dev\/v1\/jobs\?\S*limit=2\S* 200 OK/g) ?? [];
    expect(requests).toHaveLength(Math.ceil(all.length / 2));
    expect(requests.slice(1).every((r) => r.includes('continue='))).toBe(true);
    expect(names.stdout.trimEnd().split('\n')).toEqual(all.map((n) => `job.nodus.dev/${n}`));
    // The table's pages join under one header.
    expect(table.stdout.match(/^NAMESPACE\s+NAME/gm)).toHaveLength(1);
    expect(rows(table.stdout).map((r) => r.NAME)).toEqual(all);
  });
});
