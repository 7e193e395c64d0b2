/**
 * Page object for the new-object editor (/projects/:project/new/:plural): the Monaco YAML editor, the problems
 * list, Review and Launch, and what a review shows. Monaco is driven through its text area: select all, then
 * insertText (which skips Monaco's auto-indent and auto-close, so the text lands exactly as given).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { MONACO_TEXT_AREA } from '../support/monaco.ts';

export class EditorPage {
  readonly editor: Locator;
  readonly reviewButton: Locator;
  readonly launchButton: Locator;
  readonly retryLaunchButton: Locator;
  /** After a refused launch: the button beside both estimates that launches the new one. */
  readonly acceptButton: Locator;
  readonly discardButton: Locator;
  readonly problems: Locator;
  readonly estimate: Locator;
  readonly reviewPanel: Locator;

  /**
   * A Job's YAML as a person would write it: `maxCostUSD` is the cap, and `extra` is appended as is (lines under
   * `spec`, indented by two, such as `resources`).
   */
  static jobYaml(
    name: string,
    { maxCostUSD = '40.00', extra = '' }: { maxCostUSD?: string; extra?: string } = {},
  ): string {
    return `apiVersion: nodus.dev/v1
kind: Job
metadata:
  name: ${name}
spec:
  image: nodus/pytorch:2.8-cuda12.8
  command: [python, train.py]
  maxCostUSD: "${maxCostUSD}"
${extra}`;
  }

  constructor(
    readonly page: Page,
    readonly kind = 'Job',
  ) {
    this.editor = page.getByRole('textbox', { name: `${kind} YAML` });
    this.reviewButton = page.getByRole('button', { name: /^Review( again)?$/ });
    this.launchButton = page.getByRole('button', { name: new RegExp(`^(Launch|Create) ${kind}`) });
    this.retryLaunchButton = page.getByRole('button', { name: 'Retry launch' });
    this.acceptButton = page.getByRole('button', { name: /^Launch at the new estimate/ });
    this.discardButton = page.getByRole('button', { name: 'Discard draft' });
    this.problems = page.getByRole('region', { name: /Problems|Fix these before review/ });
    this.estimate = page.getByRole('region', { name: 'Estimate' });
    this.reviewPanel = page.getByRole('complementary', { name: 'Review and launch' });
  }

  async goto(project: string, plural: string) {
    await this.page.goto(`/projects/${project}/new/${plural}`);
    await this.ready();
  }

  async ready() {
    await expect(this.page.getByTestId('code-editor').first()).toHaveAttribute('data-editor-ready', 'true', {
      timeout: 120_000,
    });
  }

  /** The editor's whole text, as the model holds it. */
  async text(): Promise<string> {
    return this.page.evaluate(() => {
      const lines = [...document.querySelectorAll('[data-testid="code-editor"] .view-lines .view-line')];
      // Monaco draws spaces as no-break spaces.
      return lines.map((l) => (l.textContent ?? '').replace(/\u00a0/g, ' ')).join('\n');
    });
  }

  /** Puts the caret in the editor by clicking its text, as a person does (see MONACO_TEXT_AREA). */
  async focus() {
    await this.page
      .getByTestId('code-editor')
      .first()
      .locator(MONACO_TEXT_AREA)
      .first()
      .click({ position: { x: 8, y: 8 } });
    await expect(this.editor).toBeFocused();
  }

  /**
   * Replaces the whole text as a paste does: typed text (even `insertText`) goes through Monaco's auto-indent,
   * which indents every pasted-in line further; a paste lands exactly as given.
   */
  async setText(yaml: string) {
    await this.focus();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.paste(yaml);
  }

  /** Pastes `text` at the caret (or over the selection). */
  async paste(text: string) {
    await this.editor.evaluate((area, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  }

  /** The line numbers that carry a console marker of `severity` in the gutter of the first editor. */
  async markedLines(severity: 'error' | 'warning' | 'info' = 'error', editorName?: string): Promise<number[]> {
    const editors = this.page.getByTestId('code-editor');
    const editor = editorName
      ? editors.filter({ has: this.page.getByRole('textbox', { name: editorName }) })
      : editors.first();
    const rows = editor.locator(`.margin-view-overlays > div:has(.nodus-marker-${severity}) .line-numbers`);
    return (await rows.allTextContents()).map((t) => Number(t.trim())).sort((a, b) => a - b);
  }

  problem(text: string | RegExp): Locator {
    return this.problems.getByRole('button', { name: text });
  }
}
