/** Reaching into Monaco's own DOM, by its classes, where a test acts as a person would on the editor. */
import type { Locator, Page } from '@playwright/test';

/**
 * The part of the editor that shows the text, right of the line numbers, at the editor's own size. A click near
 * its top left puts the caret in the text. Not `.view-lines`: those are as tall and wide as the text, and when
 * Playwright scrolls such an element into view it also scrolls Monaco's inner boxes, which can leave the point
 * it clicks under the page's headers.
 */
export const MONACO_TEXT_AREA = '.monaco-editor .editor-scrollable';

/**
 * What Monaco shows when a person rests the pointer on a word of the text: the messages of the markers there
 * (the console's and monaco-yaml's). The hover is Monaco's own widget, found by its class.
 */
export async function hoverWord(page: Page, editor: Locator, word: string): Promise<Locator> {
  await editor.locator('.view-lines span', { hasText: word }).last().hover();
  return page.locator('.monaco-hover:not(.hidden)').filter({ hasText: /\S/ }).first();
}
