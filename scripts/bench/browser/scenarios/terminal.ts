/**
 * The console: a terminal that prints about 1 MB in one command (`cat` of a file the shell builds from a 101-byte
 * line, ten copies per step), from the keypress to its last line drawn: how long, the longest task in the page
 * meanwhile, and how many tasks were long (over 50 ms). The target: no task over 50 ms, so the page stays
 * responsive while a shell floods it.
 */
import { NotApplicable, type RunOutcome, type Scenario } from '../../types.ts';
import { openSession } from '../session.ts';
import type { BenchWindow } from '../collector-types.ts';

const PROJECT = 'bench-terminal';
const LINE = 'x'.repeat(100);
const DONE = 'bench-terminal-done';

export const terminalOutput: Scenario = {
  id: 'terminal',
  title: 'the console: a terminal prints a lot',
  needsBrowser: true,
  async run(ctx): Promise<RunOutcome | NotApplicable> {
    const { mock, plan } = ctx;
    const copies = Math.max(1, Math.round(plan.terminalBytes / (LINE.length + 1)));
    const steps = Math.round(Math.log10(copies));
    if (10 ** steps !== copies)
      throw new Error(`terminalBytes must be 101 × a power of ten, not ${plan.terminalBytes}`);
    const name = `tty-${Date.now().toString(36)}`;
    const sandboxes = `/apis/nodus.dev/v1/namespaces/${PROJECT}/sandboxes`;
    await mock.api.post('/api/v1/namespaces', { metadata: { name: PROJECT } }).catch(() => undefined);
    await mock.api.post(sandboxes, {
      metadata: { name },
      spec: { image: 'nodus/python:3.12', resources: { cpu: 1, memoryGiB: 2 }, maxCostUSD: '5.00' },
    });
    const session = await openSession(ctx);
    const { page } = session;
    try {
      for (let i = 0; ; i++) {
        const box = await mock.api.get<{ status?: { phase?: string } }>(`${sandboxes}/${name}`);
        if (box.status?.phase === 'Running') break;
        if (i > 600) throw new Error(`the Sandbox did not start (phase ${box.status?.phase})`);
        await page.waitForTimeout(100);
      }
      await page.goto(`/projects/${PROJECT}/sandboxes/${name}`);
      const open = page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Open terminal' });
      const found = await open.waitFor({ timeout: 45_000 }).then(
        () => true,
        () => false,
      );
      if (!found) return new NotApplicable('needs the Open terminal action on a Sandbox page');
      await open.click();
      const state = page.getByRole('region', { name: 'Terminals' }).getByTestId('terminal-state').first();
      await state.filter({ hasText: 'Connected' }).waitFor({ timeout: 30_000 });
      const terminal = page.getByTestId('terminal').first();
      await terminal.click();
      // The file, built by the shell itself: a line, then ten copies of the last file per step.
      const build = [`echo ${LINE} > f0`];
      for (let s = 1; s <= steps; s++)
        build.push(
          `cat ${Array(10)
            .fill(`f${s - 1}`)
            .join(' ')} > f${s}`,
        );
      await page.keyboard.type(`${build.join('; ')}; echo built\n`);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.xterm-rows > div')].some((r) => r.textContent?.trim() === 'built'),
      );

      // The end is seen in the page as the marker is drawn (a mutation of the rows), not by polling from outside.
      await page.evaluate((done) => {
        const w = window as unknown as BenchWindow & { __terminalDone?: Promise<number> };
        const rows = document.querySelector('.xterm-rows')!;
        w.__terminalDone = new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            if ([...rows.children].some((r) => r.textContent?.replace(/\u00a0/g, ' ').trim() === done)) {
              observer.disconnect();
              resolve(w.__bench.now());
            }
          });
          observer.observe(rows, { childList: true, subtree: true, characterData: true });
        });
      }, DONE);
      await page.keyboard.type(`cat f${steps}; echo ${DONE}`);
      const start = await page.evaluate(() => (window as unknown as BenchWindow).__bench.now());
      await page.keyboard.press('Enter');
      const end = await page.evaluate(() => (window as unknown as { __terminalDone: Promise<number> }).__terminalDone);
      const tasks = await page.evaluate((since) => (window as unknown as BenchWindow).__bench.longTasks(since), start);
      const within = tasks.filter((t) => t.start <= end);
      const loafs = await page.evaluate((since) => (window as unknown as BenchWindow).__bench.loafs(since), start);
      const worst = loafs.filter((l) => l.start <= end).sort((a, b) => b.duration - a.duration)[0];
      const longest = within.reduce((max, t) => Math.max(max, t.duration), 0);
      const bytes = copies * (LINE.length + 1);
      return {
        figures: [
          {
            id: 'seconds',
            label: `time to draw ${(bytes / 1e6).toFixed(2)} MB of output`,
            unit: 'ms',
            value: end - start,
          },
          {
            id: 'longest-task',
            label: 'longest task meanwhile (0 when none reached 50 ms)',
            unit: 'ms',
            value: longest,
            target: { op: '<=', value: 50 },
          },
          { id: 'long-tasks', label: 'tasks over 50 ms meanwhile', unit: 'count', value: within.length },
        ],
        notes: [
          ...(worst
            ? [
                `the longest animation frame meanwhile: ${worst.duration.toFixed(0)} ms (blocking ${worst.blocking.toFixed(0)} ms) in ${worst.scripts.slice(0, 3).join(', ') || 'no script'}`,
              ]
            : []),
          `${copies.toLocaleString('en')} lines of ${LINE.length + 1} bytes through the exec WebSocket into xterm.js (DOM renderer, 5,000 lines of scrollback)`,
        ],
      };
    } finally {
      await session.close();
    }
  },
};
