/**
 * The console knows who the key belongs to and what it may do, and asks the API rather than guessing: the header
 * names the user; in the read-only project nodus every write on an Image (page, table, palette) is off with the
 * API's own reason, while in a project of one's own the same actions are on; a table of many rows asks once; a
 * 403 that happens anyway is shown like any error and makes the console ask again; a new key is asked about
 * afresh. Signed in through e2e/support/signed-in.ts, so the same tests can run as another user's key.
 */
import type { Page, Request } from '@playwright/test';
import { RULES_POLL_MS } from '../src/data/access/timing.ts';
import { DEMO_API_KEY } from '../src/shared/protocol.ts';
import { EditorPage } from './pages/editor-page.ts';
import { ObjectPage } from './pages/object-page.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { asSentence, canI, REVIEW_URL, whoAmI } from './support/access-api.ts';
import { createBudget, createProject, uniqueName } from './support/mock-writes.ts';
import { apiObjects } from './support/nodus-api.ts';
import { expect, test } from './support/signed-in.ts';

/** Every review the page asks, with what it asked about and with which key. */
function recordReviews(page: Page) {
  const seen: { kind: string; spec: Record<string, unknown>; auth: string }[] = [];
  page.on('request', (r: Request) => {
    const match = REVIEW_URL.exec(new URL(r.url()).pathname);
    if (!match || r.method() !== 'POST') return;
    const body = (r.postDataJSON() ?? {}) as { spec?: Record<string, unknown> };
    seen.push({ kind: match[2]!, spec: body.spec ?? {}, auth: r.headers().authorization ?? '' });
  });
  return seen;
}

test('the header names the user the key belongs to, with their groups and the context', async ({
  signedIn,
  request,
}) => {
  const me = await whoAmI(request);
  await signedIn.open('/projects/default');
  const { shell } = signedIn;
  await expect(shell.userButton).toHaveAttribute('title', new RegExp(`groups ${me.groups.join(', ')}`));
  await shell.userButton.click();
  await expect(shell.userPanel).toContainText(me.username);
  await expect(shell.userPanel.getByRole('list', { name: 'Groups' }).getByRole('listitem')).toHaveText(me.groups);
  await expect(shell.userPanel).toContainText('local-mock');
  await expect(shell.userPanel).toContainText("set, in this tab's memory only");
  // The key itself is never shown.
  await expect(shell.userPanel).not.toContainText(DEMO_API_KEY);
});

test("in the read-only project nodus every write on an Image is off with the API's reason", async ({
  signedIn,
  request,
}) => {
  const { page, shell } = signedIn;
  const [me, images, deletes, creates] = await Promise.all([
    whoAmI(request),
    apiObjects(request, 'nodus', 'images'),
    canI(request, { verb: 'delete', group: 'nodus.dev', resource: 'images', namespace: 'nodus' }),
    canI(request, { verb: 'create', group: 'nodus.dev', resource: 'jobs', namespace: 'nodus' }),
  ]);
  expect(deletes.allowed).toBe(false);
  expect(creates.allowed).toBe(false);
  const name = images[0]!.metadata.name!;
  const noDelete = `You (${me.username}) can't delete images in project nodus. ${asSentence(deletes.reason!)}`;

  // The object page: Delete is off, reachable, and says why; pressing it does nothing.
  await signedIn.open(`/projects/nodus/images/${name}`);
  const object = new ObjectPage(page);
  const remove = object.action('Delete…');
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(remove).toHaveAccessibleDescription(noDelete);
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The table: a ticked row's Delete is off with the same words.
  await signedIn.goInApp('/projects/nodus/images');
  const table = new ResourceTablePage(page, 'images');
  await table.selectBox(name).check();
  await expect(table.bulk('Delete')).toBeDisabled();
  await expect(table.bulk('Delete')).toHaveAccessibleDescription(noDelete);

  // The palette: "New Job" is listed, off, with why; Enter says it instead of going anywhere.
  const noCreate = `You (${me.username}) can't create jobs in project nodus. ${asSentence(creates.reason!)}`;
  await shell.openPalette();
  await shell.paletteInput.fill('new job');
  const option = shell.paletteOption(/^New Job/);
  await expect(option).toHaveAttribute('aria-disabled', 'true');
  await expect(option).toHaveAccessibleDescription(noCreate);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(shell.palette.getByRole('status')).toHaveText(noCreate);
  await expect(shell.palette).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/nodus\/images$/);
});

test("in a project of one's own the same actions are on, and a table of 40 rows asks once", async ({
  signedIn,
  request,
}) => {
  const { page, shell } = signedIn;
  const project = uniqueName('mine');
  await createProject(request, project);
  for (let i = 0; i < 40; i++) await createBudget(request, project, `b-${String(i).padStart(2, '0')}`);
  const reviews = recordReviews(page);
  const openedAt = Date.now();

  await signedIn.open(`/projects/${project}/budgets/b-00`);
  const object = new ObjectPage(page);
  await expect(object.action('Delete…')).not.toHaveAttribute('aria-disabled', 'true');
  await expect(object.action('Delete…')).toBeEnabled();

  await signedIn.goInApp(`/projects/${project}/budgets`);
  const table = new ResourceTablePage(page, 'budgets');
  await expect(table.count).toHaveText('40 budgets');
  await table.selectAll.check();
  await expect(table.selected).toContainText('40 selected');
  await expect(table.bulk('Delete')).toBeEnabled();
  await expect(page.getByRole('link', { name: 'New Budget' })).toBeVisible();

  await shell.openPalette();
  await shell.paletteInput.fill('new budget');
  await expect(shell.paletteOption(/^New Budget/)).not.toHaveAttribute('aria-disabled', 'true');

  // One rules review of the project answered the page, the table, all 40 rows and the palette.
  const here = reviews.filter(
    (r) =>
      r.spec.namespace === project ||
      (r.spec.resourceAttributes as { namespace?: string } | undefined)?.namespace === project,
  );
  expect(here.filter((r) => r.kind === 'selfsubjectaccessreviews')).toEqual([]);
  // Once, and again only as often as the rules are polled while the page is shown (so never once per row).
  const polls = Math.floor((Date.now() - openedAt) / RULES_POLL_MS);
  expect(here.filter((r) => r.kind === 'selfsubjectrulesreviews').length).toBeGreaterThanOrEqual(1);
  expect(here.filter((r) => r.kind === 'selfsubjectrulesreviews').length).toBeLessThanOrEqual(1 + polls);
});

test('a 403 that happens anyway is shown like any error, and what the key may do is asked again', async ({
  signedIn,
  request,
}) => {
  test.setTimeout(180_000);
  const { page } = signedIn;
  const project = uniqueName('race');
  await createProject(request, project);
  // A Budget too small for any launch: the API allows creating Jobs here, then refuses this one (403).
  await createBudget(request, project, 'tiny', '0.01');
  const reviews = recordReviews(page);

  await signedIn.open(`/projects/${project}/new/jobs`);
  const editor = new EditorPage(page);
  await editor.ready();
  await editor.setText(EditorPage.jobYaml('over', { maxCostUSD: '5.00' }));
  await editor.reviewButton.click();
  await expect(editor.launchButton).toBeEnabled({ timeout: 30_000 });
  const rulesBefore = reviews.filter(
    (r) => r.kind === 'selfsubjectrulesreviews' && r.spec.namespace === project,
  ).length;
  expect(rulesBefore).toBeGreaterThan(0);

  const refused = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/jobs$/.test(new URL(r.url()).pathname),
  );
  await editor.launchButton.click();
  const answer = await refused;
  expect(answer.status()).toBe(403);
  const requestId = answer.headers()['x-request-id'] ?? '';
  const panel = page.getByRole('alert', { name: 'The Job was not launched' });
  await expect(panel).toContainText('Forbidden');
  await expect(panel).toContainText('HTTP 403');
  await expect(panel).toContainText(/would go over Budget "tiny"/);
  await expect(panel).toContainText(requestId);
  // Roles may have changed under the page: the project's rules are asked again.
  await expect
    .poll(() => reviews.filter((r) => r.kind === 'selfsubjectrulesreviews' && r.spec.namespace === project).length)
    .toBeGreaterThan(rulesBefore);
});

test('a new key is asked about afresh: a refused one says so, an accepted one names its user', async ({
  signedIn,
  request,
}) => {
  const { page, shell } = signedIn;
  const [me, images] = await Promise.all([whoAmI(request), apiObjects(request, 'nodus', 'images')]);
  const name = images[0]!.metadata.name!;
  const reviews = recordReviews(page);
  await signedIn.open(`/projects/nodus/images/${name}`);
  const remove = new ObjectPage(page).action('Delete…');
  await expect(remove).toHaveAccessibleDescription(/can't delete images in project nodus/);

  // A context on the same API with a key it refuses.
  const wrong = 'refused-key-7c1e';
  await shell.contextButton.click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Add a context' });
  await form.getByLabel('Name').fill('elsewhere');
  await form.getByLabel('API key').fill(wrong);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(shell.keyPrompt).toBeVisible();
  await expect(shell.userButton).toHaveAccessibleName('Not signed in: Key refused');
  expect(reviews.some((r) => r.kind === 'selfsubjectreviews' && r.auth === `Bearer ${wrong}`)).toBe(true);

  // The prompt's key is accepted: the header names its user and the page's actions are asked again with it.
  const asked = reviews.length;
  await shell.keyPrompt.getByLabel('API key').fill(DEMO_API_KEY);
  await shell.keyPrompt.getByRole('button', { name: 'Use key' }).click();
  await expect(shell.userButton).toHaveAccessibleName(`Signed in as: ${me.username}`);
  await expect(remove).toHaveAccessibleDescription(/can't delete images in project nodus/);
  const again = reviews.slice(asked);
  expect(again.every((r) => r.auth === `Bearer ${DEMO_API_KEY}`)).toBe(true);
  expect(again.map((r) => r.kind)).toEqual(expect.arrayContaining(['selfsubjectreviews', 'selfsubjectaccessreviews']));
});
