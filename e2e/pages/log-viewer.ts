/**
 * Page object for an object's log (src/features/logs) on the object page's logs tab
 * (/projects/:project/:plural/:name?tab=logs). Role-based locators, plus the viewer's own counters by test id
 * (a virtualized log keeps only the rows on screen in the DOM).
 */
import type { Locator, Page } from '@playwright/test';

export class LogViewerPage {
  readonly log: Locator;
  readonly rows: Locator;
  readonly lineCount: Locator;
  readonly state: Locator;
  readonly search: Locator;
  readonly matchCount: Locator;
  readonly onlyMatching: Locator;
  readonly timestamps: Locator;
  readonly wrap: Locator;
  readonly startFrom: Locator;
  readonly download: Locator;
  readonly jumpToLatest: Locator;
  readonly loadOlder: Locator;

  constructor(readonly page: Page) {
    this.log = page.getByRole('log');
    this.rows = this.log.locator('[data-index]');
    this.lineCount = page.getByTestId('log-line-count');
    this.state = page.getByTestId('log-state');
    this.search = page.getByRole('searchbox', { name: 'Search the log' });
    this.matchCount = page.getByTestId('log-match-count');
    this.onlyMatching = page.getByRole('button', { name: 'Only matching' });
    this.timestamps = page.getByRole('button', { name: 'Timestamps' });
    this.wrap = page.getByRole('button', { name: 'Wrap' });
    this.startFrom = page.getByRole('combobox', { name: 'Start from' });
    this.download = page.getByRole('button', { name: 'Download', exact: true });
    this.jumpToLatest = page.getByRole('button', { name: /^Jump to latest/ });
    this.loadOlder = page.getByRole('button', { name: 'Load older' });
  }

  async goto(project: string, plural: string, name: string): Promise<void> {
    await this.page.goto(`/projects/${encodeURIComponent(project)}/${plural}/${encodeURIComponent(name)}?tab=logs`);
  }

  /** The number of lines the viewer has received (its footer's count). */
  async count(): Promise<number> {
    return Number(((await this.lineCount.textContent()) ?? '').replace(/[^0-9]/g, '') || 0);
  }

  async rowTexts(): Promise<string[]> {
    return this.rows.allInnerTexts();
  }

  /** Pixels between the bottom of the log pane and the end of the log. */
  distanceFromEnd(): Promise<number> {
    return this.log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  }

  scrollable(): Promise<boolean> {
    return this.log.evaluate((el) => el.scrollHeight > el.clientHeight + 40);
  }
}
