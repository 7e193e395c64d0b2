/**
 * Sort and filters: the label selector is checked in the browser and sent to the API as `labelSelector`, the
 * phase as `fieldSelector=status.phase=…`; label chips add to the selector; text filters in the browser. All of
 * it lives in the URL, so it survives a reload and Back undoes it.
 */
import { expect, test, type Page } from '@playwright/test';
import { ResourceTablePage } from './pages/resource-table.ts';
import { clickInOneTask } from './support/controls.ts';
import { NodusApi } from './support/resource-table-api.ts';

/** The selectors of every watch the page opens on budgets, as the API received them. */
function watchedSelectors(page: Page): { label: (string | null)[]; field: (string | null)[] } {
  const seen = { label: [] as (string | null)[], field: [] as (string | null)[] };
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.endsWith('/budgets') || url.searchParams.get('watch') !== 'true') return;
    seen.label.push(url.searchParams.get('labelSelector'));
    seen.field.push(url.searchParams.get('fieldSelector'));
  });
  return seen;
}

test('a label selector narrows the rows on the server, survives a reload, and refuses what it cannot read', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-labels');
  await api.budget(project, 'nlp-a', '1.00', { team: 'nlp', tier: 'gold' });
  await api.budget(project, 'nlp-b', '2.00', { team: 'nlp' });
  await api.budget(project, 'vision', '3.00', { team: 'vision' });
  const seen = watchedSelectors(page);
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await ui.expectNames(['nlp-a', 'nlp-b', 'vision']);

  await ui.applyLabelSelector('team=nlp');
  await ui.expectNames(['nlp-a', 'nlp-b']);
  await expect(page).toHaveURL(/[?&]labels=team%3Dnlp(&|$)/);
  expect(seen.label).toContain('team=nlp');
  await expect(ui.count).toHaveText('2 budgets matching the selectors');

  // A new object that matches arrives on the narrowed watch; one that does not, does not.
  await api.budget(project, 'nlp-c', '4.00', { team: 'nlp' });
  await api.budget(project, 'vision-2', '4.00', { team: 'vision' });
  await ui.expectNames(['nlp-a', 'nlp-b', 'nlp-c']);

  await page.reload();
  await expect(ui.labelSelector).toHaveValue('team=nlp');
  await ui.expectNames(['nlp-a', 'nlp-b', 'nlp-c']);

  // Not a selector: said so under the box, and nothing is sent.
  const sent = seen.label.length;
  await ui.applyLabelSelector('team in (nlp');
  await expect(ui.labelSelector).toHaveAttribute('aria-invalid', 'true');
  await expect(ui.labelSelector).toHaveAccessibleDescription(/parentheses do not pair up.*key in \(a,b\)/);
  await expect(page).toHaveURL(/[?&]labels=team%3Dnlp(&|$)/);
  await ui.expectNames(['nlp-a', 'nlp-b', 'nlp-c']);
  expect(seen.label.slice(sent)).not.toContain('team in (nlp');
  // Fixed, the message goes and the selector applies.
  await ui.applyLabelSelector('team in (nlp,vision),tier');
  await expect(ui.labelSelector).not.toHaveAttribute('aria-invalid');
  await ui.expectNames(['nlp-a']);

  // Back returns to the previous selector.
  await page.goBack();
  await expect(ui.labelSelector).toHaveValue('team=nlp');
  await ui.expectNames(['nlp-a', 'nlp-b', 'nlp-c']);
});

test('a selector typed and left by a press on a row opens that row; left by a press elsewhere, it applies', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-blur');
  await api.budget(project, 'a-other', '1.00', { app: 'other' });
  await api.budget(project, 'b-mine', '2.00', { app: 'mine' });
  await api.budget(project, 'c-other', '3.00', { app: 'other' });
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await ui.expectNames(['a-other', 'b-mine', 'c-other']);

  // The press takes the focus, and with it the selector, which would move b-mine up a row under the pointer
  // before the release: a person's press (held 150 ms) must still open the row it began on.
  await ui.labelSelector.fill('app=mine');
  await ui.row('b-mine').getByRole('link', { name: 'b-mine' }).click({ delay: 150 });
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets/b-mine`));
  await expect(page.getByRole('heading', { name: 'b-mine' }).first()).toBeVisible();

  // Back on the table, a press on nothing in particular applies what was typed, as leaving the field does.
  await page.goBack();
  await ui.expectNames(['a-other', 'b-mine', 'c-other']);
  await ui.labelSelector.fill('app=mine');
  await ui.count.click({ delay: 150 });
  await ui.expectNames(['b-mine']);
  await expect(page).toHaveURL(/[?&]labels=app%3Dmine(&|$)/);
});

test('clicking a label chip filters by that label', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-chips');
  await api.budget(project, 'one', '1.00', { app: 'trainer' });
  await api.budget(project, 'two', '2.00', { app: 'eval' });
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await ui.expectNames(['one', 'two']);

  await ui.row('two').getByRole('button', { name: 'Filter by label app=eval' }).click();
  await expect(ui.labelSelector).toHaveValue('app=eval');
  await ui.expectNames(['two']);
  await expect(ui.chip('app', 'eval')).toHaveAttribute('aria-pressed', 'true');
  // The chip did not open the object.
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets\\?labels=app%3Deval$`));
});

test('the phase filter is a field selector, and survives a reload', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-phase');
  await api.budget(project, 'on', '1.00');
  await api.budget(project, 'off', '1.00', undefined, 'Suspended');
  const seen = watchedSelectors(page);
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await ui.expectNames(['off', 'on']);

  await ui.phase.selectOption('Suspended');
  await ui.expectNames(['off']);
  expect(seen.field).toContain('status.phase=Suspended');
  await expect(page).toHaveURL(/[?&]phase=Suspended(&|$)/);

  // An object that takes the phase joins the rows; the server sends it as it starts to match.
  await api.patch(project, 'budgets', 'on', { spec: { state: 'Suspended' } });
  await ui.expectNames(['off', 'on']);

  await page.reload();
  await expect(ui.phase).toHaveValue('Suspended');
  await ui.expectNames(['off', 'on']);
});

test('sort by any column and filter by text, kept in the URL; Back and Forward step through them', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-sort');
  await api.budget(project, 'alpha', '30.00');
  await api.budget(project, 'bravo', '10.00');
  await api.budget(project, 'charlie', '20.00');
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await expect.poll(() => ui.names()).toEqual(['alpha', 'bravo', 'charlie']);
  await expect(ui.columnHeader('Name')).toHaveAttribute('aria-sort', 'ascending');

  await ui.sortBy('Limit');
  // Money sorts biggest first on the first click.
  await expect.poll(() => ui.names()).toEqual(['alpha', 'charlie', 'bravo']);
  await expect(ui.columnHeader('Limit')).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/[?&]sort=-limit(&|$)/);
  await ui.sortBy('Limit');
  await expect.poll(() => ui.names()).toEqual(['bravo', 'charlie', 'alpha']);

  await ui.textFilter.fill('a');
  await expect.poll(() => ui.names()).toEqual(['bravo', 'charlie', 'alpha']);
  await ui.textFilter.fill('ar');
  await expect.poll(() => ui.names()).toEqual(['charlie']);
  await expect(ui.count).toHaveText('3 budgets · 1 shown');
  await expect(page).toHaveURL(/[?&]q=ar(&|$)/);

  await page.reload();
  await expect(ui.textFilter).toHaveValue('ar');
  await expect.poll(() => ui.names()).toEqual(['charlie']);

  // The text filter replaced its history entry; Back undoes the second sort, then the first.
  await page.goBack();
  await expect(ui.textFilter).toHaveValue('');
  await expect.poll(() => ui.names()).toEqual(['alpha', 'charlie', 'bravo']);
  await page.goBack();
  await expect.poll(() => ui.names()).toEqual(['alpha', 'bravo', 'charlie']);
  await page.goForward();
  await expect.poll(() => ui.names()).toEqual(['alpha', 'charlie', 'bravo']);

  // Two clicks on a header faster than the table renders: the second sees the first and reverses it.
  await clickInOneTask(ui.columnHeader('Name').getByRole('button'), 2);
  await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);
  await expect.poll(() => ui.names()).toEqual(['charlie', 'bravo', 'alpha']);
  await expect(ui.columnHeader('Name')).toHaveAttribute('aria-sort', 'descending');
});

test('a key pressed as the rows come back after nothing matched is not lost; Escape on an empty filter leaves it', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-nomatch');
  await api.seed(project, 'Budget', 40, 'b');
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await expect(ui.row('b-000000')).toBeVisible();
  const clear = page.getByRole('button', { name: 'Clear filters' });

  for (const [key, name] of [
    ['j', 'b-000000'],
    ['End', 'b-000039'],
  ] as const) {
    await ui.textFilter.fill('nothing-is-called-this');
    await expect(clear).toBeVisible();
    // The click and the key in one task: the key lands while the empty state is still drawn, before any row.
    await clear.evaluate((button, pressed) => {
      // As a press does: the button takes the focus (it leaves with the empty state), then the click.
      (button as HTMLButtonElement).focus();
      (button as HTMLButtonElement).click();
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: pressed, bubbles: true, cancelable: true }));
    }, key);
    await expect(ui.row(name)).toBeFocused();
  }

  // A key pressed on the empty state, then a filter typed that matches: the rows come back under the typing, and
  // the field keeps the focus.
  await ui.textFilter.fill('nothing-is-called-this');
  await expect(clear).toBeVisible();
  await ui.textFilter.blur();
  await page.keyboard.press('j');
  await ui.textFilter.fill('b-00003');
  await ui.expectNames(Array.from({ length: 10 }, (_, i) => `b-00003${i}`));
  await expect(ui.textFilter).toBeFocused();

  // By keyboard alone: / to filter, Escape clears it, Escape again leaves the field, and j is the rows' again.
  await ui.textFilter.fill('');
  await ui.textFilter.blur();
  await page.keyboard.press('/');
  await page.keyboard.type('nothing-is-called-this');
  await expect(clear).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(ui.textFilter).not.toBeFocused();
  // As a person who sees the rows back presses j (a key pressed before they are is the part above's to test).
  await expect(ui.row('b-000000')).toBeVisible();
  await page.keyboard.press('j');
  await expect(ui.row('b-000000')).toBeFocused();
  await expect(ui.textFilter).toHaveValue('');
});
