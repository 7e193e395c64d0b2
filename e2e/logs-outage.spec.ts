/**
 * A followed log through an outage of the API (the mock's `unreachableSeconds` breaks every open connection,
 * followed logs included): the view says it is reconnecting, resumes on its own from the last line it holds,
 * and once the Job has finished it holds exactly the server's log, no line twice, none lost. The lines are read
 * by the log decoder's worker (the response body is transferred to it), so this is its broken-stream path.
 * Mock-wide: the outage reaches every test running at the time (playwright.config.ts).
 */
import { expect, test } from '@playwright/test';
import { API_VERSION } from '../src/shared/protocol.ts';
import { LogViewerPage } from './pages/log-viewer.ts';
import { DrillApi } from './support/drills.ts';
import { authHeaders, createProject, uniqueName } from './support/mock-writes.ts';
import { MOCK_URL } from './support/servers.ts';

test('a followed log resumes after the API was unreachable and ends equal to the server’s log', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = new DrillApi(request);
  const project = uniqueName('logs-outage');
  await createProject(request, project);
  const jobs = `${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/jobs`;
  const created = await request.post(jobs, {
    headers: authHeaders,
    data: {
      metadata: {
        name: 'runner',
        // It starts at once (not in the usual 12 s) and runs 30 s: time for an outage of 3 s and the way back.
        annotations: {
          'mock.nodus.dev/start-seconds': '0.5',
          'mock.nodus.dev/run-seconds': '30',
          'mock.nodus.dev/outcome': 'Succeeded',
        },
      },
      spec: {
        image: 'nodus/python:3.12',
        command: ['python', 'train.py'],
        resources: { cpu: 1, memoryGiB: 2 },
        maxCostUSD: '5.00',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const logs = new LogViewerPage(page);
  await logs.goto(project, 'jobs', 'runner');
  await expect(logs.state).toHaveText('Following', { timeout: 90_000 });
  // Following comes with the stream's head; its first lines are drawn a frame after the decoder reads them.
  await expect.poll(() => logs.count()).toBeGreaterThan(0);
  const before = await logs.count();

  try {
    await api.setFaults({ unreachableSeconds: 3 });
    await expect(logs.state).toHaveText(/^Reconnecting/, { timeout: 15_000 });
    await expect.poll(() => api.unreachable(), { timeout: 15_000 }).toBe(false);
  } finally {
    await api.clearFaults();
  }

  // Back on its own, then complete when the Job ends.
  await expect(logs.state).toHaveText(/Following|Complete/, { timeout: 60_000 });
  await expect(logs.state).toHaveText('Complete', { timeout: 90_000 });
  const server = await request.get(`${jobs}/runner/log`, { headers: authHeaders });
  expect(server.status()).toBe(200);
  const serverLines = (await server.text()).split('\n').filter((line, i, all) => i < all.length - 1 || line !== '');
  expect(await logs.count()).toBe(serverLines.length);
  expect(serverLines.length).toBeGreaterThan(before);
});
