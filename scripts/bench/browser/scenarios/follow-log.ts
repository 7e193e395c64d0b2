/**
 * The console: follow a log of `logLines` lines (the mock's `mock.nodus.dev/log-lines` pins a finished Job's log
 * to exactly that many) and read the frames while it streams in, and how much the JS heap grew (after GC) from
 * the view opening to the last line. Needs the console's log view: until the page object finds one, n/a.
 */
import { NotApplicable, type RunOutcome, type Scenario } from '../../types.ts';
import { frameStats, heapAfterGc, openSession } from '../session.ts';
import { TablePage } from '../page-object.ts';
import type { BenchWindow } from '../collector-types.ts';

const LOG_PROJECT = 'bench-logs';

export const followLog: Scenario = {
  id: 'follow-log',
  title: 'the console: follow a long log',
  needsBrowser: true,
  async run(ctx): Promise<RunOutcome | NotApplicable> {
    const { mock, plan } = ctx;
    const session = await openSession(ctx);
    const { page } = session;
    try {
      // Is there a log view at all? Asked of a seeded Job, before making the long log.
      await page.goto(session.table.logPath('job-bulk-000000'));
      const found = await session.table.logView().waitFor({ timeout: 5_000 }).then(() => true, () => false);
      if (!found) return new NotApplicable('needs the log view (no element with role "log" at the log path; see page-object.ts)');

      const name = `follow-${Date.now().toString(36)}`;
      await mock.api.post('/api/v1/namespaces', { metadata: { name: LOG_PROJECT } }).catch(() => undefined);
      await mock.api.post(mock.api.jobsPath(LOG_PROJECT), {
        metadata: { name, annotations: { 'mock.nodus.dev/log-lines': String(plan.logLines), 'mock.nodus.dev/run-seconds': '5', 'mock.nodus.dev/outcome': 'Succeeded' } },
        spec: { image: 'nodus/python:3.12', command: ['python', 'train.py'], maxCostUSD: '1.00' },
      });
      for (let i = 0; ; i++) {
        const job = await mock.api.get<{ status?: { phase?: string } }>(`${mock.api.jobsPath(LOG_PROJECT)}/${name}`);
        if (job.status?.phase === 'Succeeded') break;
        if (i > 300) throw new Error(`the log Job did not finish (phase ${job.status?.phase})`);
        await page.waitForTimeout(100);
      }
      const logPage = new TablePage(page, LOG_PROJECT, 'jobs');
      await page.goto(logPage.logPath(name));
      await logPage.logView().waitFor();
      const heapBefore = await heapAfterGc(session);
      const start = await page.evaluate(() => (window as unknown as BenchWindow).__bench.now());
      const deadline = Date.now() + 300_000;
      while (Number((await logPage.logLineCount().textContent())?.replace(/[^0-9]/g, '') || 0) < plan.logLines) {
        if (Date.now() > deadline) throw new Error(`the log view did not reach ${plan.logLines} lines in 5 minutes`);
        await page.waitForTimeout(250);
      }
      const end = await page.evaluate(() => (window as unknown as BenchWindow).__bench.now());
      const frames = await frameStats(page, start, end);
      const heapAfter = await heapAfterGc(session);
      return {
        figures: [
          { id: 'p95', label: 'p95 frame time while following', unit: 'ms', value: frames.p95, target: { op: '<=', value: 16.7 } },
          { id: 'heap-growth', label: 'JS heap growth (after GC)', unit: 'MB', value: heapAfter.heapMB - heapBefore.heapMB },
          { id: 'seconds', label: `time to ${plan.logLines.toLocaleString('en')} lines`, unit: 'ms', value: end - start },
        ],
        notes: ['"bounded" heap growth is judged from the figure: the view should keep a window of lines, not all of them'],
      };
    } finally {
      await session.close();
    }
  },
};
