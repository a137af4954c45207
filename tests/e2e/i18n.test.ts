import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH, goodArticleSite } from '../fixtures/sites/good-article.js';
import { serveSite } from './fixtures/serve.js';
import { screenshot } from './fixtures/screenshots.js';
import { launchWithExtension, openPopupFor, openTab, type ExtensionSession } from './helpers/extension.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { call, setBackend } from './helpers/backend.js';

/** "28. November 2026, 14:05 MEZ": a date and time in German, in the browser's time zone (Berlin here). */
const GERMAN_DATE_TIME =
  /\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}, \d\d:\d\d (MEZ|MESZ)/;
const FRENCH_DATE_TIME =
  /\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}, \d\d:\d\d (UTC|\S+)/;

/**
 * The extension in the browser's language (docs/extension.md#translating): Chromium started with --lang=de shows
 * the German catalogue in the popup, Options and the dashboard, with dates in German and the browser's time zone;
 * with --lang=fr, French.
 */
describe.skipIf(!serverAvailable)('the extension in German and French (Chromium)', () => {
  let site: FixtureSite;
  let api: ApiServer;
  beforeAll(async () => {
    [site, api] = await Promise.all([serveSite(goodArticleSite), startApiServer()]);
  });
  afterAll(async () => {
    await Promise.all([site?.close(), api?.dispose()]);
  });

  /** Chromium with a language and a time zone (TZ is read by the browser process at start). */
  async function launchIn(lang: string, timeZone: string): Promise<ExtensionSession> {
    const before = process.env.TZ;
    process.env.TZ = timeZone;
    try {
      return await launchWithExtension([`--lang=${lang}`]);
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  }

  describe('German', () => {
    let session: ExtensionSession;
    beforeAll(async () => {
      session = await launchIn('de', 'Europe/Berlin');
      await setBackend(session, api.url, api.key);
    });
    afterAll(async () => session?.close());

    it('the popup: German text, the page language set, German dates in the browser’s time zone', async () => {
      const { tabId } = await openTab(session, `${site.url}${ARTICLE_PATH}`);
      const popup = await openPopupFor(session, tabId);
      await popup.waitForSelector('article.report');
      expect(await popup.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(await popup.textContent('[data-action="again"]')).toBe('Erneut prüfen');
      expect(await popup.textContent('[data-action="menu"]')).toMatch(/^Weitere Aktionen/);
      expect(await popup.textContent('#h-history')).toBe('Letzte Prüfungen');
      expect(await popup.textContent('.history li .muted')).toMatch(GERMAN_DATE_TIME);
      expect(await popup.textContent('[data-testid="announcer"]')).toMatch(/^Prüfung fertig: \d+ von 100 Punkten/);
      // The report components the popup shares with the client reports speak German too.
      expect(await popup.textContent('article.report svg .chart-muted')).toBe('von 100');
      // The WebMCP columns (static scan beside runtime probe) read the catalogue too.
      expect(await popup.textContent('#wm-static')).toBe('Statisch (HTML und Skripte)');
      expect(await popup.textContent('#wm-runtime')).toBe('Laufzeit (geladene Seite)');
      expect(await popup.textContent('[data-testid="webmcp-static"]')).toBe('nicht gefunden');
      await screenshot(popup, 'i18n-popup-de');
    });

    it('Options in German', async () => {
      const options = await session.context.newPage();
      await options.goto(`chrome-extension://${session.extensionId}/options.html`);
      await options.waitForSelector('#backend');
      expect(await options.textContent('h1')).toBe('Citable-Optionen');
      expect(await options.textContent('label[for="key"]')).toBe('API-Schlüssel');
      expect(await options.textContent('button[type="submit"]')).toBe('Speichern');
      await screenshot(options, 'i18n-options-de');
    });

    it('the dashboard: a table’s tools and counts in German', async () => {
      const created = await call(api, 'POST', '/audits', { url: `${site.url}${ARTICLE_PATH}` });
      expect(created.status).toBe(201);
      const page = await session.context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`chrome-extension://${session.extensionId}/dashboard.html#/audits`);
      await page.waitForSelector('[data-action="export-csv"]');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(await page.textContent('[data-action="export-csv"]')).toBe('CSV exportieren');
      expect(await page.textContent('[data-testid="row-count"]')).toMatch(/^\d+ Zeilen?$/);
      // One word for the score, the origin in words, one example address in every URL field.
      expect(await page.textContent('table.audits-table thead')).toContain('Punktzahl');
      expect(await page.$$eval('table.audits-table tbody tr', (rows) => rows.map((r) => r.textContent ?? ''))).toEqual(
        expect.arrayContaining([expect.stringContaining('Server'), expect.stringContaining('Erweiterung')]),
      );
      const placeholders = await page.$$eval('input[placeholder*="/"]', (inputs) => inputs.map((i) => i.getAttribute('placeholder')));
      expect(new Set(placeholders)).toEqual(new Set(['beispiel.de/preise']));
      await screenshot(page, 'i18n-dashboard-de');
    });
  });

  describe('French', () => {
    let session: ExtensionSession;
    beforeAll(async () => {
      session = await launchIn('fr', 'UTC');
    });
    afterAll(async () => session?.close());

    it('the popup in French, with French dates', async () => {
      const { tabId } = await openTab(session, `${site.url}${ARTICLE_PATH}`);
      const popup = await openPopupFor(session, tabId);
      await popup.waitForSelector('article.report');
      expect(await popup.evaluate(() => document.documentElement.lang)).toBe('fr');
      expect(await popup.textContent('[data-action="again"]')).toBe('Auditer à nouveau');
      expect(await popup.textContent('#h-history')).toBe('Audits récents');
      expect(await popup.textContent('.history li .muted')).toMatch(FRENCH_DATE_TIME);
      expect(await popup.textContent('article.report svg .chart-muted')).toBe('sur 100');
      await screenshot(popup, 'i18n-popup-fr');
    });
  });
});
