/**
 * Collects what a Content-Security-Policy refused while a test ran: `securitypolicyviolation` events (recorded by
 * an init script, which Playwright injects outside the page's CSP) and the browser's console errors about it, from
 * the page and its workers. A test under the CSP ends by expecting both lists empty.
 */
import type { Page } from '@playwright/test';

export interface CspViolation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

declare global {
  interface Window {
    __cspViolations?: CspViolation[];
  }
}

export async function watchCsp(
  page: Page,
): Promise<{ violations: () => Promise<CspViolation[]>; consoleErrors: string[] }> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|create|connect|evaluate|frame)/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  return {
    violations: () => page.evaluate(() => window.__cspViolations ?? []),
    consoleErrors,
  };
}

/**
 * Moves within the single-page app without reloading it (as a click on an in-app link does): the API key lives in
 * memory only, so `page.goto` (a reload) would forget it and the console would ask again.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
  }, path);
}
