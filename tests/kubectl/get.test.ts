/**
 * The real kubectl reading from the mock: `get` with its filters and outputs, `get -w`, `get --raw`, and the
 * discovery it needs first (`api-resources`, `explain`, `version`).
 */
import { describe, expect, it } from 'vitest';
import { jobYaml, rows, withKubectl } from './harness.ts';

// The controller is off in this file, so the demo objects keep the phases the assertions name.
const k = withKubectl({ controller: false });

describe('kubectl get', () => {
  it("prints the kind's columns and Age, computed by the server", async () => {
    const res = await k.run(['get', 'jobs']);
    expect(res.stderr).toBe('');
    expect(res.stdout.split('\n')[0]).toMatch(/^NAME\s+PHASE\s+GPU\s+COST\s+AGE$/);
    expect(rows(res.stdout)).toContainEqual({ NAME: 'train-a', PHASE: 'Running', GPU: '', COST: '3.12', AGE: '42m' });
    const wide = await k.run(['get', 'jobs', '-o', 'wide']);
    expect(wide.stdout.split('\n')[0]).toMatch(/^NAME\s+PHASE\s+GPU\s+GPUS\s+COST\s+MAX\s+STATE\s+AGE$/);
  });

  it('lists every project with -A, filters with -l and --field-selector', async () => {
    const all = rows((await k.run(['get', 'jobs.nodus.dev', '-A'])).stdout);
    expect(all).toContainEqual(
      expect.objectContaining({ NAMESPACE: 'nlp', NAME: 'finetune-llama', PHASE: 'Running', GPU: 'H100' }),
    );
    expect(new Set(all.map((r) => r.NAMESPACE))).toEqual(new Set(['default', 'nlp', 'vision']));
    const labelled = rows((await k.run(['get', 'jobs', '-A', '-l', 'app=trainer,team!=vision'])).stdout)
      .map((r) => r.NAME)
      .sort();
    expect(labelled).toEqual(['distill-7b', 'finetune-llama', 'train-a']);
    const running = rows((await k.run(['get', 'jobs', '-A', '--field-selector', 'status.phase=Running'])).stdout);
    expect(running.length).toBeGreaterThan(0);
    expect(running.every((r) => r.PHASE === 'Running')).toBe(true);
    const none = await k.run(['get', 'jobs', '-n', 'nlp', '--field-selector', 'metadata.name=nope']);
    expect(none.stderr).toContain('No resources found in nlp namespace.');
  });

  it('prints objects with -o yaml, labels with --show-labels, and projects as namespaces', async () => {
    const yaml = await k.run(['get', 'job', 'train-a', '-o', 'yaml']);
    expect(yaml.stdout).toMatch(/^apiVersion: nodus\.dev\/v1\nkind: Job\n/);
    expect(yaml.stdout).toContain('maxCostUSD: "40.00"');
    expect(yaml.stdout).toContain('phase: Running');
    const labels = await k.run(['get', 'job', 'train-a', '--show-labels']);
    expect(labels.stdout).toContain('app=trainer');
    const ns = rows((await k.run(['get', 'namespaces'])).stdout);
    expect(ns).toContainEqual(expect.objectContaining({ NAME: 'nodus', STATUS: 'Active' }));
  });

  it('follows changes with -w and quits when the server closes the stream', async () => {
    const watch = k.start(['get', 'jobs', '-w']);
    try {
      await watch.printed(/train-a\s+Running/);
      await k.api('POST', '/apis/nodus.dev/v1/namespaces/default/jobs', {
        apiVersion: 'nodus.dev/v1',
        kind: 'Job',
        metadata: { name: 'watched' },
        spec: { image: 'nodus/python:3.12' },
      });
      await watch.printed(/watched\s+Queued/);
      await k.api('PATCH', '/apis/nodus.dev/v1/namespaces/default/jobs/watched', { spec: { state: 'Suspended' } });
      await watch.printed(/watched\s+Suspended/);
      // The header is printed once: later events carry no column definitions.
      expect(watch.output().match(/^NAME/gm)).toHaveLength(1);
      for (const close of [...k.server().state.watchers]) close();
      expect(await watch.exited).toBe(0);
    } finally {
      watch.child.kill();
    }
  });

  it('kubectl get -w --output-watch-events prints ADDED, MODIFIED and DELETED as they happen', async () => {
    // Budgets carry no finalizer, so a delete ends in DELETED with the controller off.
    const budgets = '/apis/nodus.dev/v1/namespaces/default/budgets';
    const watch = k.start(['get', 'budgets', '-w', '--output-watch-events']);
    try {
      await watch.printed(/^EVENT\s+NAME\s+PHASE\s+LIMIT\s+SPENT\s+PERIOD\s+AGE\n/m);
      await watch.printed(/^ADDED\s+monthly\s+Active\s/m);
      await k.api('POST', budgets, { metadata: { name: 'watched' }, spec: { limitUSD: '10.00' } });
      await watch.printed(/^ADDED\s+watched\s+Active\s+10\.00\s/m);
      await k.api('PATCH', `${budgets}/watched`, { spec: { limitUSD: '20.00' } });
      await watch.printed(/^MODIFIED\s+watched\s+Active\s+20\.00\s/m);
      await k.api('DELETE', `${budgets}/watched`);
      await watch.printed(/^DELETED\s+watched\s/m);
    } finally {
      watch.child.kill();
    }
  });

  it('reads a log path with get --raw', async () => {
    const res = await k.run(['get', '--raw', '/apis/nodus.dev/v1/namespaces/default/jobs/hello-world/log?tailLines=2']);
    expect(res.code).toBe(0);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('hello-world succeeded');
  });

  it("reads an object path with get --raw, and shows the server's Status on a bad one", async () => {
    const res = await k.run(['get', '--raw', '/apis/nodus.dev/v1/namespaces/default/jobs/train-a']);
    expect(JSON.parse(res.stdout)).toMatchObject({ kind: 'Job', metadata: { name: 'train-a' } });
    const missing = await k.run(['get', 'job', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Error from server (NotFound): Job "nope" not found in project "default"');
  });
});

describe('discovery for kubectl', () => {
  it('api-resources lists the Nodus kinds from aggregated discovery alone', async () => {
    const res = await k.run(['api-resources', '-v=6']);
    const table = rows(res.stdout);
    expect(table).toContainEqual({
      NAME: 'jobs',
      SHORTNAMES: 'nj',
      APIVERSION: 'nodus.dev/v1',
      NAMESPACED: 'true',
      KIND: 'Job',
    });
    expect(table).toContainEqual({
      NAME: 'namespaces',
      SHORTNAMES: 'ns',
      APIVERSION: 'v1',
      NAMESPACED: 'false',
      KIND: 'Namespace',
    });
    expect(table.map((r) => r.KIND)).toEqual(
      expect.arrayContaining(['Sandbox', 'Function', 'Volume', 'Budget', 'Pipeline', 'Image']),
    );
    // One request for /api and one for /apis: no per-group-version round trips, as with legacy discovery.
    expect(res.stderr).toMatch(/https:\/\/127\.0\.0\.1:\d+\/apis\?timeout=32s/);
    expect(res.stderr).not.toContain('/apis/nodus.dev/v1?');
  });

  it("api-resources -o wide lists each kind's verbs and categories, and get all lists the kinds that run", async () => {
    const [wide, all] = await Promise.all([k.run(['api-resources', '-o', 'wide']), k.run(['get', 'all'])]);
    const table = Object.fromEntries(rows(wide.stdout).map((r) => [r.NAME, r]));
    expect(table.jobs!.VERBS!.split(',')).toEqual(
      expect.arrayContaining(['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
    );
    expect(table.images).toMatchObject({ VERBS: 'get,list,watch', CATEGORIES: 'nodus' });
    expect(table.jobs!.CATEGORIES).toBe('nodus,all');
    expect(table.volumes!.CATEGORIES).toBe('nodus');
    // kubectl expands "all" from the categories in discovery: Jobs and Sandboxes, not Volumes or Budgets.
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/^job\.nodus\.dev\/train-a\s+Running/m);
    expect(all.stdout).toMatch(/^sandbox\.nodus\.dev\/\S+/m);
    expect(all.stdout).not.toMatch(/volume\.nodus\.dev|budget\.nodus\.dev/);
  });

  it("explain shows a kind's fields and their documentation", async () => {
    const res = await k.run(['explain', 'jobs.nodus.dev.spec']);
    expect(res.stdout).toMatch(/GROUP:\s+nodus\.dev\nKIND:\s+Job\nVERSION:\s+v1/);
    expect(res.stdout).toContain('What the Job runs and what it may spend.');
    expect(res.stdout).toMatch(/maxCostUSD\s+<string>/);
    expect(res.stdout).toMatch(/image\s+<string> -required-/);
    const [deep, kind, missing] = await Promise.all([
      k.run(['explain', 'jobs.spec.resources.gpu', '--api-version=nodus.dev/v1']),
      k.run(['explain', 'sbx']),
      k.run(['explain', 'jobs.spec.nope']),
    ]);
    expect(deep.code).toBe(0);
    expect(deep.stdout).toContain('FIELD: gpu');
    // A kind by its short name: its description, then its top-level fields.
    expect(kind.stdout).toMatch(/KIND:\s+Sandbox\n/);
    expect(kind.stdout).toContain('A Sandbox is a long-running container');
    expect(kind.stdout).toMatch(/\n {2}spec\t<Object> -required-\n/);
    expect(kind.stdout).toMatch(/\n {2}status\t<Object>\n/);
    expect(missing).toMatchObject({ code: 1, stderr: 'error: field "nope" does not exist\n' });
  });

  it('reports the server as Kubernetes 1.32 (the dispatcher picks its kubectl by it)', async () => {
    const res = await k.run(['version', '-o', 'json']);
    expect(JSON.parse(res.stdout).serverVersion).toMatchObject({ major: '1', minor: '32' });
  });

  it('creates from a manifest with no client-side schema (create -f)', async () => {
    const res = await k.run(['create', '-f', k.file('created.yaml', jobYaml('created-one'))]);
    expect(res.stdout.trim()).toBe('job.nodus.dev/created-one created');
  });
});
