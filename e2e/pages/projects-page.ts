/** Page object for /projects: the table of projects, its filter and the create and delete dialogs. */
import type { Locator, Page } from '@playwright/test';

export class ProjectsPage {
  readonly table: Locator;
  readonly filter: Locator;
  readonly summary: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Projects' });
    this.filter = page.getByRole('searchbox', { name: 'Filter projects by name' });
    this.summary = page.getByRole('heading', { level: 1, name: 'Projects' }).locator('xpath=following-sibling::p');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/projects${query}`);
  }

  row(project: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${project}\\b`) }) });
  }

  /** The count cell of a kind, a link named "<n> <plural> in <project>". */
  count(project: string, plural: string): Locator {
    return this.row(project).getByRole('link', { name: new RegExp(`^\\d+ ${plural} in ${project}$`) });
  }

  /** The Spent cell: the last but one cell of the row. */
  spent(project: string): Locator {
    return this.row(project).getByRole('cell').nth(-2);
  }

  /**
   * A row's Delete, its row scrolled into view first: the page asks the API whether a project may be deleted only
   * for the rows a person can reach, and says "Checking…" for the others.
   */
  async deleteButton(project: string): Promise<Locator> {
    const row = this.row(project);
    await row.scrollIntoViewIfNeeded();
    return row.getByRole('button', { name: `Delete project ${project}` });
  }

  async create(project: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New project' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Project name').fill(project);
    await dialog.getByRole('button', { name: 'Create project' }).click();
  }

  deleteDialog(project: string): Locator {
    return this.page.getByRole('dialog', { name: `Delete project ${project}` });
  }
}
