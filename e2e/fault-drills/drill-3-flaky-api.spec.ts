/**
 * Fault drill 3: a third of all answers are 503 with Retry-After (POST /_mock/faults, every path and
 * verb, seeded so the run is reproducible) while a person browses: the projects page, a project's tables, an
 * object's page and back. Every view recovers by itself (no Retry clicked, no reload) and ends showing what the
 * server holds, with no error left on screen. Then the person writes Jobs in the editor, reviews and launches
 * them: each launch creates exactly one object, though its answer may have been a 503 (the launch carries an
 * Idempotency-Key, and the Jobs are named by generateName, so a blind second POST would make a second Job).
 */
import { expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { ResourceTablePage } from '../pages/resource-table.ts';
import { countReloads, DrillApi, noteCounts } from '../support/drills.ts';

const FLAKY = { errorRate: 0.34, errorCode: 503, retryAfterSeconds: 1, seed: 3 };

test('drill 3: a third of all answers 503 with Retry-After while a person browses — every view recovers by itself', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const api = new DrillApi(request);
  const project = await api.newProject('drill-flaky');
  for (const name of ['prep', 'train', 'eval']) await api.job(project, name);
  for (const name of ['monthly', 'gpu-cap']) await api.budget(project, name, '50.00');

  const console_ = new ConsolePage(page);
  const projects = new ProjectsPage(page);
  // The console is loaded once, before the trouble starts; from then on only the API misbehaves.
  await projects.goto(`?q=${project}`);
  await expect(projects.row(project)).toBeVisible({ timeout: 90_000 });
  const reloads = countReloads(page);
  const before = await api.injected();

  let failed = 0;
  try {
    await api.setFaults(FLAKY);
    // Projects page → the project's Jobs, through the count link.
    await projects.count(project, 'jobs').click();
    const jobs = new ResourceTablePage(page, 'jobs');
    await expect(jobs.watchStatus).toHaveText('Live', { timeout: 60_000 });
    await jobs.expectNames(['prep', 'train', 'eval'], 30_000);

    // Another kind's tab.
    await console_.kindTab('budgets').click();
    const budgets = new ResourceTablePage(page, 'budgets');
    await expect(budgets.watchStatus).toHaveText('Live', { timeout: 60_000 });
    await budgets.expectNames(['monthly', 'gpu-cap'], 30_000);

    // One object's page, and back to its table.
    await console_.kindTab('jobs').click();
    await expect(jobs.watchStatus).toHaveText('Live', { timeout: 60_000 });
    await jobs.row('train').getByRole('link', { name: 'train' }).click();
    await expect(console_.heading()).toHaveText('train', { timeout: 60_000 });
    await page.goBack();
    await expect(jobs.watchStatus).toHaveText('Live', { timeout: 60_000 });
    await jobs.expectNames(['prep', 'train', 'eval'], 30_000);

    // The projects page again, through the navigation.
    await console_.shell.projectsLink().click();
    await expect(projects.count(project, 'budgets')).toHaveAccessibleName(`2 budgets in ${project}`, {
      timeout: 60_000,
    });
    failed = (await api.injected()).failed - before.failed;
    // The faults really were in the way: the console recovered from them rather than missing them.
    expect(failed).toBeGreaterThan(0);
    // Nothing left broken on screen once each view has recovered.
    await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 30_000 });
  } finally {
    await api.clearFaults();
  }
  expect(reloads()).toBe(0);
  noteCounts(test.info(), { answersFailed503: failed, reloads: reloads(), lost: 0 });
});

const launchable = (launch: string) => `apiVersion: nodus.dev/v1
kind: Job
metadata:
  generateName: drill-
  labels:
    launch: ${launch}
spec:
  image: nodus/python:3.12
  command: [python, train.py]
  maxCostUSD: "5.00"
`;

test('drill 3: a third of all answers 503 with Retry-After while a person reviews and launches — one object per launch', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const api = new DrillApi(request);
  const project = await api.newProject('drill-flaky-launch');
  const launches = ['first', 'second'];
  const editor = new EditorPage(page);
  const before = await api.injected();
  let failed = 0;
  let retriedByHand = 0;
  // The editor's code (Monaco, not the API) is loaded once before the trouble starts: a cold dev server may take
  // a long while to build it, and only the API is meant to misbehave here.
  await page.goto(`/projects/${project}/new/jobs`);
  await expect(page.getByTestId('code-editor').first()).toHaveAttribute('data-editor-ready', 'true', {
    timeout: 120_000,
  });
  try {
    await api.setFaults(FLAKY);
    for (const launch of launches) {
      // Opened afresh for each launch, under the faults: discovery and the kind's schema come through them.
      await page.goto(`/projects/${project}/new/jobs`);
      await expect(page.getByTestId('code-editor').first()).toHaveAttribute('data-editor-ready', 'true', {
        timeout: 90_000,
      });
      await editor.setText(launchable(launch));
      await editor.reviewButton.click();
      await expect(editor.estimate).toBeVisible({ timeout: 60_000 });
      await expect(editor.launchButton).toBeEnabled();
      await editor.launchButton.click();
      // The launch retries by itself for a few seconds (same key); past that the person retries it by hand, as
      // the console asks. Either way it lands on the one Job it made.
      await expect
        .poll(
          async () => {
            if (await editor.retryLaunchButton.isVisible()) {
              retriedByHand++;
              await editor.retryLaunchButton.click();
            }
            return new URL(page.url()).pathname;
          },
          { timeout: 90_000, intervals: [500], message: 'lands on the launched Job' },
        )
        .toMatch(new RegExp(`^/projects/${project}/jobs/drill-[a-z0-9]+$`));
    }
    failed = (await api.injected()).failed - before.failed;
    expect(failed).toBeGreaterThan(0);
  } finally {
    await api.clearFaults();
  }
  const jobs = await api.list(project, 'jobs');
  for (const launch of launches)
    expect(
      jobs.filter((j) => j.metadata.labels?.launch === launch),
      `Jobs of launch ${launch}`,
    ).toHaveLength(1);
  expect(jobs).toHaveLength(launches.length);
  noteCounts(test.info(), {
    launches: launches.length,
    objectsCreated: jobs.length,
    answersFailed503: failed,
    launchesRetriedByHand: retriedByHand,
    duplicates: jobs.length - launches.length,
  });
});
