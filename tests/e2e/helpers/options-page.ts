import type { Page } from 'playwright-core';
import type { ExtensionSession } from './extension.js';

/** Fills the options page as a user would and returns it. */
export async function configureBackend(session: ExtensionSession, backendUrl: string, apiKey: string): Promise<Page> {
  const page = await session.context.newPage();
  await page.goto(`chrome-extension://${session.extensionId}/options.html`);
  await page.fill('#backend', backendUrl);
  await page.fill('#key', apiKey);
  await page.click('button[type="submit"]');
  await page.waitForFunction(() => /Saved/.test(document.querySelector('#save-status')?.textContent ?? ''));
  return page;
}

/** Clicks "Test connection" and returns the message shown. */
export async function testConnectionText(page: Page): Promise<string> {
  await page.click('text=Test connection');
  await page.waitForFunction(() => {
    const t = document.querySelector('#test-result')?.textContent ?? '';
    return t !== '' && t !== 'Testing…';
  });
  return (await page.textContent('#test-result')) ?? '';
}
