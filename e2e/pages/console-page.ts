/** Page object for the console's first page: the project sidebar, the kind tabs and the object table. */
import type { Locator, Page } from '@playwright/test';

export class ConsolePage {
  readonly projectNav: Locator;
  readonly kindNav: Locator;

  constructor(readonly page: Page) {
    this.projectNav = page.getByRole('navigation', { name: 'Projects' });
    this.kindNav = page.getByRole('navigation', { name: 'Kinds' });
  }

  async goto(path = '/') {
    await this.page.goto(path);
  }

  projectLink(project: string): Locator {
    return this.projectNav.getByRole('link', { name: new RegExp(`^${escapeRegExp(project)}\\b`) });
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The tab of a kind, named by its plural as discovery spells it ("sandboxes" → "Sandboxes 3"). */
  kindTab(plural: string): Locator {
    return this.kindNav.getByRole('link', { name: new RegExp(`^${escapeRegExp(titleCase(plural))}\\b`) });
  }

  kindCount(plural: string): Locator {
    return this.kindTab(plural).getByTestId('kind-count');
  }

  table(plural: string): Locator {
    return this.page.getByRole('table', { name: titleCase(plural) });
  }

  row(plural: string, name: string): Locator {
    return this.table(plural).getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  emptyState(plural: string, project: string): Locator {
    return this.page.getByText(`No ${plural} in ${project}`, { exact: true });
  }

  /** Sets the in-memory API key through the sidebar form. */
  async useApiKey(key: string) {
    await this.page.getByRole('button', { name: 'Change API key' }).click();
    await this.page.getByLabel('API key').fill(key);
    await this.page.getByRole('button', { name: 'Use key' }).click();
  }

  errorPanel(name?: string | RegExp): Locator {
    return name ? this.page.getByRole('alert', { name }) : this.page.getByRole('alert');
  }
}

function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
