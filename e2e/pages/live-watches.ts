/**
 * Page object for "Live watches" in the Support panel: one row per shared watch (target, status, objects,
 * version, reconnects, relists, digest). Opened from the top bar's Support button.
 */
import type { Locator, Page } from '@playwright/test';
import { Shell } from './shell.ts';

export interface WatchRow {
  status: string;
  objects: string;
  version: string;
  reconnects: number;
  relists: number;
  digest: string;
}

const COLUMNS = ['status', 'objects', 'version', 'reconnects', 'relists', 'digest'] as const;

export class LiveWatchesPanel {
  readonly shell: Shell;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.shell = new Shell(page);
    this.table = this.shell.supportPanel.getByRole('table', { name: /^Live watches/ });
  }

  async open(): Promise<void> {
    await this.shell.supportButton.click();
    await this.table.waitFor();
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.shell.supportPanel.waitFor({ state: 'hidden' });
  }

  /** The row of a target as the panel names it: "jobs in my-project". */
  row(target: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: target, exact: true }) });
  }

  /** The row's cells, read at once (they refresh twice a second). */
  async read(target: string): Promise<WatchRow | undefined> {
    const row = this.row(target);
    if ((await row.count()) === 0) return undefined;
    const cells = (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
    const value = (column: (typeof COLUMNS)[number]) => cells[COLUMNS.indexOf(column)] ?? '';
    return {
      status: value('status'),
      objects: value('objects'),
      version: value('version'),
      reconnects: Number(value('reconnects')),
      relists: Number(value('relists')),
      // The copy button's word sits in the same cell.
      digest: /[0-9a-f]{14}/.exec(value('digest'))?.[0] ?? '',
    };
  }
}
