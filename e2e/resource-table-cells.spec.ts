/**
 * What the table cannot fit: a value cut short ends in an ellipsis and shows whole in the table's tooltip, on
 * hover and on keyboard focus; the "+N" of a row's labels is never cut off. The keyboard: a row is one Tab stop,
 * Left and Right reach its chips (which still filter) and cut-off values, and the row under the cursor is
 * outlined plainly at 1440 and 1024 pixels wide. On the object page, a condition's reason never breaks mid-word.
 */
import { expect, test, type Locator } from '@playwright/test';
import type { NodusObject } from '../src/shared/protocol.ts';
import { ObjectPage } from './pages/object-page.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { ObjectApi } from './support/object-api.ts';
import { outlineOf } from './support/outline.ts';
import { NodusApi } from './support/resource-table-api.ts';

const OWNER = 'nightly-evaluation-of-the-largest-model';
const LONG_APP = 'a-rather-long-application-name';

/** Whether the element shows less than its text, and says so with an ellipsis. */
function cutWithEllipsis(element: Locator): Promise<boolean> {
  return element.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis');
}

async function jobWithLongValues(request: NodusApi, project: string): Promise<void> {
  await request.create(project, 'jobs', {
    metadata: {
      name: 'cut',
      labels: { team: 'nlp', app: LONG_APP, stage: 'eval' },
      ownerReferences: [
        { apiVersion: 'nodus.dev/v1', kind: 'Pipeline', name: OWNER, uid: 'pip_01example', controller: true },
      ],
    } as NodusObject['metadata'] & { name: string },
    spec: { image: 'nodus/python:3.12', command: ['python', 'x.py'], maxCostUSD: '1.00' },
  });
}

test.describe('at 1024 pixels wide', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('a value cut short ends in an ellipsis and shows whole on hover and on keyboard focus', async ({
    page,
    request,
  }) => {
    const api = new NodusApi(request);
    const project = await api.newProject('rt-cut');
    await jobWithLongValues(api, project);
    const ui = new ResourceTablePage(page, 'jobs');
    await ui.goto(project);
    const row = ui.row('cut');
    await expect(row).toBeVisible();

    const owner = row.getByText(`Pipeline/${OWNER}`, { exact: true });
    const chip = ui.chip('app', LONG_APP);
    // Three labels of its own and two Nodus set: two chips, and the other three counted where they can be seen.
    const more = row.getByLabel('3 more labels');
    expect(await cutWithEllipsis(owner)).toBe(true);
    expect(await cutWithEllipsis(chip)).toBe(true);
    await more.scrollIntoViewIfNeeded();
    const cell = await row
      .getByRole('cell')
      .filter({ has: page.getByLabel('3 more labels') })
      .boundingBox();
    const plus = await more.boundingBox();
    expect(plus!.x + plus!.width).toBeLessThanOrEqual(cell!.x + cell!.width);
    await expect(more).toHaveText('+3');

    await owner.hover();
    await expect(ui.tooltip).toHaveText(`Pipeline/${OWNER} Owned by Pipeline ${OWNER}: deleted with it`);
    await page.mouse.move(0, 0);
    await expect(ui.tooltip).toBeHidden();

    // From the row, Right goes to the owner, the chips and the "+3", each shown whole.
    await page.keyboard.press('j');
    await expect(row).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(owner).toBeFocused();
    await expect(ui.tooltip).toContainText(`Pipeline/${OWNER}`);
    await page.keyboard.press('ArrowRight');
    await expect(ui.chip('team', 'nlp')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(chip).toBeFocused();
    await expect(ui.tooltip).toHaveText(`app=${LONG_APP}`);
    await expect(chip).toHaveAccessibleDescription(`app=${LONG_APP}`);
    await page.keyboard.press('ArrowRight');
    await expect(more).toBeFocused();
    await expect(ui.tooltip).toContainText('stage=eval');
    await expect(ui.tooltip).toContainText('nodus.dev/created-by=');
    await page.screenshot({ path: test.info().outputPath('table-labels-tooltip-1024.png') });
    await page.keyboard.press('Escape');
    await expect(row).toBeFocused();
    await expect(ui.tooltip).toBeHidden();
  });
});

test('a row is one Tab stop; its label chips are reached with the arrow keys and still filter', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-tabs');
  for (const name of ['t-a', 't-b', 't-c'])
    await api.budget(project, name, '1.00', { team: name === 't-c' ? 'vision' : 'nlp', tier: 'gold' });
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await ui.expectNames(['t-a', 't-b', 't-c']);

  // Tab from the last column's header (its sort button, then its resize handle) leaves the table: no chip on
  // the way.
  await ui.columnHeader('Age').getByRole('button').focus();
  await page.keyboard.press('Tab');
  await expect(ui.table.getByRole('separator', { name: 'Resize the Age column' })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[role="table"]') === null)).toBe(true);

  await page.keyboard.press('j');
  await expect(ui.row('t-a')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(ui.row('t-a').getByRole('button', { name: 'Filter by label team=nlp' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(ui.row('t-a')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]labels=team%3Dnlp(&|$)/);
  await ui.expectNames(['t-a', 't-b']);
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test(`the keyboard's row is outlined plainly at ${viewport.width} pixels wide`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const api = new NodusApi(request);
    const project = await api.newProject('rt-cursor');
    for (const name of ['c-a', 'c-b', 'c-c']) await api.budget(project, name, '1.00', { team: 'nlp' });
    const ui = new ResourceTablePage(page, 'budgets');
    await ui.goto(project);
    await ui.expectNames(['c-a', 'c-b', 'c-c']);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    const row = ui.row('c-b');
    await expect(row).toBeFocused();

    const outline = await outlineOf(row);
    expect(outline.style).toBe('solid');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    expect(outline.againstRow).toBeGreaterThanOrEqual(3);
    expect(outline.againstWhite).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: test.info().outputPath(`table-cursor-${viewport.width}.png`) });
  });
}

test('a condition reason never breaks mid-word in a narrow card', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  const api = new ObjectApi(request);
  const project = await api.project('rt-reason');
  await api.job(project, 'oom', { startSeconds: 0.5, runSeconds: 1, outcome: 'Failed' });
  const ui = new ObjectPage(page);
  await ui.goto(project, 'jobs', 'oom');
  await ui.expectPhase('Failed', 60_000);
  const reasons = ((await api.get(project, 'jobs', 'oom'))!.status!.conditions ?? []).map((c) => c.reason);
  expect(reasons).toContain('CapacityFound');
  for (const reason of reasons) {
    const text = ui.conditions.getByText(reason, { exact: true }).first();
    await text.scrollIntoViewIfNeeded();
    const lines = await text.evaluate(
      (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(lines, `${reason} on one line`).toBeLessThan(1.5);
  }
  await page.screenshot({ path: test.info().outputPath('table-conditions-1024.png') });
});
