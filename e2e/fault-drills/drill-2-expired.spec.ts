/**
 * Fault drill 2: a resume point that has expired. The table's watch is cut and kept away (503 for this
 * project's watches) while objects are added in bulk, changed and deleted; then the server compacts its history
 * (POST /_mock/compact), so the version the table would resume from is gone. When the 503s stop, the resume is
 * answered 410 Expired: the table lists again (every page) and ends equal to the server's list, names and
 * resourceVersions, compared by digest through the Support panel's "Live watches".
 *
 * resource-table-resilience.spec.ts covers Expired on a few objects with a mock of its own that keeps one second
 * of history; this drill runs on the shared mock, through compaction, across several list pages.
 */
import { expect, test } from '@playwright/test';
import { LiveWatchesPanel } from '../pages/live-watches.ts';
import { ResourceTablePage } from '../pages/resource-table.ts';
import { DrillApi, noteCounts, recordWatchStatus } from '../support/drills.ts';

const SEEDED = 1_200;
const ADDED_AWAY = 400;

test('drill 2: a resume point the server has compacted away — the table lists again and ends equal to the server', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const api = new DrillApi(request);
  const project = await api.newProject('drill-expired');
  await api.seed(project, 'Budget', SEEDED);
  const target = `budgets in ${project}`;

  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await expect(ui.watchStatus).toHaveText('Live', { timeout: 90_000 });
  await expect(ui.count).toContainText('1,200');
  const statusSeen = await recordWatchStatus(page);

  const watchPath = DrillApi.path(project, 'budgets');
  try {
    // The open watch is cut at its next event, and every watch of this project is refused from then on.
    await api.setFaults({
      paths: [watchPath],
      verbs: ['watch'],
      errorRate: 1,
      errorCode: 503,
      retryAfterSeconds: 1,
      dropWatchAfterEvents: 1,
    });
    await api.budget(project, 'last-seen', '3.00');
    await expect(ui.watchStatus).toContainText('Reconnecting', { timeout: 30_000 });

    // Written while the table is away.
    await api.seed(project, 'Budget', ADDED_AWAY);
    for (const n of [1, 2, 3, 4, 5])
      await api.patch(project, 'budgets', `budget-bulk-${String(n * 100).padStart(6, '0')}`, {
        spec: { limitUSD: `${n}7.00` },
      });
    for (const n of [0, 10, 20]) await api.remove(project, 'budgets', `budget-bulk-${String(n).padStart(6, '0')}`);
    // ...and then forgotten by the server.
    await api.compact();
    // The table still shows what it had: it did not blank out while away.
    await expect(ui.count).toContainText(/1,20[01]/);
  } finally {
    await api.clearFaults();
  }

  const { objects } = await api.digest(project, 'budgets');
  expect(objects).toBe(SEEDED + 1 + ADDED_AWAY - 3);
  // The note shows once the watch is live again after listing again (every page of it).
  await expect(ui.reconnected).toContainText('listed again after Expired', { timeout: 90_000 });
  await expect(ui.watchStatus).toHaveText('Live');
  await expect(ui.count).toContainText('1,598');

  // Compared with the server's list as it stands at each read, not as it stood before the relist: the mock's
  // budget controller updates a patched budget's status (a new resourceVersion) a moment after the patch, and
  // on a busy machine that moment can come after the read above. The watch must follow it there too.
  const panel = new LiveWatchesPanel(page);
  await panel.open();
  await expect
    .poll(
      async () => {
        const [now, shown] = await Promise.all([api.digest(project, 'budgets'), panel.read(target)]);
        return shown?.digest === now.digest ? 'equal' : `watch ${shown?.digest ?? 'not shown'}, server ${now.digest}`;
      },
      { timeout: 30_000, message: 'the watch’s digest equals the server’s' },
    )
    .toBe('equal');
  const watch = (await panel.read(target))!;
  expect(watch).toMatchObject({ status: 'live', objects: '1,598' });
  expect(watch.relists).toBeGreaterThanOrEqual(1);
  await panel.close();

  // At no point did the table show an empty or partial list while it listed again.
  expect((await statusSeen()).some((text) => text.startsWith('Connecting'))).toBe(false);
  await ui.textFilter.fill('budget-bulk-000500');
  await ui.expectNames(['budget-bulk-000500']);
  await ui.columns();
  await expect(ui.cell('budget-bulk-000500', 'Limit')).toHaveText('$57.00');

  noteCounts(test.info(), {
    objectsCompared: objects,
    relists: watch.relists,
    reconnectsObserved: watch.reconnects,
    lost: 0,
  });
});
