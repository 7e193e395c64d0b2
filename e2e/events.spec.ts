/**
 * Events in the console, against the real mock: an object's Events tab tells its life as it happens (who created
 * it, each phase, a change and who made it, with the request that did it, found in the Support panel), and a
 * project's Activity view filters by kind, reason and person in the URL and stays live.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_VERSION, DEMO_API_KEY } from '../src/shared/protocol.ts';
import { ObjectPage } from './pages/object-page.ts';
import { checkedRightAfterClicks } from './support/controls.ts';
import { ObjectApi, RUN_SECONDS } from './support/object-api.ts';

// The shared mock runs at real speed (a Job is Running after about 12 s), on a machine shared with other work.
test.describe.configure({ timeout: 180_000 });

const USER = 'demo-user';

function events(page: Page): Locator {
  return page.getByRole('list', { name: 'Events, newest first' });
}

function eventRow(page: Page, reason: string): Locator {
  return events(page).locator(`[data-event="${reason}"]`);
}

test("an object's Events tab tells its story live, with who did what and the request that did it", async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('ev-story');
  const created = await request.post(api.path(project, 'jobs'), {
    headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
    data: {
      apiVersion: API_VERSION,
      kind: 'Job',
      metadata: { name: 'story', annotations: { [RUN_SECONDS]: '3600' } },
      spec: { image: 'nodus/python:3.12', command: ['python', 'train.py'], maxCostUSD: '5.00' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const createdBy = created.headers()['x-request-id']!;

  const ui = new ObjectPage(page);
  await ui.goto(project, 'jobs', 'story', 'events');
  const creation = eventRow(page, 'Created');
  await expect(creation).toContainText(`by ${USER}`);
  await expect(creation).toContainText(createdBy);
  // The controller's phases arrive as they happen, said to be Nodus's own doing.
  await expect(eventRow(page, 'Running')).toContainText('by Nodus', { timeout: 60_000 });

  // A change made from the console: its event names the person and the request, which Support finds.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await ui.action('Suspend').click();
  await expect(ui.result).toContainText('spec.state is now Suspended');
  await page.getByRole('tab', { name: 'Events' }).click();
  const suspended = eventRow(page, 'SuspendRequested');
  await expect(suspended).toContainText(`by ${USER}`);
  const requestId = (await suspended.locator('code').textContent())!;
  await suspended.getByRole('button', { name: 'Find in Support' }).click();
  const support = page.getByRole('dialog', { name: 'Support' });
  await expect(support.getByRole('status', { name: 'The request asked about' })).toContainText(
    'is marked among the recent calls',
  );
  await expect(support.locator('tr[aria-current="true"]')).toContainText(requestId);
  await page.keyboard.press('Escape');
  await expect(support).toBeHidden();

  // Newest first: the suspend is above the creation.
  const reasons = await events(page)
    .locator('[data-event]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-event')));
  expect(reasons.indexOf('SuspendRequested')).toBeLessThan(reasons.indexOf('Created'));

  // An event whose request this tab never made: Support says so, and still gives the id to quote.
  await page.reload();
  await creation.getByRole('button', { name: 'Find in Support' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Support' }).getByRole('status', { name: 'The request asked about' }),
  ).toContainText('was not made from this tab');
});

test("a project's Activity filters by kind, reason and person in the URL, and stays live", async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('ev-activity');
  await api.job(project, 'one', { runSeconds: 3600 });
  await api.create(project, 'budgets', {
    metadata: { name: 'monthly' },
    spec: { limitUSD: '100.00', period: 'Monthly', enforcement: 'Alert' },
  });

  await page.goto(`/projects/${project}/activity`);
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible({ timeout: 45_000 });
  await expect(events(page).locator('[data-event]').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('Budget');
  await page.getByRole('combobox', { name: 'Person' }).selectOption(USER);
  await expect(page).toHaveURL(/kind=Budget/);
  await expect(page).toHaveURL(new RegExp(`actor=${USER}`));
  const rows = events(page).locator('[data-event]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Budget monthly');
  await expect(rows.first()).toContainText('Created');

  // The filters survive a reload, and the object links to its page.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('Budget');
  await expect(rows).toHaveCount(1);

  // Live: a Job created now shows under its kind without a reload; Nodus's own events under "Nodus itself".
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('Job');
  await api.job(project, 'two', { runSeconds: 3600 });
  await expect(events(page).getByRole('link', { name: 'Job two' }).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Person' }).selectOption({ label: 'Nodus itself' });
  await expect(rows.first()).toContainText('by Nodus', { timeout: 30_000 });
  // The box shows each click at once, before the filtered list renders: a quick double click leaves it off.
  const warningsOnly = page.getByRole('checkbox', { name: 'Warnings only' });
  expect(await checkedRightAfterClicks(warningsOnly, 2)).toBe(false);
  await expect(page).not.toHaveURL(/warnings=/);
  expect(await checkedRightAfterClicks(warningsOnly)).toBe(true);
  await expect(page).toHaveURL(/warnings=1/);
  await expect(page.getByText('No event matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/kind=/);
  await events(page).getByRole('link', { name: 'Job one' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('one');
});
