/**
 * Invoking a Function from its page against the real mock: the echo's answer (status, body, requestId), a send
 * on double click that goes once, the session's invocations and the unsent request kept over a reload; a
 * Function's own 500 shown as its answer, apart from an API refusal (a Stopped Function) shown as a Status with
 * its requestId; a slow one cancelled in flight; and the endpoints card with the Function's URL to copy and open.
 */
import { expect, test, type Page } from '@playwright/test';
import { ObjectPage } from './pages/object-page.ts';
import { ObjectApi } from './support/object-api.ts';

// The shared mock runs at real speed, on a machine shared with other work.
test.describe.configure({ timeout: 120_000 });

/** Its start pinned short: these tests are about invoking it, not the 10 s a Function takes to start. */
function fn(name: string, spec: Record<string, unknown>) {
  return {
    metadata: { name, annotations: { 'mock.nodus.dev/start-seconds': '0.5' } },
    spec: { image: 'nodus/node:22', resources: { cpu: 1, memoryGiB: 1 }, maxCostUSD: '5.00', ...spec },
  };
}

function panel(page: Page) {
  return {
    body: page.getByRole('textbox', { name: /^Body/ }),
    send: page.getByRole('button', { name: /^(Send|Sending…)$/ }),
    response: page.getByRole('region', { name: 'Response' }),
    status: page.getByTestId('invoke-status'),
    answer: page.getByTestId('invoke-body'),
    history: page.getByRole('list', { name: 'Recent invocations' }).getByRole('listitem'),
  };
}

test('invokes an echo Function, sends once on a double click, and keeps its invocations over a reload', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const api = new ObjectApi(request);
  const project = await api.project('inv-echo');
  await api.create(
    project,
    'functions',
    fn('greeter', {
      handler: 'app.echo',
      requestSchema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    }),
  );
  await api.waitForPhase(project, 'functions', 'greeter', ['Running']);
  const ui = new ObjectPage(page);
  await ui.goto(project, 'functions', 'greeter');

  // The endpoints card: the Function's URL, copied as it is, and opened in a new tab.
  const url = `https://greeter--${project}.fn.nodus.run`;
  const endpoints = page.getByRole('region', { name: 'Endpoints' });
  await expect(endpoints).toContainText(url);
  await expect(endpoints).toContainText('Public');
  await expect(endpoints.getByRole('link', { name: `Open ${url} in a new tab` })).toHaveAttribute('target', '_blank');
  await expect(endpoints.getByRole('link', { name: `Open ${url} in a new tab` })).toHaveAttribute('rel', /noopener/);
  await endpoints.getByRole('button', { name: `Copy ${url}` }).click();
  await expect(endpoints.getByRole('status')).toHaveText('Copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  await ui.tab('Invoke').click();
  await expect(page).toHaveURL(/\?tab=invoke$/);
  const p = panel(page);
  // Checked against the Function's schema as it is typed, and as JSON.
  await p.body.fill('{"other": 1}');
  await expect(page.getByRole('list', { name: 'Request schema' })).toContainText('message: is required');
  await p.body.fill('{"message": ');
  await expect(page.getByRole('alert').filter({ hasText: 'Not valid JSON' })).toContainText('line 1, column 13');
  await expect(p.send).toBeDisabled();

  await p.body.fill('{"message": "hello from e2e"}');
  await p.send.dblclick();
  await expect(p.status).toHaveText(/^200/);
  await expect(p.answer).toContainText('"message": "hello from e2e"');
  await expect(p.answer).toContainText('"method": "POST"');
  await expect(p.response.getByTestId('request-id')).toHaveText(/^req_[0-9a-z]{26}$/);
  await expect(p.response).toContainText('answered by the Function');
  // One double click, one invocation.
  await expect(p.history).toHaveCount(1);

  // An unsent request and the session's invocations survive a reload.
  await p.body.fill('{"message": "not sent yet"}');
  await page.reload();
  await expect(p.history).toHaveCount(1, { timeout: 30_000 });
  await expect(p.body).toHaveValue('{"message": "not sent yet"}');
  await expect(p.status).toHaveText(/^200/);
  await expect(p.answer).toContainText('"message": "hello from e2e"');
});

test('a Function’s own 500 is its answer; a Stopped Function’s refusal is the API’s Status', async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('inv-fail');
  await api.create(project, 'functions', fn('broken', { handler: 'app.fail' }));
  await api.create(project, 'functions', fn('asleep', { handler: 'app.echo', state: 'Stopped' }));
  await api.create(project, 'functions', fn('sluggish', { handler: 'app.slow', timeoutSeconds: 120 }));
  await api.waitForPhase(project, 'functions', 'broken', ['Running']);
  await api.waitForPhase(project, 'functions', 'sluggish', ['Running']);
  await api.waitForPhase(project, 'functions', 'asleep', ['Stopped']);
  const ui = new ObjectPage(page);
  const p = panel(page);

  await ui.goto(project, 'functions', 'broken', 'invoke');
  await p.send.click();
  await expect(p.status).toHaveText(/^500/);
  await expect(p.answer).toContainText('"error": "HandlerError"');
  await expect(p.response).toContainText('answered by the Function');
  await expect(p.response.getByRole('alert')).toHaveCount(0);

  // A slow one can be cancelled while it is in flight; Send waits meanwhile.
  await ui.goto(project, 'functions', 'sluggish', 'invoke');
  await p.body.fill('{"sleepMs": 60000}');
  await p.send.click();
  await expect(p.send).toHaveText('Sending…');
  await expect(p.send).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(p.response.getByRole('status')).toContainText('Cancelled');
  await expect(p.send).toBeEnabled();
  await expect(p.history.first()).toContainText('Cancelled');

  await ui.goto(project, 'functions', 'asleep', 'invoke');
  await expect(page.getByText('This Function is Stopped')).toBeVisible();
  await p.send.click();
  const refusal = p.response.getByRole('alert', { name: 'The API refused the invocation' });
  await expect(refusal).toContainText('Conflict');
  await expect(refusal).toContainText('HTTP 409');
  await expect(refusal).toContainText('is Stopped');
  await expect(refusal).toContainText('spec.state to Running');
  await expect(refusal.getByTestId('request-id')).toHaveText(/^req_[0-9a-z]{26}$/);
  await expect(p.status).toHaveCount(0);
  await expect(p.history.first()).toContainText('API 409');

  // Stopped, the overview says nothing is exposed, and why.
  await ui.tab('Overview').click();
  await expect(page.getByRole('region', { name: 'Endpoints' })).toContainText('Nothing is exposed while it is Stopped');
});
