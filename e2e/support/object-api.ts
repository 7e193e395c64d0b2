/**
 * API calls the detail-view tests make outside the browser: objects with annotations and finalizers (the
 * mock-only annotations pin their timing: src/mock/controller/timing.ts), reads that may answer 404, and polls.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { API_VERSION, DEMO_API_KEY, type NodusObject, type ObjectList } from '../../src/shared/protocol.ts';
import { MOCK_URL } from './servers.ts';

const headers = { Authorization: `Bearer ${DEMO_API_KEY}` };

export const RUN_SECONDS = 'mock.nodus.dev/run-seconds';
export const OUTCOME = 'mock.nodus.dev/outcome';
export const START_SECONDS = 'mock.nodus.dev/start-seconds';
export const STUCK = 'mock.nodus.dev/stuck-finalizer';

export interface NewObject {
  metadata: {
    name: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    finalizers?: string[];
  };
  spec: Record<string, unknown>;
}

export class ObjectApi {
  constructor(private readonly request: APIRequestContext) {}

  path(project: string, plural: string, name = ''): string {
    return `${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/${plural}${name ? `/${name}` : ''}`;
  }

  async project(prefix: string): Promise<string> {
    const name = `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const res = await this.request.post(`${MOCK_URL}/api/v1/namespaces`, { headers, data: { metadata: { name } } });
    expect(res.status(), await res.text()).toBe(201);
    return name;
  }

  async create(project: string, plural: string, object: NewObject): Promise<NodusObject> {
    const res = await this.request.post(this.path(project, plural), { headers, data: object });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as NodusObject;
  }

  /**
   * A CPU Job: Queued for 4 s (an H100 for 30), Provisioning for 8 s, then Running for `runSeconds` (simulated).
   * `startSeconds` pins each step before Running, for a test about what happens once it runs.
   */
  job(
    project: string,
    name: string,
    options: {
      runSeconds?: number;
      startSeconds?: number;
      outcome?: 'Succeeded' | 'Failed';
      maxCostUSD?: string;
      annotations?: Record<string, string>;
      labels?: Record<string, string>;
      finalizers?: string[];
      gpu?: string;
    } = {},
  ): Promise<NodusObject> {
    const annotations = {
      ...(options.runSeconds ? { [RUN_SECONDS]: String(options.runSeconds) } : {}),
      ...(options.startSeconds !== undefined ? { [START_SECONDS]: String(options.startSeconds) } : {}),
      ...(options.outcome ? { [OUTCOME]: options.outcome } : {}),
      ...options.annotations,
    };
    return this.create(project, 'jobs', {
      metadata: {
        name,
        annotations,
        ...(options.labels ? { labels: options.labels } : {}),
        ...(options.finalizers ? { finalizers: options.finalizers } : {}),
      },
      spec: {
        image: 'nodus/python:3.12',
        command: ['python', 'train.py', '--epochs', '3'],
        maxCostUSD: options.maxCostUSD ?? '5.00',
        resources: options.gpu
          ? { cpu: 8, memoryGiB: 64, gpu: { type: options.gpu, count: 1 } }
          : { cpu: 2, memoryGiB: 8 },
      },
    });
  }

  pipeline(project: string, name: string, steps: string[]): Promise<NodusObject> {
    return this.create(project, 'pipelines', {
      metadata: { name },
      spec: {
        steps: steps.map((step) => ({
          name: step,
          image: 'nodus/python:3.12',
          command: ['python', `${step}.py`],
          resources: { cpu: 1, memoryGiB: 2 },
        })),
        maxCostUSD: '20.00',
      },
    });
  }

  /** The object, or undefined once the API answers 404. */
  async get(project: string, plural: string, name: string): Promise<NodusObject | undefined> {
    const res = await this.request.get(this.path(project, plural, name), { headers });
    if (res.status() === 404) return undefined;
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as NodusObject;
  }

  async list(project: string, plural: string): Promise<NodusObject[]> {
    const res = await this.request.get(`${this.path(project, plural)}?limit=1000`, { headers });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as ObjectList).items;
  }

  async patch(
    project: string,
    plural: string,
    name: string,
    patch: Record<string, unknown>,
    options: { fieldManager?: string } = {},
  ): Promise<NodusObject> {
    const query = options.fieldManager ? `?fieldManager=${encodeURIComponent(options.fieldManager)}` : '';
    const res = await this.request.patch(`${this.path(project, plural, name)}${query}`, {
      headers: { ...headers, 'Content-Type': 'application/merge-patch+json' },
      data: JSON.stringify(patch),
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as NodusObject;
  }

  /** Waits until the API reports the object in one of `phases`. */
  async waitForPhase(project: string, plural: string, name: string, phases: string[], timeout = 45_000): Promise<void> {
    await expect
      .poll(async () => (await this.get(project, plural, name))?.status?.phase, {
        timeout,
        message: `${plural}/${name} in ${phases.join(' or ')}`,
      })
      .toMatch(new RegExp(`^(${phases.join('|')})$`));
  }

  async setFaults(faults: Record<string, unknown>): Promise<void> {
    const res = await this.request.post(`${MOCK_URL}/_mock/faults`, { headers, data: faults });
    expect(res.status(), await res.text()).toBe(200);
  }
}
