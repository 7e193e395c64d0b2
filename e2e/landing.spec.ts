/**
 * The first page is a project the key may read: someone without a role in default lands on a project of theirs,
 * not on a refusal.
 */
import { expect, test } from './support/signed-in.ts';

test.describe('a contractor (sam: a developer in vision, no role in default)', () => {
  test.use({ apiKey: 'nodus-demo-sam' });

  test('the console opens on a project of theirs, not on a refusal in default', async ({ signedIn }) => {
    const { page } = signedIn;
    await signedIn.open('/projects');
    await page.evaluate(() => {
      window.history.pushState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/projects\/vision$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
