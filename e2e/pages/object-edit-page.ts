/**
 * Page object for an object's Edit tab (`?tab=edit`): the YAML editor, save and discard, the notices above the
 * editor, and the three-way view with one card per field changed on both sides.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { MONACO_TEXT_AREA } from '../support/monaco.ts';
import type { NodusObject } from '../../src/shared/protocol.ts';

export class ObjectEditPage {
  readonly editor: Locator;
  readonly saveButton: Locator;
  readonly discardButton: Locator;
  readonly savedNotice: Locator;
  readonly liveChangeNotice: Locator;
  /** In the notice: the fields changed on both sides to different values, and what merged by itself. */
  readonly liveConflicts: Locator;
  readonly liveMerged: Locator;
  readonly reviewMergeButton: Locator;
  readonly restoredNotice: Locator;
  readonly mergeView: Locator;
  readonly conflicts: Locator;
  readonly mergedList: Locator;
  readonly saveMergedButton: Locator;
  readonly backToEditButton: Locator;
  readonly mergeWithLatestButton: Locator;
  readonly yamlError: Locator;
  readonly immutableNotice: Locator;

  /**
   * The person's edit: the object as the editor shows it (no server fields), with `change` applied. Written as
   * JSON (which is YAML) with one spec field per line: typed into Monaco, a block-style text would pick up the
   * editor's auto-indent, while indentation inside flow collections means nothing.
   */
  static editOf(
    object: NodusObject,
    change: { spec?: Record<string, unknown>; labels?: Record<string, string> },
  ): string {
    const { uid: _u, resourceVersion: _r, generation: _g, creationTimestamp: _c, ...kept } = object.metadata;
    const metadata = { ...kept, labels: { ...object.metadata.labels, ...change.labels } };
    const spec = Object.entries({ ...object.spec, ...change.spec }).map(
      ([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`,
    );
    return [
      `{"apiVersion": ${JSON.stringify(object.apiVersion)},`,
      `"kind": ${JSON.stringify(object.kind)},`,
      `"metadata": ${JSON.stringify(metadata)},`,
      `"spec": {${spec.join(',\n')}}}`,
    ].join('\n');
  }

  constructor(readonly page: Page) {
    this.editor = page.getByTestId('code-editor');
    this.saveButton = page.getByRole('button', { name: 'Save', exact: true });
    this.discardButton = page.getByRole('button', { name: 'Discard my edit' });
    this.savedNotice = page.getByRole('status', { name: 'Saved' });
    this.liveChangeNotice = page.getByRole('status', { name: 'Changed on the server' });
    this.liveConflicts = this.liveChangeNotice.getByRole('list', { name: 'Changed on both sides' });
    this.liveMerged = this.liveChangeNotice.getByRole('list', { name: 'Merged automatically' });
    this.reviewMergeButton = this.liveChangeNotice.getByRole('button', { name: 'Review and merge' });
    this.restoredNotice = page.getByRole('status').filter({ hasText: 'Restored your unsaved edit' });
    this.mergeView = page.getByRole('region', { name: "Merge your edit with the server's changes" });
    this.conflicts = this.mergeView.getByRole('list', { name: 'Conflicts' });
    this.mergedList = this.mergeView.getByRole('list', { name: 'Merged automatically' });
    this.saveMergedButton = page.getByRole('button', { name: 'Save merged' });
    this.backToEditButton = page.getByRole('button', { name: 'Back to my edit' });
    this.mergeWithLatestButton = page.getByRole('button', { name: 'Merge with the latest' });
    this.yamlError = page.getByRole('alert', { name: 'YAML error' });
    this.immutableNotice = page.getByRole('region', { name: 'Fields that cannot change' });
  }

  async goto(project: string, plural: string, name: string) {
    await this.page.goto(`/projects/${project}/${plural}/${name}?tab=edit`);
    await this.waitForEditor();
  }

  /** Monaco is loaded lazily on first use; in the dev server its first load can take a while on a busy machine. */
  async waitForEditor() {
    await expect(this.editor).toHaveAttribute('data-editor-ready', 'true', { timeout: 280_000 });
  }

  /** Replaces the whole text, as a person selecting all and pasting would. */
  async setYaml(text: string) {
    await this.editor
      .locator(MONACO_TEXT_AREA)
      .first()
      .click({ position: { x: 8, y: 8 } });
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(text);
  }

  /** The edit as the console keeps it (the draft in localStorage), or null when nothing is kept. */
  async storedDraft(project: string, plural: string, name: string): Promise<string | null> {
    return this.page.evaluate((key) => {
      const raw = localStorage.getItem(key);
      return raw ? (JSON.parse(raw) as { text: string }).text : null;
    }, `nodus-console:draft:v2:edit/${project}/${plural}/${name}`);
  }

  /** The text the editor shows (Monaco renders each line as its own element). */
  async visibleText(): Promise<string> {
    return (await this.editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');
  }

  conflict(path: string): Locator {
    return this.conflicts.getByRole('group', { name: path, exact: true });
  }

  async takeMine(path: string) {
    await this.conflict(path).getByRole('button', { name: 'Take mine' }).click();
  }

  async takeTheirs(path: string) {
    await this.conflict(path).getByRole('button', { name: 'Take theirs' }).click();
  }

  async editValue(path: string, value: string) {
    const card = this.conflict(path);
    await card.getByRole('button', { name: 'Edit the value…' }).click();
    await card.getByRole('textbox', { name: `Value for ${path}` }).fill(value);
    await card.getByRole('button', { name: 'Use this value' }).click();
  }

  /** The line numbers that carry an error marker in the gutter (the bar and the number share a row). */
  errorMarkerLines(): Locator {
    return this.editor.locator('.margin-view-overlays > div:has(.nodus-marker-error) .line-numbers');
  }
}
