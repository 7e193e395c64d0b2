/**
 * The API calls the resource-table tests make outside the browser (creates, changes, deletes, faults), and a
 * second mock + console pair for what the shared one cannot do: a mock that keeps only a second of history, so
 * a watch that was away longer must list again (410 Expired).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, type APIRequestContext } from '@playwright/test';
import { API_VERSION, DEMO_API_KEY, type NodusObject, type ObjectList } from '../../src/shared/protocol.ts';
import { MOCK_URL } from './servers.ts';

const headers = { Authorization: `Bearer ${DEMO_API_KEY}` };

/** Projects made by this worker so far. */
let madeHere = 0;

export class NodusApi {
  constructor(
    private readonly request: APIRequestContext,
    readonly baseUrl = MOCK_URL,
  ) {}

  path(project: string, plural: string, name = ''): string {
    return `${this.baseUrl}/apis/${API_VERSION}/namespaces/${project}/${plural}${name ? `/${name}` : ''}`;
  }

  /** A fresh project per test keeps the demo's activity (and other tests) out of the table. */
  async newProject(prefix: string): Promise<string> {
    // The count keeps names made in the same millisecond apart (ten at once would share a random pair often).
    const name = `${prefix}-${Date.now().toString(36)}${(madeHere++).toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const res = await this.request.post(`${this.baseUrl}/api/v1/namespaces`, { headers, data: { metadata: { name } } });
    expect(res.status(), await res.text()).toBe(201);
    return name;
  }

  /**
   * Deletes a project and waits until it is gone (its lists answer NotFound once everything in it is deleted):
   * thousands of seeded objects would otherwise push other tests' objects off the first page of a list across
   * every project (the command palette's).
   */
  async deleteProject(project: string): Promise<void> {
    const gone = await this.request.delete(`${this.baseUrl}/api/v1/namespaces/${project}`, { headers });
    expect(gone.status(), await gone.text()).toBe(200);
    await expect
      .poll(async () => (await this.request.get(`${this.path(project, 'budgets')}?limit=1`, { headers })).status())
      .toBe(404);
  }

  async create(
    project: string,
    plural: string,
    object: { metadata: { name: string; labels?: Record<string, string> }; spec: Record<string, unknown> },
  ): Promise<NodusObject> {
    const res = await this.request.post(this.path(project, plural), { headers, data: object });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as NodusObject;
  }

  async budget(
    project: string,
    name: string,
    limitUSD = '5.00',
    labels?: Record<string, string>,
    state?: string,
  ): Promise<NodusObject> {
    return this.create(project, 'budgets', {
      metadata: { name, ...(labels ? { labels } : {}) },
      spec: { limitUSD, ...(state ? { state } : {}) },
    });
  }

  async job(project: string, name: string, labels?: Record<string, string>): Promise<NodusObject> {
    return this.create(project, 'jobs', {
      metadata: { name, ...(labels ? { labels } : {}) },
      spec: { image: 'nodus/python:3.12', command: ['python', 'x.py'], maxCostUSD: '1.00' },
    });
  }

  /**
   * `count` objects made by the mock's seeding (`/_mock/seed`), named `<prefix>-000000` on: no controller moves
   * them, and Jobs cycle through the phases Queued, Running, Running, Succeeded, Failed.
   */
  async seed(project: string, kind: string, count: number, prefix: string): Promise<void> {
    const res = await this.request.post(`${this.baseUrl}/_mock/seed`, {
      headers,
      data: { project, kind, count, prefix },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  async patch(project: string, plural: string, name: string, patch: Record<string, unknown>): Promise<NodusObject> {
    const res = await this.request.patch(this.path(project, plural, name), {
      headers: { ...headers, 'Content-Type': 'application/merge-patch+json' },
      data: JSON.stringify(patch),
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as NodusObject;
  }

  async remove(project: string, plural: string, name: string): Promise<void> {
    const res = await this.request.delete(this.path(project, plural, name), { headers });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }

  async list(project: string, plural: string, query = ''): Promise<NodusObject[]> {
    const res = await this.request.get(`${this.path(project, plural)}?limit=1000${query}`, { headers });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as ObjectList).items;
  }

  async names(project: string, plural: string, query = ''): Promise<string[]> {
    return (await this.list(project, plural, query)).map((o) => o.metadata.name ?? '').sort();
  }

  async setFaults(faults: Record<string, unknown>): Promise<void> {
    const res = await this.request.post(`${this.baseUrl}/_mock/faults`, { headers, data: faults });
    expect(res.status(), await res.text()).toBe(200);
  }

  async clearFaults(): Promise<void> {
    const res = await this.request.delete(`${this.baseUrl}/_mock/faults`, { headers });
    expect(res.status(), await res.text()).toBe(200);
  }

  async injected(): Promise<{ failed: number; droppedWatches: number }> {
    const res = await this.request.get(`${this.baseUrl}/_mock/faults`, { headers });
    return ((await res.json()) as { injected: { failed: number; droppedWatches: number } }).injected;
  }

  /** Whether a watch resuming from `resourceVersion` would be told Expired (probed on the all-projects path). */
  async expired(resourceVersion: string): Promise<boolean> {
    const res = await this.request.get(
      `${this.baseUrl}/apis/${API_VERSION}/budgets?watch=true&resourceVersion=${resourceVersion}&timeoutSeconds=1`,
      { headers, timeout: 5_000 },
    );
    return (await res.text()).includes('"Expired"');
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within a minute:\n${log()}`);
}

export interface Stack {
  mockUrl: string;
  consoleUrl: string;
  stop: () => Promise<void>;
}

/** Another mock (with `env`) and a Vite dev server in front of it, on free ports. */
export async function startStack(env: Record<string, string>): Promise<Stack> {
  const [mockPort, consolePort] = [await freePort(), await freePort()];
  const children: ChildProcess[] = [];
  let output = '';
  // Plain node processes (no npx or tsx wrapper in between), so stopping one stops the server.
  const start = (args: string[], extra: Record<string, string>) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    children.push(child);
    return child;
  };
  const mock = start(['--import', 'tsx', 'src/mock/main.ts'], {
    NODUS_MOCK_PORT: String(mockPort),
    NODUS_MOCK_TLS_PORT: 'off',
    ...env,
  });
  const vite = start(
    ['node_modules/vite/bin/vite.js', '--port', String(consolePort), '--strictPort', '--host', '127.0.0.1'],
    { NODUS_MOCK_PORT: String(mockPort) },
  );
  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    await waitFor(`http://127.0.0.1:${mockPort}/healthz`, mock, () => output);
    await waitFor(`http://127.0.0.1:${consolePort}/`, vite, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { mockUrl: `http://127.0.0.1:${mockPort}`, consoleUrl: `http://127.0.0.1:${consolePort}`, stop };
}
