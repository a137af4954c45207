/**
 * The crawl report printed by the real Chromium: the first page is not left mostly empty (the category chart
 * starts on it, its notes may run on), and no section heading stands alone at a page's foot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfRenderer, type PdfRenderer } from '../../../server/reports/pdf/pdf-renderer.js';
import { pdfFooterTemplate } from '../../../shared/report/pdf-footer.js';
import { renderCrawlReportHtml } from '../../../shared/report/render-crawl-report.js';
import { makeCrawl, makePages } from '../fixtures/crawls.js';
import { CHROMIUM } from '../helpers/chromium.js';
import { pdfText } from '../helpers/pdf-text.js';

let printer: PdfRenderer;
beforeAll(() => {
  printer = createPdfRenderer({ chromiumPath: CHROMIUM, concurrency: 1, timeoutMs: 60_000 });
});
afterAll(() => printer.close());

const HEADINGS = ['What matters most', 'Scores by category', 'Issues by pages affected', 'Scores by kind of page', 'Pages to fix first'];

describe('a crawl report as a PDF', () => {
  it('fills its first page and keeps each heading with what follows it', async () => {
    const crawl = makeCrawl(240);
    const advice = Object.fromEntries((crawl.issues ?? []).map((i) => [i.rule, `Fix ${i.rule} on every page.`]));
    const html = renderCrawlReportHtml(crawl, { medium: 'pdf', worstPages: makePages(40), advice, branding: { name: 'North Agency' } });
    const pdf = await printer.render({ html, paper: 'A4', footerTemplate: pdfFooterTemplate(null, crawl.url) });
    const { pages } = await pdfText(pdf);
    expect(pages[0]).toContain('Scores by category');
    for (const page of pages) {
      const body = page.replace(/client\.example.*Page \d+ of \d+\s*$/, '').trim();
      for (const heading of HEADINGS) expect(body.endsWith(heading), `"${heading}" ends a page`).toBe(false);
    }
    const templates = pages.find((p) => p.includes('Scores by kind of page'))!;
    expect(templates.toLowerCase()).toContain('pages like');
  });
});
