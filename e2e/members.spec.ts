/**
 * A project's Members page: an admin gives and takes roles, each change reviewed by the API first (a dry run),
 * and the person's open tab in another browser follows without a reload; others see the page read-only with the
 * API's reason; what the API refuses is shown with its requestId. Each test makes a project of its own and binds
 * demo users there with the org admin's key, so the demo projects' members stay as they are.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { RBAC_GROUP, ROLE_ADMIN, ROLE_DEVELOPER, ROLE_VIEWER } from '../src/shared/iam.ts';
import { Shell } from './pages/shell.ts';
import { asSentence, canI } from './support/access-api.ts';
import { authHeaders, createProject, uniqueName } from './support/mock-writes.ts';
import { MOCK_URL } from './support/servers.ts';
import { expect, test } from './support/signed-in.ts';

const KEY = (user: string) => `nodus-demo-${user}`;
const bindings = (project: string) => `${MOCK_URL}/apis/${RBAC_GROUP}/v1/namespaces/${project}/rolebindings`;

async function bind(request: APIRequestContext, project: string, user: string, role: string): Promise<void> {
  const res = await request.post(bindings(project), {
    headers: authHeaders,
    data: {
      metadata: { name: `${user}-${role.split(':')[1]}` },
      roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: role },
      subjects: [{ kind: 'User', apiGroup: RBAC_GROUP, name: user }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function bindingNames(request: APIRequestContext, project: string): Promise<string[]> {
  const res = await request.get(bindings(project), { headers: authHeaders });
  const list = (await res.json()) as { items: { metadata: { name: string } }[] };
  return list.items.map((b) => b.metadata.name).sort();
}

/** A project of the test's own, with these users bound to these roles in it. */
async function teamProject(request: APIRequestContext, grants: [user: string, role: string][]): Promise<string> {
  const project = uniqueName('team');
  await createProject(request, project);
  for (const [user, role] of grants) await bind(request, project, user, role);
  return project;
}

/** A second person at their own browser: a context of its own, signed in with their key. */
async function openAs(
  browser: Browser,
  user: string,
  path: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  const shell = new Shell(page);
  await shell.useApiKey(KEY(user));
  await expect(shell.userButton).toHaveAccessibleName(`Signed in as: ${user}`);
  return { page, close: () => context.close() };
}

/** The Members page's row of one person. */
const row = (page: Page, displayName: string) => page.getByRole('row').filter({ hasText: displayName });

test.describe('as an admin of the project', () => {
  test.use({ apiKey: KEY('ana') });

  test("a granted role is reviewed first and takes effect in the person's open tab without a reload", async ({
    signedIn,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const project = await teamProject(request, [
      ['ana', ROLE_ADMIN],
      ['kim', ROLE_VIEWER],
    ]);

    // Kim, at her own browser, looks at the project's Jobs: as a viewer she may not launch one.
    const kim = await openAs(browser, 'kim', `/projects/${project}/jobs`);
    const cannot = await canI(
      request,
      { verb: 'create', group: 'nodus.dev', resource: 'jobs', namespace: project },
      KEY('kim'),
    );
    const offNew = kim.page.getByRole('button', { name: 'New Job' });
    await expect(offNew).toHaveAttribute('aria-disabled', 'true', { timeout: 30_000 });
    await expect(offNew).toHaveAccessibleDescription(
      `You (kim) can't create jobs in project ${project}. ${asSentence(cannot.reason!)}`,
    );
    await kim.page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // Ana gives her the developer role: the API reviews it first, and nothing is made by the review.
    const { page } = signedIn;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/rolebindings')) posts.push(r.url());
    });
    await signedIn.open(`/projects/${project}/members`);
    await expect(row(page, 'Kim Park').getByRole('list', { name: 'Roles of kim' })).toHaveText('viewer');
    await page.getByRole('button', { name: 'Add member' }).click();
    const dialog = page.getByRole('dialog', { name: `Add a member to ${project}` });
    await dialog.getByLabel('Person').selectOption('kim');
    await expect(dialog).toContainText('Has now: viewer');
    await dialog.getByRole('radio', { name: 'developer' }).check();
    await dialog.getByRole('button', { name: 'Review' }).click();
    await expect(dialog.getByRole('region', { name: 'Review' })).toContainText(
      `Kim Park (kim) will be developer in ${project}`,
    );
    expect(posts).toHaveLength(1);
    expect(new URL(posts[0]!).searchParams.get('dryRun')).toBe('All');
    expect(await bindingNames(request, project)).toEqual(['ana-admin', 'kim-viewer']);

    // Changing the choice asks for a new review; an impatient double click grants once.
    await dialog.getByRole('radio', { name: 'billing' }).check();
    await expect(dialog.getByRole('button', { name: 'Review' })).toBeVisible();
    await dialog.getByRole('radio', { name: 'developer' }).check();
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Grant developer' }).dblclick();
    await expect(dialog).toBeHidden();
    expect(posts.filter((u) => !new URL(u).searchParams.has('dryRun'))).toHaveLength(1);
    await expect(row(page, 'Kim Park').getByRole('list', { name: 'Roles of kim' })).toHaveText(/viewer.*developer/);
    expect(await bindingNames(request, project)).toEqual(['ana-admin', 'kim-developer', 'kim-viewer']);

    // Kim's tab follows by itself: New Job is on, in the same document.
    await expect(kim.page.getByRole('link', { name: 'New Job' })).toBeVisible({ timeout: 30_000 });
    expect(await kim.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Ana takes it away again, reviewed the same way; Kim's New Job is off again.
    await row(page, 'Kim Park').getByRole('button', { name: "Remove kim's developer role" }).click();
    const remove = page.getByRole('dialog', { name: "Remove kim's developer role" });
    await expect(remove).toContainText('The API checked this change');
    await expect(remove).toContainText('they keep viewer');
    await remove.getByRole('button', { name: 'Remove developer' }).click();
    await expect(remove).toBeHidden();
    await expect(row(page, 'Kim Park').getByRole('list', { name: 'Roles of kim' })).toHaveText('viewer');
    await expect(kim.page.getByRole('button', { name: 'New Job' })).toHaveAttribute('aria-disabled', 'true', {
      timeout: 30_000,
    });
    expect(await bindingNames(request, project)).toEqual(['ana-admin', 'kim-viewer']);
    await kim.close();
  });

  test('a role already held is said, a refusal of the API is shown with its requestId, the last admin warned', async ({
    signedIn,
    request,
  }) => {
    const project = await teamProject(request, [
      ['ana', ROLE_ADMIN],
      ['kim', ROLE_VIEWER],
    ]);
    const { page } = signedIn;
    await signedIn.open(`/projects/${project}/members`);

    // Ana is the only admin: removing her own role says what follows, and nothing is sent for real.
    await row(page, 'Ana Costa').getByRole('button', { name: "Remove ana's admin role" }).click();
    const remove = page.getByRole('dialog', { name: "Remove ana's admin role" });
    const warnings = remove.getByRole('list', { name: 'Before you remove it' });
    await expect(warnings).toContainText(`${project} will have no admin left`);
    await expect(warnings).toContainText('This is your own admin role');
    await remove.getByRole('button', { name: 'Cancel' }).click();
    expect(await bindingNames(request, project)).toEqual(['ana-admin', 'kim-viewer']);

    // Kim is a viewer already: the dialog says so and offers nothing to send.
    await page.getByRole('button', { name: 'Add member' }).click();
    const dialog = page.getByRole('dialog', { name: `Add a member to ${project}` });
    await dialog.getByLabel('Person').selectOption('kim');
    await expect(dialog.getByRole('status')).toHaveText(`Kim Park (kim) is viewer in ${project} already.`);
    await expect(dialog.getByRole('button', { name: 'Review' })).toBeDisabled();

    // Meanwhile an org admin takes Ana's admin role away: the review is refused, in the API's words, with its id.
    await dialog.getByRole('radio', { name: 'developer' }).check();
    const revoked = await request.delete(`${bindings(project)}/ana-admin`, { headers: authHeaders });
    expect(revoked.status()).toBe(200);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/rolebindings'));
    await dialog.getByRole('button', { name: 'Review' }).click();
    const refused = await answer;
    expect(refused.status()).toBe(403);
    const panel = dialog.getByRole('alert');
    await expect(panel).toContainText('The API would not make this change');
    await expect(panel).toContainText('Forbidden');
    await expect(panel).toContainText(refused.headers()['x-request-id']!);
    await expect(dialog.getByRole('button', { name: /^Grant/ })).toHaveCount(0);
    expect(await bindingNames(request, project)).toEqual(['kim-viewer']);
  });
});

test.describe('as a developer of the project', () => {
  test.use({ apiKey: KEY('raj') });

  test("the members are shown, and adding or removing one is off with the API's reason", async ({
    signedIn,
    request,
  }) => {
    const project = await teamProject(request, [
      ['ana', ROLE_ADMIN],
      ['raj', ROLE_DEVELOPER],
    ]);
    const { page } = signedIn;
    await signedIn.open(`/projects/${project}/members`);
    await expect(row(page, 'Ana Costa')).toContainText('admin');
    await expect(row(page, 'Raj Mehta')).toContainText('(you)');

    const [create, remove] = await Promise.all(
      (['create', 'delete'] as const).map((verb) =>
        canI(request, { verb, group: RBAC_GROUP, resource: 'rolebindings', namespace: project }, KEY('raj')),
      ),
    );
    const add = page.getByRole('button', { name: 'Add member' });
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    await expect(add).toHaveAccessibleDescription(
      `You (raj) can't add members in project ${project}. ${asSentence(create!.reason!)}`,
    );
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const removeAna = row(page, 'Ana Costa').getByRole('button', { name: "Remove ana's admin role" });
    await expect(removeAna).toHaveAttribute('aria-disabled', 'true');
    await expect(removeAna).toHaveAccessibleDescription(
      `You (raj) can't remove members in project ${project}. ${asSentence(remove!.reason!)}`,
    );
  });
});
