import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { pinInProfile } from './pin-extension.js';

/** The e2e build (CITABLE_E2E=1): the store build plus host access to 127.0.0.1 and localhost. */
export const EXTENSION_DIR = path.resolve('.output/e2e/chrome-mv3');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface ExtensionSession {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** A page of the extension, for calling extension APIs as the popup would. */
  extensionPage: Page;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** The extension's icon pinned to the toolbar (a click then opens the popup at once, with no slide-out). */
  pinned?: boolean;
}

/** Debian Chromium, headless, with the built extension loaded unpacked (docs/research/extension-testing.md#chromium-end-to-end). */
export async function launchWithExtension(
  extraArgs: string[] = [],
  extensionDir: string = EXTENSION_DIR,
  options: LaunchOptions = {},
): Promise<ExtensionSession> {
  const profile = await mkdtemp(path.join(tmpdir(), 'citable-e2e-'));
  const pinnedId = options.pinned ? await pinInProfile(profile, extensionDir) : undefined;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 400, height: 800 },
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  if (pinnedId && pinnedId !== extensionId) {
    await context.close();
    throw new Error(`pinned ${pinnedId}, but Chromium loaded the extension as ${extensionId}`);
  }
  const extensionPage = await context.newPage();
  await extensionPage.goto(`chrome-extension://${extensionId}/options.html`);
  return {
    context,
    worker,
    extensionId,
    extensionPage,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Opens a URL in a new tab and returns the tab id the extension knows it by. */
export async function openTab(session: ExtensionSession, url: string): Promise<{ page: Page; tabId: number }> {
  const page = await session.context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const tabId = await session.worker.evaluate(async (u) => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((t: { url?: string; id?: number }) => t.url === u)?.id ?? -1;
  }, page.url());
  if (tabId < 0) throw new Error(`no tab found for ${url}`);
  return { page, tabId };
}

/** The popup opened as a page for a given tab (`?tabId=`), waited on until it shows a result or a message. */
export async function openPopupFor(session: ExtensionSession, tabId: number): Promise<Page> {
  const popup = await session.context.newPage();
  await popup.setViewportSize({ width: 400, height: 900 });
  await popup.goto(`chrome-extension://${session.extensionId}/popup.html?tabId=${tabId}`);
  await popup.waitForSelector('article.report, .notice', { timeout: 30_000 });
  return popup;
}

/**
 * Opens `url` in a new tab and returns the tab's id without reading tab URLs (hidden from a build
 * without access to the page, and for browser pages): the id that was not there before.
 */
export async function openTabById(session: ExtensionSession, url: string): Promise<{ page: Page; tabId: number }> {
  const ids = () => session.worker.evaluate(async () => (await chrome.tabs.query({})).map((t: { id?: number }) => t.id!));
  const before = new Set(await ids());
  const page = await session.context.newPage();
  await page.goto(url).catch(() => undefined); // a browser error page still leaves a tab to audit
  const tabId = (await ids()).find((id: number) => !before.has(id));
  if (tabId === undefined) throw new Error(`no new tab for ${url}`);
  return { page, tabId };
}
