/**
 * A cost that moves is not news: while charges post (here a steady stream of new status.costUSD from the mock),
 * the rows of what runs are not highlighted; their Cost cell carries a small live dot instead (amber stays for a
 * cost near its cap, a real warning). Any other change still highlights its row, in a neutral tint.
 */
import { expect, test } from '@playwright/test';
import { DEMO_API_KEY } from '../src/shared/protocol.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { MOCK_URL } from './support/servers.ts';
import { NodusApi } from './support/resource-table-api.ts';

const headers = { Authorization: `Bearer ${DEMO_API_KEY}` };

test('charges move the cost without highlighting the row; other changes still do, in no warning colour', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('cost-live');
  // Seeded in turn Queued, Running, Running.
  const seeded = await request.post(`${MOCK_URL}/_mock/seed`, {
    headers,
    data: { project, kind: 'Job', count: 3, prefix: 'metered' },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const running = ['metered-000001', 'metered-000002'];

  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  await expect(ui.watchStatus).toHaveText('Live');
  await ui.expectNames(['metered-000000', ...running]);
  await ui.columns();
  for (const name of running) await expect(ui.cell(name, 'Cost').getByTestId('cost-live')).toBeVisible();
  await expect(ui.cell('metered-000000', 'Cost').getByTestId('cost-live')).toHaveCount(0);

  // Every row that is marked changed, by name, from now on.
  await page.evaluate(() => {
    const marked = new Set<string>();
    Object.assign(window, { marked });
    new MutationObserver((records) => {
      for (const r of records) {
        const row = r.target as HTMLElement;
        if (row.dataset.changed !== undefined)
          marked.add(row.querySelector('[role="rowheader"]')?.textContent?.trim() ?? '');
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-changed'] });
  });
  const costs = new Set<string>();
  const churned = await request.post(`${MOCK_URL}/_mock/churn`, {
    headers,
    data: { project, kind: 'Job', eventsPerSecond: 20, seconds: 4 },
  });
  expect(churned.status(), await churned.text()).toBe(202);
  await expect
    .poll(async () => {
      costs.add((await ui.cell(running[0]!, 'Cost').textContent()) ?? '');
      return costs.size;
    })
    .toBeGreaterThanOrEqual(3);
  const marked = await page.evaluate(() => [...(window as unknown as { marked: Set<string> }).marked]);
  for (const name of running) expect(marked, `${name} was highlighted for a charge`).not.toContain(name);

  // A label is news: the row is highlighted, in a grey tint rather than a warning colour.
  await api.patch(project, 'jobs', running[1]!, { metadata: { labels: { touched: 'yes' } } });
  let background = '';
  await expect
    .poll(async () => {
      background = await ui.row(running[1]!).evaluate((row) => {
        const flash = row.getAnimations().find((a) => a.id === 'row-flash');
        if (!flash) return '';
        // Held at its start, where the tint is at its strongest: the colour the row shows then.
        flash.currentTime = 0;
        flash.pause();
        return getComputedStyle(row).backgroundColor;
      });
      return background;
    })
    .not.toBe('');
  // The theme's colours come as rgb() or oklch(): a grey has its channels within a few steps, or almost no chroma.
  const numbers = (background.match(/[\d.]+/g) ?? []).map(Number);
  expect(numbers.length, background).toBeGreaterThanOrEqual(3);
  if (background.startsWith('oklch')) expect(numbers[1]!, `${background} is a neutral tint`).toBeLessThanOrEqual(0.02);
  else
    expect(
      Math.max(...numbers.slice(0, 3)) - Math.min(...numbers.slice(0, 3)),
      `${background} is a neutral tint`,
    ).toBeLessThanOrEqual(12);
});
