/**
 * Page object for an object's Files tab (src/features/files): the folder's table, the breadcrumb, Upload and
 * its progress, the dialogs. Role-based locators throughout.
 */
import type { Locator, Page } from '@playwright/test';

export class FilesBrowser {
  readonly card: Locator;
  readonly table: Locator;
  readonly breadcrumb: Locator;
  readonly picker: Locator;
  readonly uploads: Locator;
  readonly dropZone: Locator;
  readonly usage: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByRole('region', { name: 'Files' });
    this.table = this.card.getByRole('table');
    this.breadcrumb = this.card.getByRole('navigation', { name: 'Folder' });
    this.picker = this.card.getByLabel('Files to upload');
    this.uploads = this.card.getByRole('region', { name: 'Uploads' });
    this.dropZone = this.card.getByTestId('files-drop-zone');
    this.usage = this.card.getByRole('meter', { name: 'Space used' });
    this.dialog = page.getByRole('dialog');
  }

  async goto(project: string, plural: string, name: string, path?: string): Promise<void> {
    const query = path ? `&path=${encodeURIComponent(path)}` : '';
    await this.page.goto(`/projects/${project}/${plural}/${name}?tab=files${query}`);
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  upload(name: string): Locator {
    return this.card.getByRole('listitem', { name: `Upload of ${name}` });
  }

  /** Drops files on the list the way a browser does: dragenter, dragover, drop with a DataTransfer of Files. */
  async drop(files: { name: string; text: string }[]): Promise<void> {
    const transfer = await this.page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([f.text], f.name, { type: 'text/plain' }));
      return dt;
    }, files);
    for (const type of ['dragenter', 'dragover', 'drop']) {
      await this.dropZone.dispatchEvent(type, { dataTransfer: transfer });
    }
  }
}
