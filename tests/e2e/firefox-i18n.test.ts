import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH, goodArticleSite } from '../fixtures/sites/good-article.js';
import { until } from '../helpers/until.js';
import { serveSite } from './fixtures/serve.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { call } from './helpers/backend.js';
import { firefoxAvailable, firefoxScreenshot, launchFirefox, type FirefoxSession } from './helpers/firefox.js';

/**
 * The extension in German in Firefox ESR: Firefox shows an extension's catalogue for its own UI language, which needs
 * that language installed (Debian: firefox-esr-l10n-de, which CI installs); `intl.locale.requested` then picks it.
 */
const LANGPACK = '/usr/lib/firefox-esr/browser/extensions/langpack-de@firefox-esr.mozilla.org.xpi';
const langpack = existsSync(LANGPACK);
if (firefoxAvailable && !langpack) {
  if (process.env.CI) throw new Error(`The German Firefox test needs ${LANGPACK} (apt-get install firefox-esr-l10n-de)`);
  console.warn(`[e2e] SKIPPED: the German Firefox test needs ${LANGPACK} (apt-get install firefox-esr-l10n-de)`);
}

const GERMAN_DATE_TIME =
  /\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}, \d\d:\d\d \S+/;

async function waitIn(page: Page, what: string, fn: () => boolean): Promise<void> {
  await until(what, async () => (await page.evaluate(fn).catch(() => false)) === true, { timeoutMs: 30_000, everyMs: 50 });
}

describe.skipIf(!firefoxAvailable || !serverAvailable || !langpack)('the extension in German (Firefox ESR)', () => {
  let ff: FirefoxSession;
  let api: ApiServer;
  let site: FixtureSite;
  beforeAll(async () => {
    [ff, api, site] = await Promise.all([launchFirefox({ 'intl.locale.requested': 'de' }), startApiServer(), serveSite(goodArticleSite)]);
  }, 120_000);
  afterAll(async () => {
    await ff?.close();
    await Promise.all([api?.dispose(), site?.close()]);
  });

  it('Options in German: saving the backend says so in German', async () => {
    const options = await ff.openExtensionPage('options.html', '#backend');
    expect(await options.evaluate(() => [document.documentElement.lang, document.querySelector('h1')?.textContent])).toEqual([
      'de',
      'Citable-Optionen',
    ]);
    await options.type('#backend', api.url);
    await options.type('#key', api.key);
    await options.click('button[type="submit"]');
    await waitIn(options, 'Options to save', () => /^Gespeichert\./.test(document.querySelector('#save-status')?.textContent ?? ''));
    await firefoxScreenshot(options, 'i18n-firefox-options-de');
    await options.close();
  });

  it('the popup in German, with a German date', async () => {
    const { tabId } = await ff.openTab(`${site.url}${ARTICLE_PATH}`);
    const popup = await ff.openExtensionPage(`popup.html?tabId=${tabId}`, 'article.report');
    const seen = await popup.evaluate(() => ({
      lang: document.documentElement.lang,
      again: document.querySelector('[data-action="again"]')?.textContent,
      history: document.querySelector('#h-history')?.textContent,
      date: document.querySelector('.history li .muted')?.textContent,
    }));
    expect(seen).toMatchObject({ lang: 'de', again: 'Erneut prüfen', history: 'Letzte Prüfungen' });
    expect(seen.date).toMatch(GERMAN_DATE_TIME);
    await firefoxScreenshot(popup, 'i18n-firefox-popup-de');
  });

  it('the dashboard: a table’s tools and counts in German', async () => {
    expect((await call(api, 'POST', '/audits', { url: `${site.url}${ARTICLE_PATH}` })).status).toBe(201);
    const page = await ff.openExtensionPage('dashboard.html#/audits', '[data-action="export-csv"]');
    await page.setViewport({ width: 1280, height: 900 });
    const seen = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      exportCsv: document.querySelector('[data-action="export-csv"]')?.textContent,
      rows: document.querySelector('[data-testid="row-count"]')?.textContent,
    }));
    expect(seen).toMatchObject({ lang: 'de', exportCsv: 'CSV exportieren' });
    expect(seen.rows).toMatch(/^\d+ Zeilen?$/);
    await firefoxScreenshot(page, 'i18n-firefox-dashboard-de');
  });
});
