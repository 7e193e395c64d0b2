/**
 * Page object for the Cost views (src/features/usage): the pickers, the figure cards (`data-figure`), the chart's
 * table (always in the accessibility tree, even while the "Show as table" disclosure is closed), the top spenders
 * and the Budgets.
 */
import type { Locator, Page } from '@playwright/test';

export interface ChartTable {
  columns: string[];
  /** Per bucket: its start (the row's <time>), each series' amount, and the bucket's total. */
  rows: { start: string; amounts: string[]; total: string }[];
  /** Per series over the window, then the grand total, as shown. */
  totals: string[];
  total: string;
}

export class CostPage {
  readonly heading: Locator;
  readonly windows: Locator;
  readonly groupBy: Locator;
  readonly labelKey: Locator;
  readonly chartTable: Locator;
  readonly topSpenders: Locator;
  readonly budgets: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Cost' });
    this.windows = page.getByRole('group', { name: 'Window' });
    this.groupBy = page.getByRole('combobox', { name: 'Group by' });
    this.labelKey = page.getByRole('textbox', { name: 'Label key' });
    this.chartTable = page.getByRole('table', { name: /^Spend / });
    this.topSpenders = page.getByRole('table', { name: 'Top spenders' });
    this.budgets = page.getByRole('table', { name: 'Budgets' });
  }

  async goto(project: string | undefined, query = ''): Promise<void> {
    await this.page.goto(`${project === undefined ? '/all/cost' : `/projects/${project}/cost`}${query}`);
  }

  figure(name: 'spent' | 'burn-rate' | 'per-day' | 'per-30-days' | 'running'): Locator {
    return this.page.locator(`[data-figure="${name}"]`);
  }

  window(label: string): Locator {
    return this.windows.getByRole('button', { name: label, exact: true });
  }

  /** The chart's figures, read from its table. */
  async readChart(): Promise<ChartTable> {
    return this.chartTable.evaluate((table) => {
      const text = (cell: Element) => (cell.textContent ?? '').trim();
      const head = [...table.querySelectorAll('thead th')].map(text);
      const rows = [...table.querySelectorAll('tbody tr')].map((tr) => {
        const cells = [...tr.querySelectorAll('td')].map(text);
        return {
          start: tr.querySelector('time')?.getAttribute('datetime') ?? '',
          amounts: cells.slice(0, -1),
          total: cells.at(-1) ?? '',
        };
      });
      const foot = [...table.querySelectorAll('tfoot td')].map(text);
      return { columns: head.slice(1, -1), rows, totals: foot.slice(0, -1), total: foot.at(-1) ?? '' };
    });
  }
}
