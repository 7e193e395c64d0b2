/**
 * Text an API might send that a console must show as text and nothing more: markup and script, `javascript:` URLs,
 * event-handler attributes, template syntax, terminal escapes (colours, screen clears, titles, OSC 8 hyperlinks),
 * bidirectional overrides, zero-width characters, emoji and combining marks, and a 100 KB value. Every payload that
 * could run sets `window.__pwned` (or opens a dialog), which the hostile-input tests watch for.
 */
import { expect, type Page } from '@playwright/test';
import { CONSOLE_URL } from './servers.ts';

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
  {
    name: 'template syntax',
    value: '{{constructor.constructor("window.__pwned=\'tpl\'")()}} ${window.__pwned="tpl2"} <%= 7*7 %>',
  },
  {
    name: 'ANSI colours and clear',
    value: `${ESC}[31mred${ESC}[0m ${ESC}[2J${ESC}[H cleared? ${ESC}[1;5mblink${ESC}[0m`,
  },
  {
    name: 'OSC title and hyperlink',
    value: `${ESC}]0;pwned-title${ESC}\\ ${ESC}]8;;javascript:window.__pwned='osc8'${ESC}\\osc link${ESC}]8;;${ESC}\\ bell\u0007`,
  },
  { name: 'bidi override', value: 'invoice\u202Efdp.exe\u202C and \u2066isolate\u2069 \u200Fmark' },
  // Left open: without isolation it would reverse whatever the page shows after it on the same line.
  { name: 'bidi override left open', value: 'report\u202Egnp.exe and \u202Bembedding' },
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

/** Embeddings, overrides and isolates: what can reorder text beyond the characters themselves. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * Watches a page for anything a hostile string could make happen: a dialog (alert, confirm, prompt), a new window,
 * a navigation away from the console, an uncaught error. `check` then also looks into the page for the canary, for
 * elements or attributes the strings would have created had they been rendered as HTML, and for text with
 * bidirectional controls that is not isolated: the element holding it (or an inline one around it, up to its
 * block) must have `unicode-bidi: isolate` (a <bdi>) or `plaintext`, so that a U+202E left open reorders only the
 * API's own text, never the labels and values the console shows beside it. Monaco's lines are left out: the
 * editor lays out each line as a block of its own and shows the controls as the text it edits.
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
    async check(where: string): Promise<{ bidiTexts: number }> {
      const injected = await page.evaluate(
        (bidi) => ({
          pwned: window.__pwned,
          handlers: Array.from(document.querySelectorAll('*')).flatMap((el) =>
            Array.from(el.attributes)
              .filter((a) => /^on/i.test(a.name))
              .map((a) => `${el.tagName}[${a.name}]`),
          ),
          elements: Array.from(
            document.querySelectorAll('body script:not([src]), iframe, object, embed, img[src="x"], #pwn-link, base'),
          ).map((el) => el.outerHTML.slice(0, 80)),
          javascriptLinks: Array.from(document.querySelectorAll('a[href]'))
            .map((a) => a.getAttribute('href') ?? '')
            .filter((h) => !/^(https?:|\/|#|\?)/i.test(h.trim()) && h.trim() !== ''),
          // A 100 KB value must be wrapped or cut, not widen the page.
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          bidiTexts: (() => {
            const isolating = new Set(['isolate', 'isolate-override', 'plaintext']);
            const controls = new RegExp(bidi);
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            let count = 0;
            const unisolated: string[] = [];
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!controls.test(node.nodeValue ?? '') || node.parentElement?.closest('.monaco-editor')) continue;
              count++;
              let isolated = false;
              for (let el = node.parentElement; el; el = el.parentElement) {
                const style = getComputedStyle(el);
                if (isolating.has(style.unicodeBidi)) {
                  isolated = true;
                  break;
                }
                if (style.display !== 'inline' && style.display !== 'contents') break;
              }
              if (!isolated)
                unisolated.push(
                  `<${node.parentElement?.tagName.toLowerCase()} class="${node.parentElement?.className}">${JSON.stringify((node.nodeValue ?? '').slice(0, 60))}`,
                );
            }
            return { count, unisolated };
          })(),
        }),
        BIDI_CONTROLS.source,
      );
      expect(injected.pwned, `${where}: a payload ran`).toBeUndefined();
      expect(injected.handlers, `${where}: event-handler attributes in the page`).toEqual([]);
      expect(injected.elements, `${where}: elements made from API text`).toEqual([]);
      expect(injected.javascriptLinks, `${where}: links that are not http(s) or in-app`).toEqual([]);
      expect(injected.overflow, `${where}: the page is wider than the window`).toBeLessThanOrEqual(1);
      expect(injected.bidiTexts.unisolated, `${where}: text with bidirectional controls that is not isolated`).toEqual(
        [],
      );
      expect(
        navigations.filter((url) => new URL(url).origin !== new URL(CONSOLE_URL).origin),
        `${where}: navigations away from the console`,
      ).toEqual([]);
      expect(dialogs, `${where}: dialogs opened`).toEqual([]);
      expect(popups, `${where}: windows opened`).toEqual([]);
      expect(errors, `${where}: uncaught errors`).toEqual([]);
      return { bidiTexts: injected.bidiTexts.count };
    },
  };
}
