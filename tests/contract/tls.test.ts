import { request } from 'node:https';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import { withMockApi } from './harness.ts';

const api = withMockApi({ tlsPort: 0 }, { fresh: false });

function httpsGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const ca = readFileSync(api.server().certPath!);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, ca }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HTTPS for kubectl', () => {
  // kubectl sends no bearer token over plain HTTP, so the mock also answers on HTTPS with a certificate for 127.0.0.1.
  it('serves the same API over HTTPS with a certificate valid for 127.0.0.1', async () => {
    const base = api.server().tlsUrl!;
    expect(base).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const version = await httpsGet(`${base}/version`, {});
    expect(JSON.parse(version.body)).toMatchObject({ major: '1', minor: '32' });
    const jobs = await httpsGet(`${base}/apis/nodus.dev/v1/namespaces/default/jobs`, {
      Authorization: `Bearer ${DEMO_API_KEY}`,
    });
    expect(jobs.status).toBe(200);
    expect(JSON.parse(jobs.body).kind).toBe('JobList');
    const denied = await httpsGet(`${base}/apis/nodus.dev/v1/namespaces/default/jobs`, {});
    expect(denied.status).toBe(401);
    expect(JSON.parse(denied.body).docs).toMatch(/^https:\/\//);
  });
});
