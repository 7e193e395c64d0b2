/**
 * The console: follow a log of `logLines` lines (the mock's `mock.nodus.dev/log-lines` pins a finished Job's log
 * to exactly that many) and read the frames while it streams in, and how much the JS heap grew (after GC) from
 * the view opening to the last line. The view starts on the last 5,000 lines; "Start from: the whole log" then
 * streams every line through it while it sticks to the end.
 */
import { NotApplicable, type RunOutcome, type Scenario } from '../../types.ts';
import { frameStats, heapAfterGc, openSession, worstFrameNote } from '../session.ts';
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
      const found = await session.table
        .logView()
        .waitFor({ timeout: 30_000 })
        .then(
          () => true,
          () => false,
        );
      if (!found) {
        await page.screenshot({ path: 'bench-results/follow-log-not-found.png' }).catch(() => undefined);
        return new NotApplicable(
          'needs the log view (no element with role "log" at the log path; see page-object.ts and bench-results/follow-log-not-found.png)',
        );
      }

      const name = `follow-${Date.now().toString(36)}`;
      await mock.api.post('/api/v1/namespaces', { metadata: { name: LOG_PROJECT } }).catch(() => undefined);
      await mock.api.post(mock.api.jobsPath(LOG_PROJECT), {
        metadata: {
          name,
          annotations: {
            'mock.nodus.dev/log-lines': String(plan.logLines),
            'mock.nodus.dev/run-seconds': '5',
            'mock.nodus.dev/outcome': 'Succeeded',
          },
        },
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
      // The view opens on the last 5,000 lines; the whole log streams every line through it, following the end.
      await logPage.logStartFrom().waitFor();
      const heapBefore = await heapAfterGc(session);
      const start = await page.evaluate(() => (window as unknown as BenchWindow).__bench.now());
      await logPage.logStartFrom().selectOption('all');
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
          {
            id: 'p95',
            label: 'p95 frame time while following',
            unit: 'ms',
            value: frames.p95,
            target: { op: '<=', value: 16.7 },
          },
          { id: 'p95-raw', label: 'the same from raw rAF intervals (0.1 ms clock)', unit: 'ms', value: frames.p95Raw },
          {
            id: 'heap-growth',
            label: 'memory growth, JS heap and ArrayBuffers (after GC)',
            unit: 'MB',
            value: heapAfter.heapMB + heapAfter.buffersMB - (heapBefore.heapMB + heapBefore.buffersMB),
          },
          {
            id: 'buffers-growth',
            label: 'of which ArrayBuffers (the lines held as bytes)',
            unit: 'MB',
            value: heapAfter.buffersMB - heapBefore.buffersMB,
          },
          {
            id: 'seconds',
            label: `time to ${plan.logLines.toLocaleString('en')} lines`,
            unit: 'ms',
            value: end - start,
          },
        ],
        notes: [
          `the view streams all ${plan.logLines.toLocaleString('en')} lines (Start from: the whole log) and stays at the end; it holds at most the newest 100,000, as blocks of bytes (ArrayBuffers, src/features/logs), so memory growth is bounded by that ring, not by the log`,
          ...worstFrameNote(frames),
        ],
      };
    } finally {
      await session.close();
    }
  },
};
