/**
 * Events through the real kubectl: `kubectl get events` prints a cluster's columns, `kubectl events --for` picks
 * one object's, `-w` shows a new event as it is recorded, events.k8s.io reads as YAML, `kubectl describe` ends
 * with the object's events, and a client's create of an Event is refused with the reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { jobYaml, rows, withKubectl } from './harness.ts';

const k = withKubectl({ controller: false });
const P = 'evk';

beforeAll(async () => {
  expect((await k.api('POST', '/api/v1/namespaces', { metadata: { name: P } })).status).toBe(201);
  const applied = await k.run(['apply', '-n', P, '-f', k.file('k-one.yaml', jobYaml('k-one'))]);
  expect(applied.code, applied.stderr).toBe(0);
  await k.api('PATCH', `/apis/nodus.dev/v1/namespaces/${P}/jobs/k-one`, { spec: { maxCostUSD: '8.00' } });
  await k.api('POST', `/apis/nodus.dev/v1/namespaces/${P}/jobs`, {
    apiVersion: 'nodus.dev/v1',
    kind: 'Job',
    metadata: { name: 'k-other' },
    spec: { image: 'nodus/python:3.12' },
  });
});

describe('kubectl and events', () => {
  it('kubectl get events prints LAST SEEN, TYPE, REASON, OBJECT and MESSAGE like a cluster', async () => {
    const res = await k.run(['get', 'events', '-n', P]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.split('\n')[0]).toMatch(/^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/);
    const table = rows(res.stdout);
    expect(table).toContainEqual({
      LAST: expect.stringMatching(/^\d+s$/),
      SEEN: '',
      TYPE: 'Normal',
      REASON: 'Created',
      OBJECT: 'job/k-one',
      MESSAGE: 'Created by demo-user with kubectl',
    });
    expect(table.map((r) => r.MESSAGE)).toContain('Spec updated by demo-user: maxCostUSD 5.00 → 8.00');
    const wide = await k.run(['get', 'events', '-n', P, '-o', 'wide']);
    expect(wide.stdout.split('\n')[0]).toMatch(/SOURCE\s+MESSAGE\s+FIRST SEEN\s+COUNT\s+NAME$/);
    expect(wide.stdout).toMatch(
      /nodus\.dev\/api, api-\S+\s+Created by demo-user with kubectl\s+\d+s\s+1\s+k-one\.[0-9a-f]+/,
    );
  });

  it('kubectl events --for job/<name> lists only that object’s events', async () => {
    const res = await k.run(['events', '-n', P, '--for', 'job/k-one']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.split('\n')[0]).toMatch(/^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/);
    expect(res.stdout).toMatch(/Normal\s+Created\s+Job\/k-one\s+Created by demo-user with kubectl/);
    expect(res.stdout).toMatch(/Normal\s+SpecUpdated\s+Job\/k-one\s+/);
    expect(res.stdout).not.toContain('k-other');
    const all = await k.run(['events', '-n', P]);
    expect(all.stdout).toContain('Job/k-other');
  });

  it('kubectl get events -w shows a new event as it is recorded', async () => {
    const watch = k.start(['get', 'events', '-n', P, '-w']);
    try {
      await watch.printed(/job\/k-one\s+Created by demo-user with kubectl/);
      await k.api('POST', `/apis/nodus.dev/v1/namespaces/${P}/jobs`, {
        apiVersion: 'nodus.dev/v1',
        kind: 'Job',
        metadata: { name: 'k-watched' },
        spec: { image: 'nodus/python:3.12' },
      });
      await watch.printed(/Normal\s+Created\s+job\/k-watched\s+Created by demo-user through the API/);
    } finally {
      watch.child.kill();
    }
  });

  it('kubectl get events.events.k8s.io -o yaml prints the events.k8s.io shape, who and the request', async () => {
    const res = await k.run([
      'get',
      'events.events.k8s.io',
      '-n',
      P,
      '--field-selector',
      'regarding.name=k-one',
      '-o',
      'yaml',
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('apiVersion: events.k8s.io/v1');
    expect(res.stdout).toContain('note: Created by demo-user with kubectl');
    expect(res.stdout).toContain('reportingController: nodus.dev/api');
    expect(res.stdout).toMatch(/nodus\.dev\/actor: demo-user\n\s+nodus\.dev\/request-id: req_[0-9a-z]+/);
    expect(res.stdout).toMatch(/regarding:\n\s+apiVersion: nodus\.dev\/v1\n\s+kind: Job\n\s+name: k-one/);
    expect(res.stdout).not.toContain('k-other');
  });

  it('kubectl describe ends with the object’s events', async () => {
    const res = await k.run(['describe', 'job.nodus.dev', 'k-one', '-n', P]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/Events:\n\s+Type\s+Reason\s+Age\s+From\s+Message/);
    expect(res.stdout).toMatch(/Normal\s+Created\s+\S+\s+nodus\.dev\/api\s+Created by demo-user with kubectl/);
  });

  it('refuses kubectl create of an Event, saying that Nodus writes them', async () => {
    const manifest = `apiVersion: events.k8s.io/v1
kind: Event
metadata:
  name: mine
eventTime: "2026-01-01T00:00:00.000000Z"
reason: Mine
note: hello
action: Note
reportingController: me
reportingInstance: me
regarding: {kind: Job, name: k-one, namespace: ${P}}
type: Normal
`;
    const res = await k.run(['create', '-n', P, '-f', k.file('event.yaml', manifest)]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('Events are written by Nodus only');
  });
});
