import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Answers the confirmation a destructive action asks: checks that it names what goes (`names`), then
 * presses its action (`yes`) or the safe choice. Returns the dialog's text.
 */
export async function answerConfirm(page: Page, yes: boolean, names: RegExp): Promise<string> {
  await page.waitForSelector('dialog[data-testid="confirm"][open]');
  const text = (await page.textContent('dialog[data-testid="confirm"]')) ?? '';
  expect(text).toMatch(names);
  // The safe choice has focus first: Enter alone never destroys anything.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-choice'))).toBe('keep');
  await page.click(`dialog[data-testid="confirm"] [data-choice="${yes ? 'confirm' : 'keep'}"]`);
  await page.waitForSelector('dialog[data-testid="confirm"]', { state: 'detached' });
  return text;
}
