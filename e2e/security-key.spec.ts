/**
 * The API key, in the production build: typed once into the prompt, it is sent in the Authorization header and
 * nowhere else (no URL, no storage, not the support report, not the page, not the console), and "Sign out" forgets
 * it: requests stop carrying it and a reload asks again. Run by e2e/playwright.security.config.ts, whose mock key
 * (SECURITY_API_KEY) appears in none of the mock's own texts, so finding it anywhere means the console put it there.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { Shell } from './pages/shell.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { SecureApi } from './support/secure-api.ts';
import { SECURITY_API_KEY } from './support/servers.ts';

const KEY = SECURITY_API_KEY;
const WRONG = 'wrong-key-5ec2e7-refused';

/** Everything the page keeps on the client that a key must not be in. */
async function clientState(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dump = (s: Storage) =>
      Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`).join('\n');
    const dbs: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name ?? '');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result as unknown[]);
        });
        dbs.push(`${info.name}/${store}: ${JSON.stringify(all)}`);
      }
      db.close();
    }
    const cacheNames = 'caches' in window ? await caches.keys() : [];
    const inputs = Array.from(document.querySelectorAll('input, textarea')).map((el) => (el as HTMLInputElement).value);
    return [
      `localStorage:\n${dump(localStorage)}`,
      `sessionStorage:\n${dump(sessionStorage)}`,
      `indexedDB:\n${dbs.join('\n')}`,
      `caches: ${cacheNames.join(',')}`,
      `cookie: ${document.cookie}`,
      `url: ${location.href}`,
      `history: ${JSON.stringify(history.state)}`,
      `inputs: ${inputs.join('|')}`,
      `dom:\n${document.documentElement.outerHTML}`,
    ].join('\n');
  });
}

function carriesKey(request: Request): boolean {
  return (request.headers().authorization ?? '').includes(KEY);
}

function expectNoKey(text: string, where: string): void {
  expect(text, where).not.toContain(KEY);
  expect(text, where).not.toContain(WRONG);
}

test('the key goes only into the Authorization header; sign-out forgets it and a reload asks again', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const api = new SecureApi(request);
  const project = await api.newProject('key');
  await api.job(project, 'key-job');
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  const consoleText: string[] = [];
  page.on('console', (m) => consoleText.push(m.text()));
  page.on('pageerror', (e) => consoleText.push(`${e.message}\n${e.stack ?? ''}`));
  const shell = new Shell(page);
  const table = new ResourceTablePage(page, 'jobs');

  // A failing call first (a project that does not exist), after a key the API refuses: neither key may leak.
  await page.goto('/projects/no-such-project-for-key/jobs');
  await expect(shell.keyPrompt).toBeVisible();
  await shell.keyPrompt.getByLabel('API key').fill(WRONG);
  await shell.keyPrompt.getByRole('button', { name: 'Use key' }).click();
  await expect(shell.keyPrompt).toContainText('it does not accept the key');
  await shell.keyPrompt.getByLabel('API key').fill(KEY);
  await shell.keyPrompt.getByRole('button', { name: 'Use key' }).click();
  await expect(shell.keyPrompt).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'NotFound' }).first()).toBeVisible();
  // Then in the app (no reload: the key is in memory): a project, its table, an object.
  await shell.switchProject(project);
  await expect(table.row('key-job')).toBeVisible();
  await table.row('key-job').getByRole('link', { name: 'key-job' }).click();
  await expect(page.getByRole('heading', { name: 'key-job' }).first()).toBeVisible();

  const apiCalls = requests.filter((r) => /\/(api|apis)\//.test(new URL(r.url()).pathname));
  expect(apiCalls.filter(carriesKey).length).toBeGreaterThan(0);
  for (const r of requests) {
    expectNoKey(decodeURIComponent(r.url()), r.url());
    expectNoKey(r.postData() ?? '', `body of ${r.url()}`);
    const { authorization: _sent, ...others } = r.headers();
    expectNoKey(JSON.stringify(others), `other headers of ${r.url()}`);
  }

  await shell.supportButton.click();
  await shell.supportPanel.getByRole('button', { name: 'Copy support report' }).click();
  const report = await page.evaluate(() => navigator.clipboard.readText());
  expect(report).toContain('Nodus Console support report');
  expect(report).toMatch(/404 +NotFound/);
  expect(report).toMatch(/401 +Unauthorized/);
  expectNoKey(report, 'the support report');
  await page.keyboard.press('Escape');

  const state = await clientState(page);
  expect(state).toContain('nodus.console.contexts');
  expectNoKey(state, 'storage, cookies, URL and the page');
  expectNoKey(consoleText.join('\n'), 'the console');

  // Sign out: the key is forgotten at once and the prompt says so. The requests that count start with the click
  // itself, as the page sees it: one the page sent just before may still reach this side after the click began.
  await shell.contextButton.click();
  let signedOutAt = Number.POSITIVE_INFINITY;
  await page.exposeFunction('signOutClicked', () => (signedOutAt = requests.length));
  const signOut = page.getByRole('button', { name: 'Sign out of default' });
  await signOut.evaluate((button) =>
    button.addEventListener('click', () => (window as unknown as { signOutClicked: () => void }).signOutClicked(), {
      capture: true,
      once: true,
    }),
  );
  await signOut.click();
  await expect(shell.keyPrompt).toBeVisible();
  await expect(shell.keyPrompt).toContainText('You signed out of context default');
  // What was open is dropped and read again, without the key now.
  await expect
    .poll(() => requests.slice(signedOutAt).filter((r) => /\/(api|apis)\//.test(new URL(r.url()).pathname)).length)
    .toBeGreaterThan(0);
  expect(requests.slice(signedOutAt).filter(carriesKey)).toEqual([]);
  await shell.keyPrompt.getByRole('button', { name: 'Not now' }).click();
  await expect(shell.keyPrompt).toBeHidden();
  await shell.contextButton.click();
  await expect(page.getByRole('dialog', { name: 'Contexts' })).toContainText('no key');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(shell.keyPrompt).toBeVisible();
  const afterReload = requests.length;
  await page.getByRole('heading', { name: 'API key needed' }).waitFor();
  expect(requests.slice(afterReload).filter(carriesKey)).toEqual([]);
  expectNoKey(await clientState(page), 'the page after a reload');

  // Signing in again works as the first time.
  await shell.keyPrompt.getByLabel('API key').fill(KEY);
  await shell.keyPrompt.getByRole('button', { name: 'Use key' }).click();
  await expect(shell.keyPrompt).toBeHidden();
  await expect(page.getByRole('heading', { name: 'key-job' }).first()).toBeVisible();
});
