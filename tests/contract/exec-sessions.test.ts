/**
 * Who may open a shell and when: every refusal is an HTTP Status before the upgrade (no key, a foreign page, no
 * channel protocol, a bad query, a Sandbox missing or not Running, too many shells), the key may come as a
 * subprotocol, the HTTPS port upgrades too, and a session ends with a Status when its Sandbox stops, is deleted or
 * sits idle. Dropped connections give their slot back.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type NodusObject } from '@/shared/protocol.ts';
import { DEFAULT_EXEC_LIMITS } from '@/mock/config.ts';
import { withMockApi, type Api } from './harness.ts';
import { V5, bearerProtocol, execPath, openExec, opened, refused, wsBase, type ExecOpen } from './exec-client.ts';

const SANDBOXES = '/apis/nodus.dev/v1/namespaces/default/sandboxes';
const QUERY = 'command=sh&stdin=true&stdout=true&tty=true';

function client(api: Api) {
  return (name: string, query = QUERY, open: ExecOpen = {}, project = 'default') =>
    openExec(wsBase(api.server().url), execPath(name, query, project), open);
}

async function sandboxIn(api: Api, phase: string): Promise<NodusObject> {
  const list = await api.get<{ items: NodusObject[] }>('/apis/nodus.dev/v1/sandboxes');
  const found = list.body.items.find((o) => o.status?.phase === phase);
  if (!found) throw new Error(`no demo Sandbox is ${phase}`);
  return found;
}

describe('opening a shell', () => {
  const api = withMockApi({ tlsPort: 0, exec: { ...DEFAULT_EXEC_LIMITS, perObject: 2, total: 3 } });
  const exec = client(api);

  it('answers a plain GET, and an upgrade of any other path, with a Status', async () => {
    const plain = await api.get(`${execPath('dev', QUERY)}`);
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({
      kind: 'Status',
      reason: 'BadRequest',
      message: 'exec needs a WebSocket: this request asked for no upgrade (it would be accepted)',
    });
    const other = refused(await openExec(wsBase(api.server().url), SANDBOXES));
    expect(other.code).toBe(400);
    expect(other.body).toMatchObject({
      reason: 'BadRequest',
      fix: expect.stringContaining('exec'),
      requestId: expect.any(String),
    });
  });

  it('refuses a query without a command or without streams, as Kubernetes does', async () => {
    const none = refused(await exec('dev', 'stdout=true'));
    expect(none.code).toBe(400);
    expect(none.body.message).toContain('at least one command');
    const silent = refused(await exec('dev', 'command=ls'));
    expect(silent.code).toBe(400);
    expect(silent.body.message).toContain('at least 1 of stdin, stdout, stderr');
    const bad = refused(await exec('dev', 'command=ls&stdout=maybe'));
    expect(bad.body.message).toContain('stdout must be true or false');
  });

  it('answers 404 for a Sandbox that does not exist and for a kind that runs no shell', async () => {
    expect(refused(await exec('ghost')).code).toBe(404);
    const job = refused(
      await openExec(wsBase(api.server().url), `/apis/nodus.dev/v1/namespaces/default/jobs/x/exec?${QUERY}`),
    );
    expect(job.code).toBe(404);
    expect(job.body.message).toContain('Job objects have no shell');
  });

  it('answers 409 with the phase and how to start it for a Sandbox that is not Running', async () => {
    const stopped = await sandboxIn(api, 'Stopped');
    const res = refused(await exec(stopped.metadata.name!, QUERY, {}, stopped.metadata.namespace));
    expect(res.code).toBe(409);
    expect(res.body).toMatchObject({ reason: 'Conflict', requestId: expect.any(String) });
    expect(res.body.message).toBe(`Sandbox "${stopped.metadata.name}" is not running: its phase is Stopped`);
    expect(res.body.fix).toContain('spec.state to Running');
    // A browser cannot read a refused upgrade: a plain GET of the same URL gets the same answer.
    const plain = await api.get(execPath(stopped.metadata.name!, QUERY, stopped.metadata.namespace));
    expect(plain.status).toBe(409);
    expect(plain.body).toMatchObject({ reason: 'Conflict', message: res.body.message });
    // Just created, it is Pending for a while (simulated time runs at real speed here).
    const created = await api.post(SANDBOXES, {
      apiVersion: 'nodus.dev/v1',
      kind: 'Sandbox',
      metadata: { name: 'fresh' },
      spec: { image: 'nodus/pytorch:2.8-cuda12.8' },
    });
    expect(created.status).toBe(201);
    const wait = refused(await exec('fresh'));
    expect(wait.body.message).toContain('its phase is Pending');
    expect(wait.body.fix).toContain('wait until status.phase is Running');
  });

  it('takes the key from the Authorization header or from the bearer subprotocol, and refuses a wrong one', async () => {
    const none = refused(await exec('dev', QUERY, { noAuth: true }));
    expect(none.code).toBe(401);
    expect(none.body.fix).toContain('base64url.bearer.authorization.k8s.io.');
    const wrong = refused(await exec('dev', QUERY, { headers: { Authorization: 'Bearer nope' } }));
    expect(wrong.code).toBe(401);
    const wrongProtocol = refused(await exec('dev', QUERY, { noAuth: true, protocols: [V5, bearerProtocol('nope')] }));
    expect(wrongProtocol.code).toBe(401);
    const browser = opened(await exec('dev', QUERY, { noAuth: true, protocols: [bearerProtocol(DEMO_API_KEY), V5] }));
    // The server answers with the channel protocol only: the key is never echoed.
    expect(browser.ws.protocol).toBe(V5);
    await browser.untilOutput('$ ');
    browser.ws.close();
    await browser.closed;
  });

  it("refuses a page of another site even with the key, and takes the console's own origin", async () => {
    const foreign = refused(await exec('dev', QUERY, { headers: { Origin: 'https://evil.example' } }));
    expect(foreign.code).toBe(403);
    expect(foreign.body.message).toContain('https://evil.example');
    const console = opened(await exec('dev', QUERY, { headers: { Origin: 'http://localhost:5173' } }));
    await console.untilOutput('$ ');
    console.ws.close();
    await console.closed;
  });

  it('says which subprotocols it speaks when none offered is one', async () => {
    const res = refused(await exec('dev', QUERY, { protocols: ['channel.k8s.io'] }));
    expect(res.code).toBe(400);
    expect(res.body.message).toContain('v5.channel.k8s.io');
    expect(res.body.message).toContain('channel.k8s.io');
  });

  it('refuses more shells than allowed per Sandbox and in all with 429, and frees the slots of dropped ones', async () => {
    const other = (await api.get<{ items: NodusObject[] }>('/apis/nodus.dev/v1/sandboxes')).body.items.find(
      (o) => o.status?.phase === 'Running' && o.metadata.name !== 'dev',
    )!;
    const first = opened(await exec('dev'));
    const second = opened(await exec('dev'));
    const third = refused(await exec('dev'));
    expect(third.code).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(third.body.message).toContain('Sandbox "dev" already has 2 open shells');
    const elsewhere = opened(await exec(other.metadata.name!, QUERY, {}, other.metadata.namespace));
    const full = refused(await exec(other.metadata.name!, QUERY, {}, other.metadata.namespace));
    expect(full.code).toBe(429);
    expect(full.body.message).toContain('this server already has 3 open shells');
    // Dropped without a close handshake, as a tab that crashes or a network that goes.
    for (const session of [first, second, elsewhere]) session.ws.terminate();
    await expect
      .poll(
        async () => {
          const again = await exec('dev');
          if ('refused' in again) return again.code;
          again.ws.close();
          await again.closed;
          return 101;
        },
        { timeout: 10_000 },
      )
      .toBe(101);
  });

  it('is listed by discovery for the kinds that exec, and only for them', async () => {
    const list = await api.get<{ resources: { name: string; verbs: string[] }[] }>('/apis/nodus.dev/v1');
    const names = list.body.resources.map((r) => r.name);
    expect(list.body.resources.find((r) => r.name === 'sandboxes/exec')?.verbs).toEqual(['get']);
    expect(names.filter((n) => n.endsWith('/exec'))).toEqual(['sandboxes/exec']);
    const aggregated = await api.get<{
      items: { versions: { resources: { resource: string; subresources: { subresource: string }[] }[] }[] }[];
    }>('/apis', { headers: { Accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' } });
    const resources = aggregated.body.items.flatMap((g) => g.versions.flatMap((v) => v.resources));
    const sandboxes = resources.find((r) => r.resource === 'sandboxes')!;
    expect(sandboxes.subresources.map((s) => s.subresource)).toContain('exec');
    expect(resources.find((r) => r.resource === 'jobs')!.subresources.map((s) => s.subresource)).not.toContain('exec');
  });

  it('upgrades on the HTTPS port too', async () => {
    const tls = api.server().tlsUrl!;
    const ca = readFileSync(api.server().certPath!);
    const sh = opened(
      await openExec(tls.replace(/^https/, 'wss'), execPath('dev', 'command=echo&command=tls&stdout=true'), { ca }),
    );
    expect((await sh.status()).status).toBe('Success');
    expect(sh.text(1)).toBe('tls\n');
  });
});

describe('a session whose Sandbox changes', () => {
  const api = withMockApi({ speed: 100 });
  const exec = client(api);

  async function runningSandbox(
    name: string,
    env: { name: string; value: string }[] = [],
    volumes: { name: string; mountPath: string; readOnly?: boolean }[] = [],
  ): Promise<void> {
    const res = await api.post(SANDBOXES, {
      apiVersion: 'nodus.dev/v1',
      kind: 'Sandbox',
      metadata: { name },
      spec: { image: 'nodus/pytorch:2.8-cuda12.8', env, volumes, maxCostUSD: '5.00' },
    });
    expect(res.status).toBe(201);
    await expect
      .poll(async () => (await api.get<NodusObject>(`${SANDBOXES}/${name}`)).body.status?.phase, { timeout: 15_000 })
      .toBe('Running');
  }

  it('has the Sandbox spec.env, HOME, USER, PWD and HOSTNAME in its environment', async () => {
    await runningSandbox('with-env', [{ name: 'GREETING', value: 'hello there' }]);
    const sh = opened(
      await exec(
        'with-env',
        `command=sh&command=-c&command=${encodeURIComponent('echo "$GREETING"; env')}&stdout=true`,
      ),
    );
    await sh.status();
    const lines = sh.text(1).split('\n');
    expect(lines[0]).toBe('hello there');
    for (const line of ['HOME=/home/user', 'USER=user', 'PWD=/home/user', 'HOSTNAME=with-env', 'GREETING=hello there'])
      expect(lines).toContain(line);
  });

  it("works in the Sandbox's own disk and its Volumes, read-only where mounted so", async () => {
    const volume = await api.post('/apis/nodus.dev/v1/namespaces/default/volumes', {
      apiVersion: 'nodus.dev/v1',
      kind: 'Volume',
      metadata: { name: 'shared' },
      spec: { sizeGiB: 1 },
    });
    expect(volume.status).toBe(201);
    await runningSandbox('writer', [], [{ name: 'shared', mountPath: '/data' }]);
    await runningSandbox('reader', [], [{ name: 'shared', mountPath: '/mnt/shared', readOnly: true }]);
    const script = (line: string) =>
      `command=sh&command=-c&command=${encodeURIComponent(line)}&stdout=true&stderr=true`;
    const writer = opened(await exec('writer', script('echo from writer > /data/note; ls ~')));
    expect((await writer.status()).status).toBe('Success');
    expect(writer.text(1)).toBe('README.md\n');
    const reader = opened(await exec('reader', script('cat /mnt/shared/note; echo no > /mnt/shared/note')));
    expect((await reader.status()).details?.causes?.[0]?.message).toBe('1');
    expect(reader.text(1)).toBe('from writer\n');
    expect(reader.text(2)).toBe('sh: /mnt/shared/note: Read-only file system\n');
  });

  it('ends with a Status saying why when the Sandbox is stopped', async () => {
    await runningSandbox('to-stop');
    const sh = opened(await exec('to-stop'));
    await sh.untilOutput('$ ');
    await api.patch(`${SANDBOXES}/to-stop`, { spec: { state: 'Stopped' } });
    const status = await sh.status();
    expect(status).toMatchObject({ status: 'Failure', reason: 'Conflict', requestId: expect.any(String) });
    expect(status.message).toMatch(/^Sandbox "to-stop" stopped running \(its phase is now \w+\): its shell ended$/);
    expect(status.fix).toContain('spec.state to Running');
    expect(await sh.closed).toBe(1000);
  });

  it('ends with a Status when the Sandbox is deleted', async () => {
    await runningSandbox('to-delete');
    const sh = opened(await exec('to-delete'));
    await sh.untilOutput('$ ');
    await api.del(`${SANDBOXES}/to-delete`);
    const status = await sh.status();
    expect(status.status).toBe('Failure');
    expect(status.message).toMatch(/Sandbox "to-delete" (is being deleted|was deleted): its shell ended/);
  });
});

describe('an idle session', () => {
  const api = withMockApi({ exec: { ...DEFAULT_EXEC_LIMITS, idleSeconds: 0.5 } });

  it('ends with a Timeout Status once nothing arrives for the idle timeout', async () => {
    const sh = opened(await client(api)('dev'));
    const status = await sh.status();
    expect(status).toMatchObject({ status: 'Failure', reason: 'Timeout' });
    expect(status.message).toContain('nothing was typed for 0.5 seconds');
    expect(await sh.closed).toBe(1000);
  });
});
