/**
 * Opening the console as the holder of a given API key. Keys live in the page's memory only (never a URL or
 * storage), so the page opens with the build's key and the key is then typed into "Change API key"; the console
 * asks everything again for it. Later pages are reached inside the app (`goInApp`), since a reload forgets the key.
 *
 *   test.use({ apiKey: 'a-viewer-key' });
 *   test('…', async ({ signedIn }) => { await signedIn.open('/projects/lab/jobs'); … });
 */
import { expect, test as base, type Page } from '@playwright/test';
import { DEMO_API_KEY } from '../../src/shared/protocol.ts';
import { Shell } from '../pages/shell.ts';
import { whoAmI } from './access-api.ts';

export interface SignedIn {
  readonly page: Page;
  readonly shell: Shell;
  /** Opens `path` and signs in with the test's key; resolves once the header names the key's user. */
  open(path: string): Promise<void>;
  /** Goes to `path` inside the app, keeping the key in memory. */
  goInApp(path: string): Promise<void>;
}

export const test = base.extend<{ apiKey: string; signedIn: SignedIn }>({
  apiKey: [DEMO_API_KEY, { option: true }],
  signedIn: async ({ page, apiKey, request }, use) => {
    const shell = new Shell(page);
    const user = await whoAmI(request, apiKey);
    await use({
      page,
      shell,
      async open(path) {
        await page.goto(path);
        // The build's key is the demo key; any other is typed in, as a person would.
        if (apiKey !== DEMO_API_KEY) await shell.useApiKey(apiKey);
        await expect(shell.userButton).toHaveAccessibleName(`Signed in as: ${user.username}`);
      },
      async goInApp(path) {
        await page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
        await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      },
    });
  },
});

export { expect };
