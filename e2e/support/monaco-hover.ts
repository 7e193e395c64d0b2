/**
 * What Monaco shows when a person rests the pointer on a word of the text: the messages of the markers there
 * (the console's and monaco-yaml's). The hover is Monaco's own widget, found by its class.
 */
import type { Locator, Page } from '@playwright/test';

export async function hoverWord(page: Page, editor: Locator, word: string): Promise<Locator> {
  await editor.locator('.view-lines span', { hasText: word }).last().hover();
  return page.locator('.monaco-hover:not(.hidden)').filter({ hasText: /\S/ }).first();
}
