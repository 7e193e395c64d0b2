/**
 * One way to write money and one to write time, everywhere: amounts with separators and cents, ages that tick
 * with the exact time in the reader's locale and zone on hover, and log timestamps of one width, in that zone.
 */
import { expect, test } from '@playwright/test';
import { LogViewerPage } from './pages/log-viewer.ts';
import { ObjectPage } from './pages/object-page.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { ObjectApi } from './support/object-api.ts';

// A reader far from UTC, with a day-first locale: what is shown must follow them, not the server.
test.use({ locale: 'en-GB', timezoneId: 'Asia/Kolkata' });

/** "$5000", "$75" or "$2.5": an amount written some other way than "$5,000.00". */
const OTHER_MONEY = /\$\d{4}|\$\d+(?![\d,.])|\$\d+\.\d(?!\d)/;

test('a Budget page writes every amount the same way', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('fmt-money');
  await api.create(project, 'budgets', { metadata: { name: 'big' }, spec: { limitUSD: '5000' } });
  const ui = new ObjectPage(page);
  await ui.goto(project, 'budgets', 'big');
  await ui.expectLive();
  await expect(page.getByTestId('cost')).toContainText('of $5,000.00 limit');
  await expect(ui.summary).toContainText('$5,000.00');
  await expect(page.getByRole('main')).not.toContainText(OTHER_MONEY);
});

test("times are ages with the exact time on hover, in the reader's zone, and log timestamps line up", async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('fmt-time');
  await api.job(project, 'timed', { runSeconds: 3600 });
  const table = new ResourceTablePage(page, 'jobs');
  await table.goto(project);
  const age = table.row('timed').locator('time');
  await expect(age).toHaveText(/^\d+[smhd]$/, { timeout: 30_000 });
  // Exact, in the reader's zone (India is UTC+5:30), never a raw ISO stamp.
  await expect(age).toHaveAttribute('title', /^\d{1,2} \w{3} \d{4}, \d\d:\d\d:\d\d GMT\+5:30$/);

  const ui = new ObjectPage(page);
  await ui.goto(project, 'jobs', 'timed');
  await ui.expectLive();
  const created = page
    .getByRole('main')
    .locator('header')
    .getByText(/^Created/)
    .locator('time');
  await expect(created).toHaveText(/^\d+[smhd] ago$/);
  await expect(created).toHaveAttribute('title', /GMT\+5:30$/);

  const logs = new LogViewerPage(page);
  await logs.goto(project, 'jobs', 'timed');
  await expect.poll(() => logs.count(), { timeout: 60_000 }).toBeGreaterThan(5);
  await logs.timestamps.click();
  const stamps = logs.log.locator('[data-log-time]');
  await expect(stamps.first()).toBeVisible();
  // Read in one go: the followed log moves on between two reads.
  const pairs = await stamps.evaluateAll((els) =>
    els.map((el) => [el.textContent ?? '', el.getAttribute('title') ?? ''] as const),
  );
  const shown = pairs.map(([text]) => text);
  const raw = pairs.map(([, title]) => title);
  expect(shown.length).toBeGreaterThan(5);
  for (const text of shown) expect(text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
  // The server's stamps vary in width (RFC 3339 drops trailing zeros); the shown ones do not, and are local time.
  const first = new Date(raw[0]!);
  const local = new Date(first.getTime() + 330 * 60_000).toISOString().replace('T', ' ').slice(0, 23);
  expect(shown[0]).toBe(local);
});
