/**
 * axe on the page as it is: its serious and critical WCAG 2.1 A and AA violations, each named with the view.
 *
 * axe-core is put into a document once and run there. `@axe-core/playwright` sent its 1.5 MB source again for each
 * scan and finished every scan in a new blank page: 2 to 4 s a scan on a quiet host, for an axe run of 0.3 to 0.7 s.
 * That way only exists for cross-origin frames, and the console has no frames: a page that grows one fails here
 * rather than going unscanned.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What the page's axe says, already cut to the serious and critical violations (so little crosses back). */
async function scan(page: Page, view: string, include?: string): Promise<string[]> {
  const frames = page.frames().filter((frame) => frame !== page.mainFrame());
  if (frames.length > 0) throw new Error(`${view}: the page has ${frames.length} frame(s), which this scan would skip`);
  // A navigation makes a new document: whether axe is there is asked each time.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ view, tags, include }: { view: string; tags: string[]; include?: string }) => {
      type Node = { target: string[]; html: string };
      type Violation = { id: string; impact?: string | null; help: string; nodes: Node[] };
      type Axe = { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> };
      const axe = (window as unknown as { axe: Axe }).axe;
      // Colours are read as they are drawn: a button fading to its colours after an answer came (150 ms) would be
      // measured halfway. Endless ones (a spinner) are not waited for.
      const fading = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.all(fading.map((a) => a.finished.catch(() => undefined)));
      const context = include ? { include: [include] } : document;
      const results = await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${view}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
              .slice(0, 3)
              .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`)
              .join(' | ')}`,
        );
    },
    { view, tags: TAGS, include },
  );
}

export function seriousViolations(page: Page, view: string): Promise<string[]> {
  return scan(page, view);
}

/** The same, for one part of the page. */
export function seriousViolationsIn(page: Page, selector: string, view: string): Promise<string[]> {
  return scan(page, view, selector);
}
