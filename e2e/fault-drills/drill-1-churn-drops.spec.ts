/**
 * Fault drill 1: under 500 events a second, with every watch connection dropped after 100 events, for
 * a minute, the Jobs table ends equal to the server's list (the same names at the same resourceVersions) and
 * showed that it was reconnecting.
 *
 * The table is virtualized, so the comparison is made where support staff would make it: the Support panel's
 * "Live watches" lists the table's shared watch with a digest of every name@resourceVersion it holds, and the test
 * computes the same digest from the server's list. The table renders from that same watch; rows are spot-checked
 * against the server too (filtered to one name, so each is on screen).
 */
import { expect, test } from '@playwright/test';
import { formatUSD } from '../../src/lib/format.ts';
import { LiveWatchesPanel } from '../pages/live-watches.ts';
import { ResourceTablePage } from '../pages/resource-table.ts';
import { churnOver, DrillApi, noteCounts, recordWatchStatus } from '../support/drills.ts';

const OBJECTS = 1_000;
const EVENTS_PER_SECOND = 500;
const SECONDS = 60;
const DROP_AFTER = 100;

test('drill 1: 500 events/s with watches dropped every 100 events for a minute — the table ends equal to the server', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const api = new DrillApi(request);
  const project = await api.newProject('drill-churn');
  await api.seed(project, 'Job', OBJECTS);
  const target = `jobs in ${project}`;

  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  // Generous: a cold dev server on a loaded machine takes a while to serve the console.
  await expect(ui.watchStatus).toHaveText('Live', { timeout: 90_000 });
  await expect(ui.count).toContainText('1,000');
  const statusSeen = await recordWatchStatus(page);
  const before = await api.injected();

  let churn;
  let after = before;
  try {
    // Only this project's watch is cut: the rest of the page (and the demo's activity) is left alone.
    await api.setFaults({ dropWatchAfterEvents: DROP_AFTER, paths: [DrillApi.path(project, 'jobs')] });
    churn = await api.churn(project, 'Job', EVENTS_PER_SECOND, SECONDS);
    // The table keeps coming back between drops while it happens (how often depends on the machine: each drop
    // costs a round trip through the dev server, and a busy browser may lose the events that came with a drop).
    await expect
      .poll(async () => (await api.injected()).droppedWatches - before.droppedWatches, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(3);
    await expect(ui.watchStatus).toContainText(/Live|Reconnecting/);
    const during = churn;
    await expect.poll(() => churnOver(during), { timeout: (SECONDS + 60) * 1000, intervals: [1000] }).toBe(true);
    // Read before the faults are cleared: clearing them resets the counts.
    after = await api.injected();
  } finally {
    await api.clearFaults();
  }

  // The server's list, once still, against what the table's watch holds.
  const server = await api.stillDigest(project, 'jobs');
  expect(server.objects).toBe(OBJECTS);
  const panel = new LiveWatchesPanel(page);
  await panel.open();
  // Generous: a console that fell behind during the churn resumes from where it was, after up to 30 s of backoff.
  await expect
    .poll(async () => (await panel.read(target))?.digest, {
      timeout: 120_000,
      message: 'the watch’s digest equals the server’s',
    })
    .toBe(server.digest);
  const watch = (await panel.read(target))!;
  expect(watch).toMatchObject({ status: 'live', objects: '1,000', relists: 0 });
  expect(watch.reconnects).toBeGreaterThanOrEqual(3);
  await panel.close();

  // It said so while it happened, and says so now.
  expect((await statusSeen()).some((text) => text.startsWith('Reconnecting'))).toBe(true);
  await expect(ui.watchStatus).toHaveText('Live');
  await expect(ui.reconnected).toBeVisible();
  await expect(ui.count).toContainText('1,000');

  // The rows the table draws are that watch's objects: a few, each filtered onto the screen, match the server.
  await ui.columns();
  const items = await api.list(project, 'jobs');
  for (const job of [items[0], items[Math.floor(OBJECTS / 2)], items.at(-1)]) {
    const name = job!.metadata.name!;
    await ui.textFilter.fill(name);
    await ui.expectNames([name]);
    await expect(ui.cell(name, 'Cost')).toHaveText(formatUSD(job!.status?.costUSD) ?? '—');
  }

  noteCounts(test.info(), {
    eventsSent: EVENTS_PER_SECOND * SECONDS,
    watchesDropped: after.droppedWatches - before.droppedWatches,
    reconnectsObserved: watch.reconnects,
    objectsCompared: server.objects,
    lost: 0,
  });
});
