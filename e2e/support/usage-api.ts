/** The usage API, read directly with the demo key: what the Cost views' figures are checked against. */
import { expect, type APIRequestContext } from '@playwright/test';
import type { UsageReport } from '../../src/features/usage/api/usage-report.ts';
import { DEMO_API_KEY } from '../../src/shared/protocol.ts';
import { MOCK_URL } from './servers.ts';

export async function usageReport(
  request: APIRequestContext,
  project: string | undefined,
  params: Record<string, string>,
): Promise<UsageReport> {
  const path = project ? `/apis/usage.nodus.dev/v1/namespaces/${project}/usage` : '/apis/usage.nodus.dev/v1/usage';
  const res = await request.get(`${MOCK_URL}${path}?${new URLSearchParams(params).toString()}`, {
    headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as UsageReport;
}
