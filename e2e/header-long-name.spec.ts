/**
 * A long project name never pushes the header's right-hand side (the palette, health, Support) out of the
 * window: the project switcher cuts the name short and shows the whole of it on hover. Under 1,024 px the
 * sidebar is a drawer behind the menu button, and still lists the kinds, the one place to switch them.
 */
import { expect, test, type Page } from '@playwright/test';
import { createProject } from './support/mock-writes.ts';

async function expectWithin(page: Page, what: string, box: { x: number; y: number; width: number; height: number }) {
  const size = page.viewportSize()!;
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(size.height);
}

test('at 1280 px a long project name is cut short and Support stays fully visible', async ({ page, request }) => {
  // 63 characters, the longest name a project may have.
  const project = `long-${Date.now().toString(36)}-`.padEnd(63, 'x');
  await createProject(request, project);
  for (const width of [1280, 1024, 820]) {
    await page.setViewportSize({ width, height: 720 });
    await page.goto(`/projects/${project}/jobs`);
    const support = page.getByRole('button', { name: /^Support/ });
    await expect(support).toBeVisible();
    await expectWithin(page, `Support at ${width} px`, (await support.boundingBox())!);
    await expectWithin(
      page,
      `health at ${width} px`,
      (await page.getByRole('button', { name: /^API health:/ }).boundingBox())!,
    );
    // The header holds its content: nothing spills past its right edge.
    const spill = await page.getByRole('banner').evaluate((header) => header.scrollWidth - header.clientWidth);
    expect(spill, `the header at ${width} px`).toBeLessThanOrEqual(0);
    const switcher = page.getByRole('button', { name: `Project: ${project}` });
    await expect(switcher).toHaveAttribute('title', project);
    // The sidebar keeps the kinds, and switches them (in a drawer under 1,024 px).
    const menu = page.getByRole('button', { name: 'Navigation' });
    if (width < 1024) await menu.click();
    else await expect(menu).toBeHidden();
    const kinds = page.getByRole('navigation', { name: 'Resources' }).getByRole('list', { name: 'Kinds' });
    await expect(kinds.getByRole('link', { name: /^Budgets\b/ })).toBeVisible();
  }
  await page
    .getByRole('navigation', { name: 'Resources' })
    .getByRole('link', { name: /^Budgets\b/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets$`));
});
