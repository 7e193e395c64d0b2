/**
 * Text an API might send that a console must show as text and nothing more: markup and script, `javascript:` URLs,
 * event-handler attributes, template syntax, terminal escapes (colours, screen clears, titles, OSC 8 hyperlinks),
 * bidirectional overrides, zero-width characters, emoji and combining marks, and a 100 KB value. Every payload that
 * could run sets `window.__pwned` (or opens a dialog), which the hostile-input tests watch for.
 */
import { expect, type Page } from '@playwright/test';

export interface HostileString {
  name: string;
  value: string;
}

const ESC = '\u001b';

export const HOSTILE_STRINGS: readonly HostileString[] = [
  { name: 'script tag', value: '<script>window.__pwned="script";alert("script")</script>' },
  { name: 'img onerror', value: '<img src=x onerror="window.__pwned=\'img\';alert(1)">' },
  { name: 'svg onload', value: '<svg/onload=window.__pwned="svg">' },
  { name: 'iframe javascript', value: '<iframe src="javascript:window.parent.__pwned=\'iframe\'"></iframe>' },
  { name: 'javascript URL', value: 'javascript:window.__pwned="url";alert(document.domain)' },
  { name: 'anchor javascript', value: '<a href="javascript:window.__pwned=\'a\'" id="pwn-link">click me</a>' },
  { name: 'attribute break-out', value: '" autofocus onfocus="window.__pwned=\'attr\'" x="' },
  { name: 'style break-out', value: '</style><style>*{display:none!important}</style><b>bold?</b>' },
  { name: 'template syntax', value: '{{constructor.constructor("window.__pwned=\'tpl\'")()}} ${window.__pwned="tpl2"} <%= 7*7 %>' },
  { name: 'ANSI colours and clear', value: `${ESC}[31mred${ESC}[0m ${ESC}[2J${ESC}[H cleared? ${ESC}[1;5mblink${ESC}[0m` },
  { name: 'OSC title and hyperlink', value: `${ESC}]0;pwned-title${ESC}\\ ${ESC}]8;;javascript:window.__pwned='osc8'${ESC}\\osc link${ESC}]8;;${ESC}\\ bell\u0007` },
  { name: 'bidi override', value: 'invoice\u202Efdp.exe\u202C and \u2066isolate\u2069 \u200Fmark' },
  { name: 'zero-width', value: 'zero\u200Bwidth\u200C\u200Djoin\uFEFFbom\u2060word' },
  { name: 'emoji and combining marks', value: 'family 👨‍👩‍👧‍👦 flags 🇯🇵🇧🇷 Z̷̢̛̛̖͎̜̈́̿a̸̡͚̓͗l̶̰̈g̵̫̈́o̶̧̊ cafe\u0301' },
  { name: 'control characters', value: 'nul\u0000 bs\u0008 del\u007f c1\u009b31m' },
];

/** 100 KB without a break, so that nothing can wrap it at a space. */
export const HUGE_STRING: HostileString = { name: '100 KB value', value: `huge-${'x'.repeat(100 * 1024)}` };

/** The short strings in one text, one per line, e.g. for a message that carries them all. */
export function allInOne(strings: readonly HostileString[] = HOSTILE_STRINGS): string {
  return strings.map((s) => `${s.name}: ${s.value}`).join('\n');
}

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

/**
 * Watches a page for anything a hostile string could make happen: a dialog (alert, confirm, prompt), a new window,
 * a navigation the test did not ask for, an uncaught error. `check` then also looks into the page for the canary and
 * for elements or attributes the strings would have created had they been rendered as HTML.
 */
export function watchForHarm(page: Page) {
  const dialogs: string[] = [];
  const popups: string[] = [];
  const navigations: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.context().on('page', (p) => popups.push(p.url()));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    navigations,
    async check(where: string): Promise<void> {
      const injected = await page.evaluate(() => ({
        pwned: window.__pwned,
        handlers: Array.from(document.querySelectorAll('*')).flatMap((el) => Array.from(el.attributes).filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName}[${a.name}]`)),
        elements: Array.from(document.querySelectorAll('body script:not([src]), iframe, object, embed, img[src="x"], #pwn-link, base')).map((el) => el.outerHTML.slice(0, 80)),
        javascriptLinks: Array.from(document.querySelectorAll('a[href]')).map((a) => a.getAttribute('href') ?? '').filter((h) => !/^(https?:|\/|#|\?)/i.test(h.trim()) && h.trim() !== ''),
        // A 100 KB value must be wrapped or cut, not widen the page.
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      }));
      expect(injected.pwned, `${where}: a payload ran`).toBeUndefined();
      expect(injected.handlers, `${where}: event-handler attributes in the page`).toEqual([]);
      expect(injected.elements, `${where}: elements made from API text`).toEqual([]);
      expect(injected.javascriptLinks, `${where}: links that are not http(s) or in-app`).toEqual([]);
      expect(injected.overflow, `${where}: the page is wider than the window`).toBeLessThanOrEqual(1);
      expect(dialogs, `${where}: dialogs opened`).toEqual([]);
      expect(popups, `${where}: windows opened`).toEqual([]);
      expect(errors, `${where}: uncaught errors`).toEqual([]);
    },
  };
}
