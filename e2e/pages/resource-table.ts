/**
 * Page object for the resource table (src/features/resources): the filters above it, how current it is, its
 * rows, and the bulk actions with their confirmation. Role-based locators throughout.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ResourceTablePage {
  readonly watchStatus: Locator;
  readonly reconnected: Locator;
  readonly labelSelector: Locator;
  readonly phase: Locator;
  readonly count: Locator;
  readonly selected: Locator;
  /** The table's one tooltip: the whole of a value cut short. */
  readonly tooltip: Locator;
  /** The sidebar, and its list of kinds (the table has no tabs of its own). */
  readonly sidebar: Locator;
  readonly kinds: Locator;

  constructor(
    readonly page: Page,
    readonly plural: string,
  ) {
    this.watchStatus = page.getByRole('status', { name: 'Watch status' });
    this.reconnected = page.getByText(/^Reconnected/);
    this.labelSelector = page.getByRole('textbox', { name: 'Label selector' });
    this.phase = page.getByRole('combobox', { name: 'Phase' });
    this.count = page.getByLabel('Count', { exact: true });
    this.selected = page.getByRole('group', { name: 'Selected rows' });
    this.tooltip = page.getByRole('tooltip');
    this.sidebar = page.getByRole('navigation', { name: 'Resources' });
    this.kinds = this.sidebar.getByRole('list', { name: 'Kinds' });
  }

  async goto(project: string, search = '', baseUrl = '') {
    await this.page.goto(`${baseUrl}/projects/${project}/${this.plural}${search}`);
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: titleCase(this.plural) });
  }

  get textFilter(): Locator {
    return this.page.getByRole('searchbox', { name: `Filter ${this.plural}` });
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  /** The names in the order the table shows them. */
  async names(): Promise<string[]> {
    return this.table.getByRole('rowheader').allTextContents();
  }

  /** Waits until the table shows exactly these names, in any order. */
  async expectNames(names: string[], timeout?: number) {
    await expect
      .poll(async () => (await this.names()).sort(), { timeout, message: 'the rows the table shows' })
      .toEqual([...names].sort());
  }

  cell(name: string, column: string): Locator {
    // Cells in the order of the column headers; the first two are the tick box and the name.
    return this.row(name).getByRole('cell').nth(this.columnIndex(column));
  }

  private columnIndexes = new Map<string, number>();

  /** Reads the column order once per page object. */
  async columns(): Promise<string[]> {
    const headers = (await this.table.getByRole('columnheader').allTextContents()).map((t) => t.trim());
    headers.forEach((h, i) => this.columnIndexes.set(h.toLowerCase(), i));
    return headers;
  }

  private columnIndex(column: string): number {
    const index = this.columnIndexes.get(column.toLowerCase());
    if (index === undefined) throw new Error(`call columns() first; no column "${column}" known`);
    // Cells skip the rowheader (the name), which is not a cell.
    return index - 1;
  }

  columnHeader(name: string): Locator {
    return this.table.getByRole('columnheader', { name });
  }

  async sortBy(column: string) {
    await this.columnHeader(column).getByRole('button').click();
  }

  selectBox(name: string): Locator {
    return this.table.getByRole('checkbox', { name: `Select ${name}`, exact: true });
  }

  get selectAll(): Locator {
    return this.table.getByRole('checkbox', { name: /^Select all/ });
  }

  chip(key: string, value: string): Locator {
    return this.page.getByRole('button', { name: `Filter by label ${key}=${value}` });
  }

  bulk(action: 'Suspend' | 'Stop' | 'Delete'): Locator {
    return this.selected.getByRole('button', { name: `${action}…` });
  }

  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  async applyLabelSelector(selector: string) {
    await this.labelSelector.fill(selector);
    await this.labelSelector.press('Enter');
  }

  emptyState(project: string): Locator {
    return this.page.getByText(`No ${this.plural} in ${project}`, { exact: true });
  }
}

export function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
