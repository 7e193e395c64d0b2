/**
 * The mock API of the security run (e2e/playwright.security.config.ts), whose key is SECURITY_API_KEY rather
 * than the demo key: what a test sets up outside the browser, each call checked.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { API_VERSION, type NodusObject } from '../../src/shared/protocol.ts';
import { uniqueName } from './mock-writes.ts';
import { MOCK_URL, SECURITY_API_KEY } from './servers.ts';

export class SecureApi {
  readonly headers = { Authorization: `Bearer ${SECURITY_API_KEY}` };

  constructor(private readonly request: APIRequestContext) {}

  async newProject(prefix: string): Promise<string> {
    const name = uniqueName(prefix);
    const res = await this.request.post(`${MOCK_URL}/api/v1/namespaces`, {
      headers: this.headers,
      data: { metadata: { name } },
    });
    expect(res.status(), await res.text()).toBe(201);
    return name;
  }

  async job(project: string, name: string, labels: Record<string, string> = {}): Promise<NodusObject> {
    const res = await this.request.post(`${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/jobs`, {
      headers: this.headers,
      data: {
        metadata: { name, labels },
        spec: { image: 'nodus/python:3.12', command: ['python', 'x.py'], maxCostUSD: '1.00' },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as NodusObject;
  }
}
