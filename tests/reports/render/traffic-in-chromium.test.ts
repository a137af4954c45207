/**
 * The crawl report's traffic section in a real Chromium: it makes no request, fits a 375 px phone without
 * scrolling sideways, its chart is an image with its words, and printed on A4 the chart and its legend and
 * caption stay on one page. Screenshots go to test-results/reports/ for a person to look at.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfRenderer, type PdfRenderer } from '../../../server/reports/pdf/pdf-renderer.js';
import { pdfFooterTemplate } from '../../../shared/report/pdf-footer.js';
import { renderCrawlReportHtml } from '../../../shared/report/render-crawl-report.js';
import { ARTEFACTS, CHROMIUM, launchChromium } from '../helpers/chromium.js';
import { pdfText } from '../helpers/pdf-text.js';
import { makeCrawl, makePages } from '../fixtures/crawls.js';
import { reportTraffic } from '../fixtures/traffic.js';

let browser: Browser;
let printer: PdfRenderer;
beforeAll(async () => {
  browser = await launchChromium();
  printer = createPdfRenderer({ chromiumPath: CHROMIUM, concurrency: 1, timeoutMs: 60_000 });
}, 60_000);
afterAll(async () => {
  await printer?.close();
  await browser?.close();
});

const crawl = makeCrawl(12);

describe('the traffic section in Chromium', () => {
  it('makes no request and fits a 375 px phone, its chart an image with its words', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await context.route('**/*', (route) => route.abort());
      await page.setContent(renderCrawlReportHtml(crawl, { worstPages: makePages(12), traffic: reportTraffic() }), { waitUntil: 'load' });
      expect(requests).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      const chart = page.locator('#traffic figure.traffic-chart > svg');
      expect(await chart.getAttribute('role')).toBe('img');
      expect(await chart.getAttribute('aria-label')).toContain('the busiest day was 10 November 2026 with 730');
      expect(await page.locator('#traffic tr[data-agent]').count()).toBe(4);
      await page.locator('#traffic').screenshot({ path: path.join(ARTEFACTS, 'traffic-section-phone.png') });
    } finally {
      await context.close();
    }
  });

  it('prints the chart with its legend and caption on one A4 page', async () => {
    const html = renderCrawlReportHtml(crawl, { medium: 'pdf', worstPages: makePages(12), traffic: reportTraffic() });
    const pdf = await printer.render({ html, paper: 'A4', footerTemplate: pdfFooterTemplate(null, crawl.url) });
    const { pages } = await pdfText(pdf);
    const chartPage = pages.filter((p) => p.includes('Model training 900 AI search 500'));
    expect(chartPage).toHaveLength(1);
    expect(chartPage[0]).toContain('AI crawler requests per day from 22 October 2026 to 20 November 2026');
    expect(pages.join(' ')).toContain('Audited pages no AI crawler fetched');
  }, 90_000);
});
