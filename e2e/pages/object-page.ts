/**
 * Page object for one object's detail view (src/features/object-detail): header, actions and their dialogs,
 * banners, tabs and the overview's cards. Role-based locators throughout.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

export class ObjectPage {
  readonly heading: Locator;
  readonly phase: Locator;
  readonly live: Locator;
  readonly actions: Locator;
  readonly result: Locator;
  readonly deletion: Locator;
  readonly deleted: Locator;
  readonly conditions: Locator;
  readonly finalizers: Locator;
  readonly labels: Locator;
  readonly annotations: Locator;
  readonly details: Locator;
  readonly summary: Locator;
  readonly tabs: Locator;
  readonly yaml: Locator;
  readonly cost: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.phase = page.getByTestId('phase');
    this.live = page.getByRole('status', { name: 'Live status' });
    this.actions = page.getByRole('group', { name: 'Actions' });
    this.result = page.getByRole('status', { name: 'Action result' });
    this.deletion = page.getByRole('region', { name: 'Deletion' });
    this.deleted = page.getByRole('region', { name: 'Deleted' });
    this.conditions = page.getByRole('table', { name: 'Conditions' });
    this.finalizers = page.getByRole('region', { name: 'Finalizers' });
    this.labels = page.getByRole('region', { name: 'Labels' });
    this.annotations = page.getByRole('region', { name: 'Annotations' });
    this.details = page.getByRole('region', { name: 'Details' });
    this.summary = page.getByRole('region', { name: 'Summary' });
    this.tabs = page.getByRole('tablist', { name: 'Views of the object' });
    this.yaml = page.getByTestId('object-yaml');
    this.cost = page.getByRole('meter', { name: 'Cost' });
    this.dialog = page.getByRole('dialog');
  }

  /** Opens the object and waits for the view (the first load compiles the console: slow on a busy machine). */
  async goto(project: string, plural: string, name: string, tab?: string) {
    await this.page.goto(`/projects/${project}/${plural}/${name}${tab ? `?tab=${tab}` : ''}`);
    await expect(this.heading).toHaveText(name, { timeout: 45_000 });
  }

  /** Waits until the object is shown and its watch is live. */
  async expectLive() {
    await expect(this.live).toContainText('Live', { timeout: 30_000 });
  }

  action(label: string | RegExp): Locator {
    return this.actions.getByRole('button', { name: label });
  }

  tab(name: string): Locator {
    return this.tabs.getByRole('tab', { name });
  }

  conditionRow(type: string): Locator {
    return this.conditions.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: type }) });
  }

  /** The condition types in the order the table shows them. */
  async conditionTypes(): Promise<string[]> {
    return (await this.conditions.getByRole('rowheader').allTextContents()).map((t) => t.trim());
  }

  children(kind = 'Jobs'): Locator {
    return this.page.getByRole('table', { name: kind });
  }

  errorPanel(title: string | RegExp): Locator {
    return this.page.getByRole('alert', { name: title });
  }

  async expectPhase(phase: string | RegExp, timeout = 30_000) {
    await expect(this.phase).toHaveText(phase, { timeout });
  }

  /**
   * A screenshot at a desktop size (the shell scrolls inside itself, so the viewport is the picture), kept with the
   * test's results for a person to look at.
   */
  async shot(name: string) {
    await this.page.setViewportSize({ width: 1440, height: 1100 });
    await this.page.screenshot({ path: test.info().outputPath(name) });
  }
}
