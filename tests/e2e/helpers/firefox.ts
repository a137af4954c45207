import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { SCREENSHOT_DIR } from '../fixtures/screenshots.js';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** The Firefox store build (`wxt build -b firefox`), built by the e2e global setup. */
export const FIREFOX_EXTENSION_DIR = path.resolve(process.env.CITABLE_FIREFOX_EXTENSION ?? '.output/firefox-mv2');
export const firefoxAvailable = existsSync(FIREFOX);

const ADDON_ID = 'extension@citable.dev';
/** A fixed internal UUID, so the extension's pages have a known moz-extension:// origin. */
const ADDON_UUID = '6d1f3c2a-8b4e-4f7a-9c1d-2e3f4a5b6c7d';

export interface FirefoxSession {
  browser: Browser;
  /** moz-extension://<uuid> */
  base: string;
  /** Opens an extension page and waits for `readySelector` (Firefox never reports these loads as finished). */
  openExtensionPage(pathAndQuery: string, readySelector: string, timeoutMs?: number): Promise<Page>;
  /** Opens a web page in a new tab and returns it with the tab id the extension knows it by. */
  openTab(url: string): Promise<{ page: Page; tabId: number }>;
  /** Runs `fn` in an extension page, where `browser` is the WebExtension API. */
  inExtension<T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T>;
  close(): Promise<void>;
}

/**
 * Firefox ESR, headless, over WebDriver BiDi (puppeteer-core), with the store build installed as a
 * temporary add-on (docs/research/extension-testing.md#toolbar-click-and-firefox). `extensions.webextOptionalPermissionPrompts`
 * off answers "allow" to permission requests, which Firefox still accepts only from a user action. `prefs`: more
 * preferences (a dark colour scheme, for one).
 */
export async function launchFirefox(prefs: Record<string, unknown> = {}): Promise<FirefoxSession> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    env: { ...process.env, MOZ_REMOTE_ALLOW_SYSTEM_ACCESS: '1' },
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
      'extensions.webextOptionalPermissionPrompts': false,
      ...prefs,
    },
  });
  await browser.installExtension(FIREFOX_EXTENSION_DIR);
  const base = `moz-extension://${ADDON_UUID}`;
  const openExtensionPage = async (pathAndQuery: string, readySelector: string, timeoutMs = 30_000) => {
    const page = await browser.newPage();
    await page.setViewport({ width: 400, height: 900 });
    void page.goto(`${base}/${pathAndQuery}`).catch(() => undefined);
    // Polled by hand: a query that lands while the tab leaves about:blank can fail inside Firefox's BiDi
    // ("right-hand side of 'in' should be an object"), which ends puppeteer's waitForSelector at once.
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await page.$(readySelector).catch(() => null)) return page;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${pathAndQuery}: ${readySelector} did not appear within ${timeoutMs} ms`);
  };
  let helper: Page | null = null;
  const inExtension = async <T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T> => {
    helper ??= await openExtensionPage('options.html', '#backend');
    return helper.evaluate(fn as never, arg as never) as Promise<T>;
  };
  return {
    browser,
    base,
    openExtensionPage,
    inExtension,
    async openTab(url: string) {
      const page = await browser.newPage();
      await page.goto(url, { waitUntil: 'load' });
      const tabId = await inExtension(
        async (u: string) =>
          (
            (await (globalThis as unknown as { browser: typeof chrome }).browser.tabs.query({})) as Array<{ id?: number; url?: string }>
          ).find((t) => t.url === u)?.id ?? -1,
        page.url(),
      );
      if (tabId < 0) throw new Error(`no tab found for ${url} (does the extension have access to it?)`);
      return { page, tabId };
    },
    async close() {
      await browser.close();
    },
  };
}

export async function firefoxScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file as `${string}.png`, fullPage: true });
  return file;
}
