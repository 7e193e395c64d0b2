/**
 * Page object for the shell around every page: the top bar (context, project switcher, palette, health,
 * support), the Resources navigation and the overlays (palette, Support panel, the key prompt).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class Shell {
  readonly contextButton: Locator;
  readonly projectButton: Locator;
  readonly healthButton: Locator;
  readonly supportButton: Locator;
  readonly resourcesNav: Locator;
  readonly palette: Locator;
  readonly paletteInput: Locator;
  readonly supportPanel: Locator;
  readonly keyPrompt: Locator;
  readonly shortcutsSheet: Locator;
  readonly shortcutsButton: Locator;
  /** The short messages at the bottom of the window ("Copied …"). */
  readonly toast: Locator;
  /** Who the key belongs to, beside the context ("Signed in as: demo-user", "Not signed in: Key refused"). */
  readonly userButton: Locator;
  readonly userPanel: Locator;

  constructor(readonly page: Page) {
    this.contextButton = page.getByRole('button', { name: /^Context:/ });
    this.projectButton = page.getByRole('button', { name: /^Project:/ });
    this.healthButton = page.getByRole('button', { name: /^API health:/ });
    this.supportButton = page.getByRole('button', { name: /^Support/ });
    this.resourcesNav = page.getByRole('navigation', { name: 'Resources' });
    this.palette = page.getByRole('dialog', { name: 'Command palette' });
    this.paletteInput = this.palette.getByRole('combobox');
    this.supportPanel = page.getByRole('dialog', { name: 'Support' });
    this.keyPrompt = page.getByRole('dialog', { name: 'API key needed' });
    this.shortcutsSheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    this.shortcutsButton = page.getByRole('button', { name: 'Keyboard shortcuts', exact: true });
    this.toast = page.getByRole('status').filter({ hasText: /^Copied|^Could not copy/ });
    this.userButton = page.getByRole('button', { name: /^(Signed in as|Not signed in):/ });
    this.userPanel = page.getByRole('dialog', { name: 'Signed-in user' });
  }

  /** A kind in the navigation, named by its plural ("Jobs 7"). */
  kindLink(plural: string): Locator {
    return this.resourcesNav.getByRole('link', { name: new RegExp(`^${titleCase(plural)}\\b`) });
  }

  projectsLink(): Locator {
    return this.resourcesNav.getByRole('link', { name: 'Projects', exact: true });
  }

  /** Opens the switcher and returns its list of projects (a navigation named Projects). */
  async openProjectSwitcher(): Promise<Locator> {
    await this.projectButton.click();
    return this.page.getByRole('dialog', { name: 'Switch project' }).getByRole('navigation', { name: 'Projects' });
  }

  async switchProject(project: string): Promise<void> {
    const list = await this.openProjectSwitcher();
    await list.getByRole('link', { name: new RegExp(`^${escapeRegExp(project)}\\b`) }).click();
  }

  async openPalette(): Promise<void> {
    await this.page.keyboard.press('Control+k');
    await this.paletteInput.waitFor();
  }

  paletteOption(name: string | RegExp): Locator {
    return this.palette.getByRole('option', { name });
  }

  /** One group of the palette's results: Kinds, Projects, Objects or Actions. */
  paletteGroup(name: 'Kinds' | 'Projects' | 'Objects' | 'Actions'): Locator {
    return this.palette.getByRole('group', { name, exact: true });
  }

  /** Types into the palette, checks the first result is `option` and runs it with Enter. */
  async runFromPalette(query: string, option: RegExp): Promise<void> {
    await this.openPalette();
    await this.paletteInput.fill(query);
    await expect(this.paletteOption(option)).toHaveAttribute('aria-selected', 'true');
    await this.page.keyboard.press('Enter');
    await expect(this.palette).toBeHidden();
  }

  /** A group of the shortcuts sheet ("Anywhere", "Lists"...). */
  shortcutGroup(name: string): Locator {
    return this.shortcutsSheet.getByRole('region', { name, exact: true });
  }

  /** The keys the sheet draws for what a shortcut does, as text ("Ctrl K", "j or ↓"). */
  shortcutKeys(group: string, does: string): Locator {
    return this.shortcutGroup(group)
      .getByRole('term')
      .filter({ hasText: does })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** Through the context menu's "Change API key": the key goes to memory only. */
  async useApiKey(key: string): Promise<void> {
    await this.contextButton.click();
    await this.page.getByRole('button', { name: 'Change API key' }).click();
    const form = this.page.getByRole('dialog', { name: /^API key for/ });
    await form.getByLabel('API key').fill(key);
    await form.getByRole('button', { name: 'Use key' }).click();
  }
}

export function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
