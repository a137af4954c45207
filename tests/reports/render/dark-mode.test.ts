/**
 * The report on screen follows a dark system setting (prefers-color-scheme), and prints light whatever the
 * setting: the same HTML read in Chromium under each, and the PDF medium carries no dark rules at all.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAuditReportHtml } from '../../../shared/report/render-audit-report.js';
import { renderCrawlReportHtml } from '../../../shared/report/render-crawl-report.js';
import { launchChromium } from '../helpers/chromium.js';
import { makeCrawl, makePages } from '../fixtures/crawls.js';
import { longAudit } from '../fixtures/report-audits.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(() => browser?.close());

/** The report sheet's background, a pill's colours and a heading's colour under a colour scheme and a medium. */
async function colours(html: string, colorScheme: 'light' | 'dark', media: 'screen' | 'print') {
  const page = await browser.newPage({ colorScheme });
  await page.emulateMedia({ media, colorScheme });
  await page.setContent(html);
  const read = await page.evaluate(() => {
    const css = (selector: string, prop: 'backgroundColor' | 'color') => getComputedStyle(document.querySelector(selector)!)[prop];
    return { sheet: css('.report', 'backgroundColor'), heading: css('h2', 'color'), pill: css('.pill.warning', 'backgroundColor') };
  });
  await page.close();
  return read;
}

const WHITE = 'rgb(255, 255, 255)';

describe('dark mode', () => {
  const reports = {
    audit: renderAuditReportHtml(longAudit()),
    crawl: renderCrawlReportHtml(makeCrawl(40), { worstPages: makePages(10) }),
  };

  it.each(Object.entries(reports))('the %s report turns dark on a dark screen, and stays light on a light one', async (_, html) => {
    const light = await colours(html, 'light', 'screen');
    const dark = await colours(html, 'dark', 'screen');
    expect(light.sheet).toBe(WHITE);
    expect(dark.sheet).toBe('rgb(13, 17, 23)');
    expect(dark.heading).toBe('rgb(230, 237, 243)');
    expect(dark.pill).not.toBe(light.pill);
  });

  it.each(Object.entries(reports))('the %s report prints light under a dark setting', async (_, html) => {
    expect(await colours(html, 'dark', 'print')).toEqual(await colours(html, 'light', 'print'));
    expect((await colours(html, 'dark', 'print')).sheet).toBe(WHITE);
  });

  it('the PDF medium never switches the page to the dark scheme', () => {
    const pdf = renderAuditReportHtml(longAudit(), { medium: 'pdf' });
    expect(pdf).not.toContain('color-scheme: dark;');
    expect(renderAuditReportHtml(longAudit())).toContain('color-scheme: dark;');
  });
});
