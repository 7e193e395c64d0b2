/**
 * Every selector the browser scenarios use, in one place, so that when the console's table changes only this file
 * needs to. Written for the virtualized resource table at /projects/:project/:plural (src/app/router.tsx): a
 * role="table" grid labelled with the kind ("Jobs"), rows of role="row" holding a checkbox cell, a rowheader
 * (the name) and role="cell"s, sort buttons in the column headers, a "Filter jobs" searchbox, and the open kind's
 * live count in the sidebar's list of kinds. The CSS selectors also match the plain <table> that came before it.
 * Controls a scenario needs but cannot find make it report n/a with what it looked for.
 */
import type { Locator, Page } from '@playwright/test';

/** What the in-page collector (collector.js) reads: CSS selectors, since it runs outside Playwright. */
export interface CollectorConfig {
  tableSelector: string;
  /** A data row (not the header row). */
  rowSelector: string;
  /** The cells of a row, in column order. */
  cellSelector: string;
  /** The column headers, in the same order. */
  headerSelector: string;
  /** The element whose digits are the number of objects listed, and the number that means "all". */
  countSelector: string;
  expectedCount: number;
  /** Instead of the digits: a text the count element holds once all are listed ("5,000 of 5,000 events"). */
  expectedText?: string;
  /**
   * Whether to record every frame's time (scroll, churn, the Cost view read them; default true). A callback at
   * each frame makes Chromium run a frame every 16.7 ms, which a page left alone would not, so a scenario that
   * reads no frames (opening a table) turns it off.
   */
  frames?: boolean;
}

function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export class TablePage {
  constructor(
    readonly page: Page,
    readonly project: string,
    readonly plural: string,
  ) {}

  static collectorConfig(plural: string, expectedCount: number): CollectorConfig {
    const table = `:is(table, [role="table"])[aria-label="${titleCase(plural)}"]`;
    return {
      tableSelector: table,
      // Data rows: not the header row (which holds the column headers).
      rowSelector: `${table} tbody tr, ${table} [role="row"]:not(:has([role="columnheader"]))`,
      cellSelector: 'th, td, [role="cell"], [role="rowheader"], [role="gridcell"]',
      headerSelector: 'thead th, [role="columnheader"]',
      countSelector: '[aria-label="Kinds"] a[aria-current="page"] [data-testid="kind-count"]',
      expectedCount,
    };
  }

  /** The route of the table (src/app/router.tsx). */
  path(): string {
    return `/projects/${encodeURIComponent(this.project)}/${encodeURIComponent(this.plural)}`;
  }

  async open(): Promise<void> {
    await this.page.goto(this.path());
  }

  table(): Locator {
    return this.page.getByRole('table', { name: titleCase(this.plural), exact: true });
  }

  /** The column holding an object's name (the key the churn scenario matches rows by) and its cost. */
  readonly nameColumn = 'Name';
  readonly costColumn = 'Cost';

  /** Sorting by a column: a button in its header (the virtualized table's). */
  sortControl(column: string): Locator {
    return this.page.getByRole('columnheader', { name: new RegExp(`^${column}`) }).getByRole('button');
  }

  /** The table's filter box. */
  filterInput(): Locator {
    return this.page.getByRole('searchbox', { name: /filter/i });
  }

  /** The first data row's name: what a sort or a filter changes. */
  firstRowName(): Locator {
    return this.table().getByRole('rowheader').first();
  }

  /** An object's log, followed: the object page's logs tab (src/features/logs). */
  logPath(name: string): string {
    return `${this.path()}/${encodeURIComponent(name)}?tab=logs`;
  }

  /** Where the log view starts: "all" streams the whole log through the view (it holds the newest 100,000). */
  logStartFrom(): Locator {
    return this.page.getByRole('combobox', { name: 'Start from' });
  }

  logView(): Locator {
    return this.page.getByRole('log');
  }

  /** The lines the log view has shown so far (its own count, since a virtualized log keeps few in the DOM). */
  logLineCount(): Locator {
    return this.page.getByTestId('log-line-count');
  }
}
