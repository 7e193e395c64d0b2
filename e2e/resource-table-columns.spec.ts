/**
 * Columns and export: the column chooser (show, hide, reorder, label columns), keyboard resizing, the layout
 * remembered per kind and carried by the URL's `cols`, the compact density, and exports that hold exactly the
 * rows the table shows.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { ResourceTablePage } from './pages/resource-table.ts';
import { checkedRightAfterClicks } from './support/controls.ts';
import { recordWholeReads } from './support/reads.ts';
import { NodusApi } from './support/resource-table-api.ts';

/** The header texts after the tick box and Name. */
async function headers(ui: ResourceTablePage): Promise<string[]> {
  return (await ui.columns()).slice(2);
}

async function expectHeaders(ui: ResourceTablePage, expected: string[]) {
  await expect.poll(() => headers(ui), { message: 'the column headers' }).toEqual(expected);
}

function header(ui: ResourceTablePage, name: string): Locator {
  return ui.table.getByRole('columnheader').filter({ hasText: new RegExp(`^${name}$`, 'i') });
}

async function widthOf(locator: Locator): Promise<number> {
  return Math.round((await locator.boundingBox())!.width);
}

async function openColumns(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Columns' });
  await expect(dialog.getByRole('checkbox', { name: 'Phase' })).toBeVisible();
  return dialog;
}

async function readDownload(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8');
}

/** RFC 4180 fields, quoted ones included (a quoted field may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

test('columns are chosen, moved, sized by keyboard, and remembered per kind across a reload', async ({
  page,
  request,
}) => {
  // Many steps, each a few round trips through the UI.
  test.setTimeout(120_000);
  const api = new NodusApi(request);
  const project = await api.newProject('rt-cols');
  await api.budget(project, 'b-nlp', '1.00', { team: 'nlp' });
  await api.budget(project, 'b-vision', '2.00', { team: 'vision' });
  await api.budget(project, 'b-none', '3.00');
  await api.job(project, 'j-1', { team: 'nlp' });
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await ui.expectNames(['b-nlp', 'b-vision', 'b-none']);
  await expectHeaders(ui, ['Phase', 'Limit', 'Spent', 'Period', 'Labels', 'Age']);

  const chooser = await openColumns(page);
  // Each click shows at once, before the table renders again (the layout is in the URL now): a quick double
  // click leaves the column as it was.
  expect(await checkedRightAfterClicks(chooser.getByRole('checkbox', { name: 'Period' }))).toBe(false);
  await expectHeaders(ui, ['Phase', 'Limit', 'Spent', 'Labels', 'Age']);
  await expect(page).toHaveURL(/[?&]cols=phase%2Climit%2Cspent%2Clabels%2Cage(&|$)/);
  expect(await checkedRightAfterClicks(chooser.getByRole('checkbox', { name: 'Spent' }), 2)).toBe(true);
  expect(await checkedRightAfterClicks(chooser.getByRole('checkbox', { name: 'Age' }), 3)).toBe(false);
  await expectHeaders(ui, ['Phase', 'Limit', 'Spent', 'Labels']);
  await expect(page).toHaveURL(/[?&]cols=phase%2Climit%2Cspent%2Clabels(&|$)/);
  expect(await checkedRightAfterClicks(chooser.getByRole('checkbox', { name: 'Age' }))).toBe(true);
  await expectHeaders(ui, ['Phase', 'Limit', 'Spent', 'Labels', 'Age']);
  await expect(page).toHaveURL(/[?&]cols=phase%2Climit%2Cspent%2Clabels%2Cage(&|$)/);

  // A label as a column of its own, like `kubectl get -L team`.
  await chooser.getByRole('combobox', { name: 'Add a label as a column' }).fill('team');
  await chooser.getByRole('button', { name: 'Add column' }).click();
  await expectHeaders(ui, ['Phase', 'Limit', 'Spent', 'Labels', 'Age', 'team']);
  await ui.columns();
  await expect(ui.cell('b-nlp', 'team')).toHaveText('nlp');
  await expect(ui.cell('b-vision', 'team')).toHaveText('vision');
  await expect(ui.cell('b-none', 'team')).toHaveText('—');
  // Not a label key: said so, nothing added.
  await chooser.getByRole('combobox', { name: 'Add a label as a column' }).fill('no good');
  await chooser.getByRole('button', { name: 'Add column' }).click();
  await expect(chooser.getByRole('combobox', { name: 'Add a label as a column' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  // Reordered with the keyboard: the moved column's button keeps the focus.
  const up = chooser.getByRole('button', { name: 'Move Label team up' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(up).toBeFocused();
  await page.keyboard.press('Enter');
  await chooser.getByRole('button', { name: 'Move Spent up' }).click();
  await expectHeaders(ui, ['Phase', 'Spent', 'Limit', 'team', 'Labels', 'Age']);
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();

  // Sized with the keyboard: three steps of 16 px.
  const limit = header(ui, 'Limit');
  const before = await widthOf(limit);
  const handle = ui.table.getByRole('separator', { name: 'Resize the Limit column' });
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => widthOf(limit)).toBe(before + 48);
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 48));
  await expect(page).toHaveURL(new RegExp(`cols=phase%2Cspent%2Climit%40${before + 48}%2Clabel%3Ateam%2Clabels%2Cage`));

  // Remembered: a reload, and the same page without `cols`, show the same columns at the same width.
  await page.reload();
  await expectHeaders(ui, ['Phase', 'Spent', 'Limit', 'team', 'Labels', 'Age']);
  await expect.poll(() => widthOf(limit)).toBe(before + 48);
  await ui.goto(project);
  await expectHeaders(ui, ['Phase', 'Spent', 'Limit', 'team', 'Labels', 'Age']);
  await expect.poll(() => widthOf(limit)).toBe(before + 48);
  // The address bar then holds what the table shows, so a link or a view saved from it keeps the columns.
  await expect(page).toHaveURL(/[?&]cols=phase%2Cspent%2Climit%40\d+%2Clabel%3Ateam%2Clabels%2Cage(&|$)/);

  // Per kind: Jobs keep their own columns.
  const jobs = new ResourceTablePage(page, 'jobs');
  await jobs.goto(project);
  await jobs.expectNames(['j-1']);
  await expectHeaders(jobs, ['Phase', 'GPU', 'Cost', 'Max', 'Owner', 'Labels', 'Age']);
  expect(new URL(page.url()).searchParams.get('cols')).toBeNull();

  // Reset: the defaults again, and the URL without `cols`.
  await ui.goto(project);
  const again = await openColumns(page);
  await again.getByRole('button', { name: 'Reset columns to the defaults' }).click();
  await expectHeaders(ui, ['Phase', 'Limit', 'Spent', 'Period', 'Labels', 'Age']);
  expect(new URL(page.url()).searchParams.get('cols')).toBeNull();
});

test('a cols parameter restores a layout in a fresh browser context', async ({ browser, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-cols-url');
  await api.budget(project, 'b-1', '1.00', { team: 'nlp' });
  const context = await browser.newContext();
  const page = await context.newPage();
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project, '?cols=label:team,phase@200,nonsense');
  await ui.expectNames(['b-1']);
  await expectHeaders(ui, ['team', 'Phase']);
  await ui.columns();
  await expect(ui.cell('b-1', 'team')).toHaveText('nlp');
  await expect.poll(() => widthOf(header(ui, 'Phase'))).toBe(200);
  await context.close();
});

test('the compact density shows at least 24 rows in a 900 px high window', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-dense');
  await api.seed(project, 'Budget', 60, 'b');
  await page.setViewportSize({ width: 1280, height: 900 });
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await expect(ui.count).toContainText('60 budgets');
  const fullyShown = () =>
    ui.table.evaluate((table) => {
      const box = table.getBoundingClientRect();
      const header = table.querySelector('[role="rowgroup"]')!.getBoundingClientRect().bottom;
      return [...table.querySelectorAll('[role="row"][data-uid]')].filter((row) => {
        const r = row.getBoundingClientRect();
        return r.top >= header - 0.5 && r.bottom <= box.bottom + 0.5;
      }).length;
    });
  const comfortable = await fullyShown();
  const chooser = await openColumns(page);
  await chooser.getByRole('radio', { name: 'Compact' }).check();
  await page.keyboard.press('Escape');
  await expect.poll(fullyShown).toBeGreaterThanOrEqual(24);
  expect(comfortable).toBeLessThan(24);
  // Remembered across a reload.
  await page.reload();
  await expect.poll(fullyShown).toBeGreaterThanOrEqual(24);
});

test('exports hold the rows the table shows: CSV of its columns, YAML and JSON of the objects', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-export');
  await api.budget(project, 'train-a', '1.00', { team: 'nlp', tier: 'gold' });
  await api.budget(project, 'train-b', '4.00', { team: 'vision' });
  await api.budget(project, 'train-c', '2.00', { team: 'nlp' });
  await api.budget(project, 'other', '3.00', { team: 'nlp' });
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project, '?sort=-limit&cols=limit,label:team,labels');
  await ui.expectNames(['train-a', 'train-b', 'train-c', 'other']);
  await ui.textFilter.fill('train');
  await ui.expectNames(['train-a', 'train-b', 'train-c']);
  const names = await ui.names();
  expect(names).toEqual(['train-b', 'train-c', 'train-a']);

  const exportAs = async (item: RegExp) => {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: item }).click(),
    ]);
    return download;
  };

  const csv = await exportAs(/^CSV/);
  expect(csv.suggestedFilename()).toBe(`budgets-${project}.csv`);
  const rows = parseCsv(await readDownload(csv));
  expect(rows[0]).toEqual(['Name', 'Limit', 'team', 'Labels']);
  expect(rows.slice(1).map((r) => r[0])).toEqual(names);
  expect(rows.slice(1).map((r) => r[2])).toEqual(['vision', 'nlp', 'nlp']);
  // The labels, comma-separated, are one quoted field.
  expect(rows.every((r) => r.length === 4)).toBe(true);
  expect(rows[3]![3]).toMatch(/(^|,)team=nlp,tier=gold(,|$)/);
  expect(rows.slice(1).map((r) => r[1])).toEqual(['4.00', '2.00', '1.00']);

  const yaml = await exportAs(/^YAML/);
  expect(yaml.suggestedFilename()).toBe(`budgets-${project}.yaml`);
  const list = parse(await readDownload(yaml)) as {
    kind: string;
    items: { kind: string; metadata: { name: string }; spec: { limitUSD: string } }[];
  };
  expect(list.kind).toBe('List');
  expect(list.items.map((o) => o.metadata.name)).toEqual(names);
  // Whole objects, read for the export: the table itself holds only the printed rows.
  expect(list.items.map((o) => [o.kind, o.spec.limitUSD])).toEqual([
    ['Budget', '4.00'],
    ['Budget', '2.00'],
    ['Budget', '1.00'],
  ]);

  // From the keyboard: the menu opens on its first item, arrows move.
  await page.getByRole('button', { name: 'Export', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: /^CSV/ })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: /^JSON/ })).toBeFocused();
  const [json] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(json.suggestedFilename()).toBe(`budgets-${project}.json`);
  const parsed = JSON.parse(await readDownload(json)) as { items: { metadata: { name: string } }[] };
  expect(parsed.items.map((o) => o.metadata.name)).toEqual(names);
});

test('an export of many rows reads their objects in pages of the list, not one request each', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-export-many');
  await api.seed(project, 'Job', 60, 'bulk');
  const ui = new ResourceTablePage(page, 'jobs');
  const listed = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith(`/namespaces/${project}/jobs`));
  await ui.goto(project, '?sort=-name');
  await expect(ui.count).toContainText('60 jobs');
  // The table lists rows as the API prints them, not whole objects.
  expect((await listed).headers().accept).toContain('as=Table');
  const reads = recordWholeReads(page, project, 'jobs');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /^JSON/ }).click(),
  ]);
  const list = JSON.parse(await readDownload(download)) as { items: { metadata: { name: string }; spec: object }[] };
  // In the order shown (names descending), each one whole.
  expect(list.items.map((o) => o.metadata.name)).toEqual(
    Array.from({ length: 60 }, (_, i) => `bulk-${String(59 - i).padStart(6, '0')}`),
  );
  expect(list.items.every((o) => typeof o.spec === 'object')).toBe(true);
  expect(reads).toEqual(['jobs?limit=500']);
});

test('an object page downloads the object as YAML', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-yaml');
  await api.budget(project, 'one', '1.00', { team: 'nlp' });
  await page.goto(`/projects/${project}/budgets/one?tab=yaml`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download YAML' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`budget-${project}-one.yaml`);
  const object = parse(await readDownload(download)) as { kind: string; metadata: Record<string, unknown> };
  expect(object.kind).toBe('Budget');
  expect(object.metadata.name).toBe('one');
  expect(object.metadata.labels).toMatchObject({ team: 'nlp' });
  expect(object.metadata.managedFields).toBeUndefined();
});
