/** Page object for a project's page: the shell around it, the sidebar's kinds and the object table. */
import type { Locator, Page } from '@playwright/test';
import { Shell, titleCase } from './shell.ts';

export class ConsolePage {
  readonly shell: Shell;
  /** The sidebar's list of kinds, each a link with its count: the one place to switch kinds. */
  readonly kindNav: Locator;

  constructor(readonly page: Page) {
    this.shell = new Shell(page);
    this.kindNav = page.getByRole('navigation', { name: 'Resources' }).getByRole('list', { name: 'Kinds' });
  }

  async goto(path = '/') {
    await this.page.goto(path);
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The sidebar link of a kind, named by its plural as discovery spells it ("sandboxes" → "Sandboxes 3"). */
  kindTab(plural: string): Locator {
    return this.kindNav.getByRole('link', { name: new RegExp(`^${titleCase(plural)}\\b`) });
  }

  kindCount(plural: string): Locator {
    return this.kindTab(plural).getByTestId('kind-count');
  }

  table(plural: string): Locator {
    return this.page.getByRole('table', { name: titleCase(plural) });
  }

  row(plural: string, name: string): Locator {
    return this.table(plural)
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  emptyState(plural: string, project: string): Locator {
    return this.page.getByText(`No ${plural} in ${project}`, { exact: true });
  }

  /** Sets the in-memory API key of the context in use. */
  async useApiKey(key: string) {
    await this.shell.useApiKey(key);
  }

  errorPanel(name?: string | RegExp): Locator {
    return name ? this.page.getByRole('alert', { name }) : this.page.getByRole('alert');
  }
}
