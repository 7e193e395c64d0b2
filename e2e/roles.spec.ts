/**
 * The demo team's roles, as each person meets them in the console. A viewer (lee in vision) goes through the
 * whole console without meeting an error, a refused request or a write that could be started: every write offered
 * is off with the API's own reason. A developer (kim in vision) launches a Job from the editor, cannot change a
 * Budget, and in nlp, where kim only views, cannot make anything. Mock-wide: these are the demo projects, whose
 * objects other tests see; the only thing written is kim's own Job, deleted again.
 */
import type { Locator, Page } from '@playwright/test';
import { API_VERSION, DEMO_API_KEY } from '../src/shared/protocol.ts';
import { EditorPage } from './pages/editor-page.ts';
import { ObjectPage } from './pages/object-page.ts';
import { ProjectsPage } from './pages/projects-page.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { escapeRegExp } from './pages/shell.ts';
import { asSentence, canI, REVIEW_URL, type Attributes } from './support/access-api.ts';
import { uniqueName } from './support/mock-writes.ts';
import { apiKinds } from './support/nodus-api.ts';
import { MOCK_URL } from './support/servers.ts';
import { expect, test } from './support/signed-in.ts';

// The demo projects run at real speed on a machine shared with other work; the first load builds the console.
test.describe.configure({ timeout: 300_000 });
const LOADED = { timeout: 45_000 };
const NODUS = 'nodus.dev';

/**
 * What went wrong while the page was used: any answer 401, 403 or 5xx (a review's "no" is a 201), and any write
 * sent at all (reviews aside), which a viewer must never be able to start.
 */
function watch(page: Page) {
  const refused: string[] = [];
  const writes: string[] = [];
  page.on('response', (r) => {
    const status = r.status();
    if (status === 401 || status === 403 || status >= 500) refused.push(`${status} ${r.request().method()} ${r.url()}`);
  });
  page.on('request', (r) => {
    if (r.method() === 'GET' || r.method() === 'HEAD' || r.method() === 'OPTIONS') return;
    if (REVIEW_URL.test(new URL(r.url()).pathname)) return;
    writes.push(`${r.method()} ${r.url()}`);
  });
  return { refused, writes };
}

/** Error panels, trouble banners and failed counts; Monaco's own empty announcer is not one. */
async function expectNoError(page: Page, where: string) {
  const alerts = page.locator('[role="alert"]:not(.monaco-alert)').filter({ hasText: /\S/ });
  await expect(alerts, `an error shown on ${where}`).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'count failed' }), `a failed count on ${where}`).toHaveCount(0);
}

/** The control is off and says, as its description, who may not do what and the API's own reason. */
async function expectRefused(control: Locator, reason: { allowed: boolean; reason?: string }, user: string) {
  expect(reason.allowed).toBe(false);
  await expect(control).toBeDisabled(LOADED);
  await expect(control).toHaveAccessibleDescription(
    new RegExp(`^You \\(${escapeRegExp(user)}\\) can't .+\\. ${escapeRegExp(asSentence(reason.reason!))}$`),
    LOADED,
  );
}

const objectPath = (project: string, plural: string) => `/apis/${API_VERSION}/namespaces/${project}/${plural}`;

test.describe('a viewer (lee in vision and default)', () => {
  const user = 'lee';
  const key = 'nodus-demo-lee';
  test.use({ apiKey: key });
  const may = (request: Parameters<typeof canI>[0], attributes: Attributes) => canI(request, attributes, key);

  test('goes through the projects, every kind of vision, Cost, Activity, Members, All projects, the palette and Support without an error, and can start no write', async ({
    signedIn,
    request,
  }) => {
    const { page, shell } = signedIn;
    const seen = watch(page);
    const kinds = (await apiKinds(request)).filter((k) => k.plural !== 'images');

    await signedIn.open('/projects');
    const projects = new ProjectsPage(page);
    await expect(projects.row('vision')).toBeVisible(LOADED);
    await expectRefused(
      page.getByRole('button', { name: 'New project' }),
      await may(request, { verb: 'create', group: '', resource: 'namespaces' }),
      user,
    );
    for (const project of ['vision', 'default']) {
      await expectRefused(
        await projects.deleteButton(project),
        await may(request, { verb: 'delete', group: '', resource: 'namespaces', name: project }),
        user,
      );
    }
    await expectNoError(page, 'the projects page');

    // Every kind of vision, through the sidebar: read, but New is off with the API's reason.
    await projects.row('vision').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/projects\/vision/);
    for (const kind of kinds) {
      await shell.kindLink(kind.plural).click();
      const table = new ResourceTablePage(page, kind.plural);
      await expect(table.count).toBeVisible(LOADED);
      await expectRefused(
        page.getByRole('button', { name: `New ${kind.kind}` }),
        await may(request, { verb: 'create', group: NODUS, resource: kind.plural, namespace: 'vision' }),
        user,
      );
      await expectNoError(page, `vision's ${kind.plural}`);
    }

    // A ticked Job: the bulk actions are off with the API's reason; the keys that would write do nothing.
    await shell.kindLink('jobs').click();
    const jobs = new ResourceTablePage(page, 'jobs');
    await expect(jobs.row('train-detector')).toBeVisible(LOADED);
    await jobs.selectBox('train-detector').check();
    await expect(jobs.selected).toContainText('1 selected');
    const patchJobs = await may(request, { verb: 'patch', group: NODUS, resource: 'jobs', namespace: 'vision' });
    await expectRefused(jobs.bulk('Suspend'), patchJobs, user);
    await expectRefused(
      jobs.bulk('Delete'),
      await may(request, { verb: 'delete', group: NODUS, resource: 'jobs', namespace: 'vision' }),
      user,
    );
    await jobs.bulk('Delete').click({ force: true });
    await jobs.bulk('Delete').focus();
    await page.keyboard.press('Enter');
    await jobs.selectBox('train-detector').focus();
    for (const key of ['Delete', 'Backspace', 'Shift+Delete']) await page.keyboard.press(key);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The palette lists every New and the terminal, off, with why; Enter says it and goes nowhere.
    await shell.openPalette();
    await shell.paletteInput.fill('new');
    for (const kind of kinds) {
      await expectRefused(
        shell.paletteOption(new RegExp(`^New ${kind.kind}\\b`)),
        await may(request, { verb: 'create', group: NODUS, resource: kind.plural, namespace: 'vision' }),
        user,
      );
    }
    await shell.paletteInput.fill('open terminal');
    const terminal = shell.paletteOption(/^Open terminal in notebook-kim/);
    await expectRefused(
      terminal,
      await may(request, {
        verb: 'create',
        group: NODUS,
        resource: 'sandboxes',
        subresource: 'exec',
        namespace: 'vision',
      }),
      user,
    );
    await expect(terminal).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(shell.palette.getByRole('status')).toContainText("can't open a terminal");
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/projects\/vision\/jobs$/);

    // Cost, Activity, a Budget, All projects and Support: read without an error.
    await shell.resourcesNav.getByRole('link', { name: /^Cost/ }).click();
    await expect(page.getByRole('table', { name: /^Spend / })).toBeAttached(LOADED);
    await expectNoError(page, "vision's cost");
    await shell.resourcesNav.getByRole('link', { name: /^Activity/ }).click();
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible(LOADED);
    await expect(page.getByRole('list', { name: /^Events/ })).toBeVisible(LOADED);
    await expectNoError(page, "vision's activity");
    await shell.resourcesNav.getByRole('link', { name: /^Members/ }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Lee Nguyen' })).toContainText('viewer', LOADED);
    const members = { group: 'rbac.authorization.k8s.io', resource: 'rolebindings', namespace: 'vision' };
    await expectRefused(
      page.getByRole('button', { name: 'Add member' }),
      await may(request, { ...members, verb: 'create' }),
      user,
    );
    await expectRefused(
      page.getByRole('button', { name: "Remove lee's viewer role" }),
      await may(request, { ...members, verb: 'delete' }),
      user,
    );
    await expectNoError(page, "vision's members");

    await shell.kindLink('budgets').click();
    await page.getByRole('link', { name: 'vision-weekly', exact: true }).click();
    const budget = new ObjectPage(page);
    await expect(page.getByText('Spend this period')).toBeVisible(LOADED);
    await expectRefused(budget.action('Suspend'), await may(request, patchOf('budgets')), user);
    await expectRefused(budget.action('Delete…'), await may(request, { ...patchOf('budgets'), verb: 'delete' }), user);
    await expectNoError(page, 'a Budget');

    const switcher = await shell.openProjectSwitcher();
    await switcher.getByRole('link', { name: /^All projects/ }).click();
    await expect(page).toHaveURL(/\/all/);
    await expect(page.getByRole('table').first()).toBeVisible(LOADED);
    await expectNoError(page, 'all projects');

    await shell.supportButton.click();
    await expect(shell.supportPanel).toBeVisible();
    // Its body loads when it first opens: checked once it is there.
    await expect(shell.supportPanel.getByRole('region', { name: 'Recent API calls' })).toBeVisible();
    await expectNoError(page, 'the Support panel');
    await page.keyboard.press('Escape');

    expect(seen.refused, 'answers refused or failed').toEqual([]);
    expect(seen.writes, 'writes sent').toEqual([]);
  });

  test("reads an object's every tab, while every write on it is off with the API's reason", async ({
    signedIn,
    request,
  }) => {
    const { page } = signedIn;
    const seen = watch(page);
    const object = new ObjectPage(page);
    await signedIn.open('/projects/vision/jobs/train-detector');
    await expect(object.heading).toHaveText('train-detector', LOADED);

    const patchJobs = await may(request, patchOf('jobs'));
    // The action bar is drawn (Delete is on every object's) before the ones this phase offers are counted.
    await expect(object.action('Delete…')).toBeVisible();
    for (const action of ['Suspend', 'Resume', 'Cancel…', 'Restart', 'Raise max cost…']) {
      const button = object.action(action);
      if ((await button.count()) > 0) await expectRefused(button, patchJobs, user);
    }
    await expectRefused(object.action('Delete…'), await may(request, { ...patchOf('jobs'), verb: 'delete' }), user);
    await object.action('Delete…').click({ force: true });
    await expect(object.dialog).toHaveCount(0);
    await expectNoError(page, 'the overview');

    await object.tab('YAML').click();
    await expect(object.yaml).toBeVisible(LOADED);
    await expectNoError(page, 'the YAML tab');
    await object.tab('Logs').click();
    await expect(page.getByRole('log').first()).toBeVisible(LOADED);
    await expectNoError(page, 'the Logs tab');
    await object.tab('Events').click();
    await expect(page.getByRole('list', { name: 'Events, newest first' })).toBeVisible(LOADED);
    await expectNoError(page, 'the Events tab');
    await object.tab('Edit').click();
    await expectRefused(
      page.getByRole('button', { name: 'Save', exact: true }),
      await may(request, { ...patchOf('jobs'), verb: 'update' }),
      user,
    );
    await expectNoError(page, 'the Edit tab');

    // A Sandbox's files: nothing can be added or deleted; its terminal cannot be opened.
    await signedIn.goInApp('/projects/vision/sandboxes/notebook-kim?tab=files');
    await expect(object.heading).toHaveText('notebook-kim', LOADED);
    const files = { ...patchOf('sandboxes'), subresource: 'files', name: 'notebook-kim' };
    const add = await may(request, { ...files, verb: 'create' });
    await expectRefused(page.getByRole('button', { name: 'New folder' }), add, user);
    await expectRefused(page.getByRole('button', { name: 'Upload' }), add, user);
    const remove = page.getByRole('table', { name: /^Files in / }).getByRole('button', { name: /^Delete / });
    await expect(remove.first()).toBeVisible(LOADED);
    await expect(remove.first()).toBeDisabled();
    await expect(remove.first()).toHaveAccessibleDescription(
      new RegExp(`${escapeRegExp(asSentence((await may(request, { ...files, verb: 'delete' })).reason!))}$`),
    );
    await expectRefused(
      object.action('Open terminal'),
      await may(request, { ...patchOf('sandboxes'), verb: 'create', subresource: 'exec' }),
      user,
    );
    await expectNoError(page, "a Sandbox's files");

    // A Function's Invoke tab: Send is off.
    await signedIn.goInApp('/projects/vision/functions/classify?tab=invoke');
    await expect(object.heading).toHaveText('classify', LOADED);
    await expectRefused(
      page.getByRole('button', { name: 'Send', exact: true }),
      await may(request, { ...patchOf('functions'), verb: 'create', subresource: 'invoke' }),
      user,
    );
    await expectNoError(page, "a Function's Invoke tab");

    expect(seen.refused, 'answers refused or failed').toEqual([]);
    expect(seen.writes, 'writes sent').toEqual([]);
  });

  test("opening the editor directly keeps Review and Launch off with the API's reason", async ({
    signedIn,
    request,
  }) => {
    const { page } = signedIn;
    const seen = watch(page);
    await signedIn.open('/projects/vision/new/jobs');
    const editor = new EditorPage(page);
    await editor.ready();
    const creates = await may(request, { ...patchOf('jobs'), verb: 'create' });
    await expectRefused(editor.reviewButton, creates, user);
    await expectRefused(editor.launchButton, creates, user);
    await editor.reviewButton.click({ force: true });
    await editor.launchButton.click({ force: true });
    await expect(editor.estimate).toHaveCount(0);
    await expectNoError(page, 'the editor');
    expect(seen.refused, 'answers refused or failed').toEqual([]);
    expect(seen.writes, 'writes sent').toEqual([]);
  });
});

function patchOf(plural: string): Attributes {
  return { verb: 'patch', group: NODUS, resource: plural, namespace: 'vision' };
}

test.describe('a developer (kim: developer in vision, viewer in nlp)', () => {
  const user = 'kim';
  const key = 'nodus-demo-kim';
  test.use({ apiKey: key });

  test('the projects page, kept on a project kim has no role in, asks for nothing kim may not read', async ({
    signedIn,
    request,
  }) => {
    const { page, shell } = signedIn;
    const seen = watch(page);
    const lists = await canI(request, { verb: 'list', group: NODUS, resource: 'jobs', namespace: 'default' }, key);
    expect(lists.allowed).toBe(false);
    // The shell stays on the project it was on (default, where the page opens): its counts are not for kim.
    await signedIn.open('/projects');
    await expect(new ProjectsPage(page).row('vision')).toBeVisible(LOADED);
    const jobs = shell.kindLink('jobs');
    await expect(jobs).toHaveAccessibleDescription(
      new RegExp(`^You \\(${user}\\) can't .+\\. ${escapeRegExp(asSentence(lists.reason!))}$`),
      LOADED,
    );
    await expectNoError(page, 'the projects page');
    expect(seen.refused, 'answers refused or failed').toEqual([]);
  });

  test('launches a Job from the editor: the review shows its cost, and the page of the new Job opens', async ({
    signedIn,
    request,
  }) => {
    const { page } = signedIn;
    const seen = watch(page);
    const name = uniqueName('kim-job');
    try {
      await signedIn.open('/projects/vision/new/jobs');
      const editor = new EditorPage(page);
      await editor.ready();
      await editor.setText(EditorPage.jobYaml(name, { maxCostUSD: '1.00' }));
      await editor.reviewButton.click();
      await expect(editor.estimate.getByTestId('estimate-cost')).toHaveText(/^\$\d+\.\d{2}$/, { timeout: 60_000 });
      await expect(editor.launchButton).toBeEnabled();
      await editor.launchButton.click();
      await expect(page).toHaveURL(new RegExp(`/projects/vision/jobs/${name}`), { timeout: 60_000 });
      await expect(new ObjectPage(page).heading).toHaveText(name, LOADED);

      const made = await request.get(`${MOCK_URL}${objectPath('vision', 'jobs')}/${name}`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(made.status()).toBe(200);
      expect(((await made.json()) as { metadata: { name: string } }).metadata.name).toBe(name);
      expect(seen.refused, 'answers refused or failed').toEqual([]);
    } finally {
      // Kim's Job goes again, so other tests see the demo project as it was.
      await request.delete(`${MOCK_URL}${objectPath('vision', 'jobs')}/${name}`, {
        headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
      });
    }
  });

  test("cannot change a Budget of vision, and in nlp cannot make anything: each says the API's reason", async ({
    signedIn,
    request,
  }) => {
    const { page } = signedIn;
    const seen = watch(page);
    const may = (attributes: Attributes) => canI(request, attributes, key);
    const object = new ObjectPage(page);
    await signedIn.open('/projects/vision/budgets/vision-weekly');
    await expect(object.heading).toHaveText('vision-weekly', LOADED);
    for (const action of ['Suspend', 'Resume']) {
      const button = object.action(action);
      if ((await button.count()) > 0) await expectRefused(button, await may(patchOf('budgets')), user);
    }
    await expectRefused(object.action('Delete…'), await may({ ...patchOf('budgets'), verb: 'delete' }), user);
    await object.tab('Edit').click();
    await expectRefused(
      page.getByRole('button', { name: 'Save', exact: true }),
      await may({ ...patchOf('budgets'), verb: 'update' }),
      user,
    );
    await expectNoError(page, "a Budget's Edit tab");

    await signedIn.goInApp('/projects/nlp/jobs');
    await expect(new ResourceTablePage(page, 'jobs').count).toBeVisible(LOADED);
    await expectRefused(
      page.getByRole('button', { name: 'New Job' }),
      await may({ verb: 'create', group: NODUS, resource: 'jobs', namespace: 'nlp' }),
      user,
    );
    await expectNoError(page, "nlp's jobs");
    expect(seen.refused, 'answers refused or failed').toEqual([]);
    expect(seen.writes, 'writes sent').toEqual([]);
  });
});
