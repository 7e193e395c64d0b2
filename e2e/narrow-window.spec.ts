/**
 * A window narrower than 1,024 px (half a laptop's screen): the sidebar becomes a drawer behind the top bar's
 * menu button, so the page gets the whole width, and an object's summary keeps its values readable.
 */
import { expect, test, type Page } from '@playwright/test';
import { ObjectApi } from './support/object-api.ts';
import { seriousViolations } from './support/axe.ts';
import { createBudget } from './support/mock-writes.ts';

const NARROW = { width: 683, height: 800 };

/** The lightness (0 to 1) of a computed colour, in the forms Chromium gives: oklch(L …) or rgb(r, g, b …). */
function lightness(color: string): number {
  const oklch = /oklch\(([\d.]+)(%?)/.exec(color);
  if (oklch) return Number(oklch[1]) / (oklch[2] ? 100 : 1);
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return (Math.max(r, g, b) + Math.min(r, g, b)) / 2 / 255;
}

function drawer(page: Page) {
  return {
    menu: page.getByRole('button', { name: 'Navigation' }),
    kinds: page.getByRole('navigation', { name: 'Resources' }),
    focusInside: () => page.evaluate(() => !!document.activeElement?.closest('#app-navigation')),
  };
}

test('under 1,024 px the sidebar is a drawer: the menu opens it; Escape, a click or focus beside it, or a link closes it', async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('narrow');
  await createBudget(request, project, 'alpha');
  await page.setViewportSize(NARROW);
  await page.goto(`/projects/${project}/budgets`);
  const { menu, kinds, focusInside } = drawer(page);
  await expect(page.getByRole('table', { name: 'Budgets' }).getByRole('row', { name: /alpha/ })).toBeVisible();

  // Closed, the page has the whole width.
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(kinds).toBeHidden();
  expect((await page.getByRole('main').boundingBox())!.x).toBe(0);

  // Opened, the focus goes into it; Escape closes it and brings the focus back to the button.
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(kinds.getByRole('link', { name: /^Budgets\b/ })).toBeVisible();
  await expect.poll(focusInside).toBe(true);
  expect(await seriousViolations(page, 'the open drawer')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(kinds).toBeHidden();
  await expect(menu).toBeFocused();

  // A click beside it closes it, and so does the focus going to another control.
  await menu.click();
  await expect(kinds).toBeVisible();
  await page.mouse.click(NARROW.width - 20, NARROW.height / 2);
  await expect(kinds).toBeHidden();
  await menu.click();
  await expect(kinds).toBeVisible();
  await page.getByRole('button', { name: /^Support/ }).focus();
  await expect(kinds).toBeHidden();

  // Escape still closes it after a click on its text has left the focus nowhere, before the page's keys see it.
  await menu.click();
  await kinds.getByRole('heading', { name: /^Resources/ }).click();
  await page.keyboard.press('Escape');
  await expect(kinds).toBeHidden();
  await expect(menu).toBeFocused();

  // A dialog opened from it takes the first Escape and gives the focus back into it; the second closes it.
  await menu.click();
  await page.getByRole('button', { name: /^Keyboard shortcuts/ }).click();
  const sheet = page.getByRole('dialog', { name: /Keyboard shortcuts/ });
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(kinds).toBeVisible();
  await expect.poll(focusInside).toBe(true);
  await page.keyboard.press('Escape');
  await expect(kinds).toBeHidden();

  // In the dark theme its scrim darkens the page too (the palette's slate-900 is light there).
  await page.emulateMedia({ colorScheme: 'dark' });
  await menu.click();
  const scrim = page.locator('[data-scrim]');
  await expect(scrim).toBeVisible();
  const wash = await scrim.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(lightness(wash), wash).toBeLessThan(0.4);
  await page.keyboard.press('Escape');
  await page.emulateMedia({ colorScheme: 'light' });

  // A double click opens and closes it: it ends as the last click left it.
  await menu.dblclick();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(kinds).toBeHidden();

  // A link closes it: the page's own (nothing to load), and another page's; one opened in a new tab does not.
  await menu.click();
  await kinds.getByRole('link', { name: /^Budgets\b/ }).click();
  await expect(kinds).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets$`));
  await menu.click();
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    kinds.getByRole('link', { name: /^Jobs\b/ }).click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await tab.close();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(kinds).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets$`));
  await page.getByRole('link', { name: /^Activity\b/ }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/activity$`));
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  await expect(kinds).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // Back and Forward: the page it was open on comes back with it closed.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets$`));
  await menu.click();
  await expect(kinds).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/activity$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets$`));
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(kinds).toBeHidden();

  // Widened while open, the sidebar is back in place and the button gone; narrowed again, it is closed.
  await menu.click();
  await expect(kinds).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menu).toBeHidden();
  await expect(kinds).toBeVisible();
  await page.setViewportSize(NARROW);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(kinds).toBeHidden();
});

test("an object's summary keeps each value wide enough to read, from a phone's width to a wide window", async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('narrow-summary');
  await api.job(project, 'reader', { startSeconds: 0 });
  // A second manager with a long name: the Details card lists who changed the object and when.
  const manager = 'nightly-retraining-pipeline-controller';
  await api.patch(project, 'jobs', 'reader', { metadata: { labels: { retrained: 'yes' } } }, { fieldManager: manager });
  for (const width of [390, 683, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/projects/${project}/jobs/reader`);
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByText('nodus/python:3.12')).toBeVisible();
    // Each fact is a label (112 px) and its value. Beside the sidebar, a window of 683 px left a value a few
    // characters a line ("nodu / s/py / torc…").
    const facts = await summary
      .locator('dl > div')
      .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width));
    expect(facts.length, `facts at ${width} px`).toBeGreaterThan(4);
    expect(Math.min(...facts), `the narrowest fact at ${width} px`).toBeGreaterThanOrEqual(260);

    // The Details card wraps what does not fit on a line; nothing in it is cut off ("…updated 11s ag").
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.getByRole('list', { name: 'Managed by' })).toContainText(manager);
    const clipped = await details
      .locator('dd')
      .evaluateAll((values) =>
        values.filter((dd) => dd.scrollWidth > dd.clientWidth + 1).map((dd) => dd.textContent ?? ''),
      );
    expect(clipped, `values cut off at ${width} px`).toEqual([]);
  }
});

test("on a phone the top bar keeps the project's name readable and every control inside the window", async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('training-runs-europe');
  await api.job(project, 'reader', { startSeconds: 0 });
  const name = page.getByRole('button', { name: `Project: ${project}` }).getByText(project);
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto(`/projects/${project}/jobs`);
    await expect(page.getByRole('rowheader', { name: 'reader' })).toBeVisible();
    const header = await page
      .locator('header')
      .first()
      .evaluate((h) => ({ scroll: h.scrollWidth, client: h.clientWidth }));
    expect(header.scroll, `the top bar overflows at ${width} px`).toBeLessThanOrEqual(header.client);
    // At 390 px the name had 22 px ("t…"), the icons, the chevrons and the Support badge's empty place took the rest.
    if (width >= 390) expect((await name.boundingBox())?.width ?? 0, `the name at ${width} px`).toBeGreaterThan(64);
  }
  // A failure's badge on a phone sits on the Support icon's corner, inside the window.
  await page.goto('/projects/no-such-project-on-a-phone/jobs');
  const support = page.getByRole('button', { name: /^Support \(\d+ failed calls\)$/ });
  await expect(support).toBeVisible();
  const badge = await page.getByTestId('support-badge').boundingBox();
  expect(badge && badge.x + badge.width).toBeLessThanOrEqual(390);
});
