/**
 * Reports rendered from fixture audits and crawls, checked in a real Chromium: no request leaves the page,
 * the score and every critical issue show, the print layout never splits an issue across pages (A4 and
 * Letter, read back from the printed PDF), the PDF's text holds the score, and hostile page content is
 * inert. Screenshots go to test-results/reports/ for a person to look at.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAuditReportHtml } from '../../../shared/report/render-audit-report.js';
import { renderCrawlReportHtml } from '../../../shared/report/render-crawl-report.js';
import { pdfFooterTemplate } from '../../../shared/report/pdf-footer.js';
import { createPdfRenderer, type PdfRenderer } from '../../../server/reports/pdf/pdf-renderer.js';
import { normalizeLogo } from '../../../server/reports/branding/logo.js';
import { ARTEFACTS, CHROMIUM, launchChromium } from '../helpers/chromium.js';
import { pdfText } from '../helpers/pdf-text.js';
import { screenshotPdfPage } from '../helpers/pdf-screenshot.js';
import { makeCrawl, makePages } from '../fixtures/crawls.js';
import { auditWithDiscovery, HOSTILE, hostileAudit, longAudit } from '../fixtures/report-audits.js';
import { categories } from '../fixtures/audits.js';

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32"><rect width="32" height="32" rx="8" fill="#0f766e"/><text x="40" y="22" font-size="16" fill="#0f766e">Northwind</text></svg>`;
const BRANDING = {
  name: 'Northwind Digital',
  accent: '#0f766e',
  logo: `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`,
};
const HISTORY = [
  { scanned_at: '2026-08-20T10:00:00.000Z', score: 35 },
  { scanned_at: '2026-09-20T10:00:00.000Z', score: 52 },
  { scanned_at: '2026-10-20T10:00:00.000Z', score: 47 },
];

let browser: Browser;
let pdf: PdfRenderer;

beforeAll(async () => {
  browser = await launchChromium();
  pdf = createPdfRenderer({ chromiumPath: CHROMIUM, concurrency: 2, timeoutMs: 60_000 });
}, 60_000);
afterAll(async () => {
  await pdf?.close();
  await browser?.close();
});

interface Opened {
  page: Page;
  /** Every URL the page asked for, whatever the scheme. */
  requests: string[];
  close(): Promise<void>;
}

async function open(html: string, options: { javaScript?: boolean; width?: number } = {}): Promise<Opened> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    viewport: { width: options.width ?? 900, height: 1200 },
  });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await context.route('**/*', (route) => route.abort());
  await page.setContent(html, { waitUntil: 'load' });
  return { page, requests, close: () => context.close() };
}

/** What the page would load without its own Content-Security-Policy: every src, href, srcset and CSS url() that is not data: or #. */
async function externalReferences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        if (
          ['src', 'href', 'xlink:href', 'srcset', 'action', 'poster', 'data', 'background'].includes(name) &&
          !/^(data:|#)/i.test(attr.value.trim())
        )
          found.push(`${el.tagName} ${name}=${attr.value}`);
        if (/url\(/i.test(attr.value) && !/url\(\s*['"]?#/i.test(attr.value)) found.push(`${el.tagName} ${name}=${attr.value}`);
      }
    }
    for (const style of Array.from(document.querySelectorAll('style')))
      if (/@import|url\(\s*['"]?(?!#|data:)/i.test(style.textContent ?? '')) found.push('style: @import or url()');
    return found;
  });
}

const withoutCsp = (html: string) => html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '');

describe('the audit report in Chromium', () => {
  const audit = longAudit();
  const html = renderAuditReportHtml(audit, { branding: BRANDING, history: HISTORY });

  it('makes no request of any kind, even without its own CSP, and carries no script', async () => {
    for (const variant of [html, withoutCsp(html)]) {
      const opened = await open(variant);
      try {
        expect(opened.requests).toEqual([]);
        expect(await externalReferences(opened.page)).toEqual([]);
        expect(await opened.page.evaluate(() => document.scripts.length)).toBe(0);
      } finally {
        await opened.close();
      }
    }
    expect(html).not.toMatch(/<script|<link|<iframe|<object|<embed|@import|@font-face/i);
  });

  it('shows the score, the cap explained, every critical issue with its advice, "n/a", the history and the branding', async () => {
    const opened = await open(html);
    try {
      const { page } = opened;
      const text = await page.innerText('body');
      expect(await page.getAttribute('svg.gauge', 'aria-label')).toBe('Score 41 out of 100');
      expect(text).toContain('Score capped at 49: 3 critical issues');
      const critical = audit.issues.filter((i) => i.severity === 'critical');
      expect(critical).toHaveLength(3);
      const priorities = await page.innerText('#priorities');
      for (const i of critical) {
        expect(priorities).toContain(i.title);
        expect(priorities).toContain(i.detail.slice(-30));
      }
      for (const i of audit.issues) expect(text).toContain(i.title);
      expect(await page.locator('[data-category="Structured Data"] text').last().textContent()).toBe('n/a');
      expect(await page.locator('[data-history-score]').count()).toBe(4);
      expect(await page.locator('[data-testid="branding"] img').getAttribute('src')).toBe(BRANDING.logo);
      expect(text).toContain('Northwind Digital');
      // Lay out like a client's screen, and keep a picture of it.
      await page.screenshot({ path: path.join(ARTEFACTS, 'audit-report.png'), fullPage: true });
      const logoBox = await page.locator('[data-testid="branding"] img').boundingBox();
      expect(logoBox!.width).toBeGreaterThan(20); // the sanitised SVG logo renders
    } finally {
      await opened.close();
    }
  });

  it('shows agent discovery when the audit has it, and leaves it out when it does not', async () => {
    const withFiles = await open(renderAuditReportHtml(auditWithDiscovery()));
    try {
      expect(await withFiles.page.locator('#agent-discovery tr[data-kind]').count()).toBe(3);
      expect(await withFiles.page.innerText('#agent-discovery')).toContain('API catalog (RFC 9727)');
    } finally {
      await withFiles.close();
    }
    expect(html).not.toContain('id="agent-discovery"');
  });

  it.each(['A4', 'Letter'] as const)('prints on %s without splitting an issue across pages, with page numbers', async (paper) => {
    const printed = await pdf.render({
      html: renderAuditReportHtml(audit, { branding: BRANDING, history: HISTORY, paper, medium: 'pdf' }),
      paper,
      footerTemplate: pdfFooterTemplate(BRANDING, audit.final_url),
    });
    const { pages, text } = await pdfText(printed);
    expect(pages.length).toBeGreaterThan(2);
    expect(text).toMatch(/\b41\s*out of 100/);
    const pageOf = (needle: string) => pages.findIndex((p) => p.includes(needle));
    for (let n = 0; n < audit.issues.length; n++) {
      const start = pageOf(`Issue number ${n} title`);
      const end = pageOf(`End of advice ${n}.`);
      expect([n, start]).not.toEqual([n, -1]);
      expect([n, end]).toEqual([n, start]);
    }
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages.length}`));
    expect(pages[0]).toContain('Northwind Digital · client.example/pricing');
    await writeFile(path.join(ARTEFACTS, `audit-report-${paper}.pdf`), printed);
    if (paper === 'A4') await screenshotPdfPage(browser, printed, path.join(ARTEFACTS, 'audit-report-pdf-page1.png'));
  });
});

describe('hostile content', () => {
  it('is escaped or removed: page texts, the URL, the branding name and an SVG logo with scripts and external references', async () => {
    const hostileLogo = await normalizeLogo(
      `data:image/svg+xml;base64,${Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="window.__pwned=7"><script>window.__pwned=8</script><image href="https://evil.example/t.png" width="5" height="5"/><use xlink:href="https://evil.example/s.svg#a"/><rect width="9" height="9" style="fill:url(https://evil.example/f)"/></svg>',
      ).toString('base64')}`,
    );
    expect(Buffer.from(hostileLogo.split(',')[1]!, 'base64').toString()).not.toMatch(/script|onload|evil\.example/);
    const html = renderAuditReportHtml(hostileAudit(), {
      branding: { name: HOSTILE.brandName, accent: 'red;} body{display:none} a{', logo: hostileLogo },
    });
    // Not even the CSP is needed: run the page with JavaScript on and without its policy.
    const opened = await open(withoutCsp(html), { javaScript: true });
    try {
      const { page } = opened;
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await page.evaluate(() => document.scripts.length)).toBe(0);
      expect(
        await page.evaluate(
          () => Array.from(document.querySelectorAll('*')).filter((e) => Array.from(e.attributes).some((a) => /^on/i.test(a.name))).length,
        ),
      ).toBe(0);
      expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(1);
      expect(opened.requests).toEqual([]);
      expect(await externalReferences(page)).toEqual([]);
      const text = await page.innerText('body');
      expect(text).toContain(HOSTILE.title.slice(0, 40)); // shown as text
      expect(text).toContain(HOSTILE.brandName);
      expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('block'); // the bad accent never reached the CSS
      await page.screenshot({ path: path.join(ARTEFACTS, 'hostile-report.png'), fullPage: true });
    } finally {
      await opened.close();
    }
  });
});

describe('the crawl report in Chromium', () => {
  const crawl = makeCrawl(1000);
  const html = renderCrawlReportHtml(crawl, {
    branding: BRANDING,
    history: [{ scanned_at: '2026-10-20T08:00:00.000Z', score: 51 }],
    worstPages: makePages(1000),
    advice: { 'robots.search-agents-blocked': 'robots.txt blocks OAI-SearchBot on every page. Allow it.' },
  });

  it('makes no request, and shows the site score, every critical issue, issues by pages, templates and worst pages', async () => {
    const opened = await open(html);
    try {
      const { page } = opened;
      expect(opened.requests).toEqual([]);
      expect(await externalReferences(page)).toEqual([]);
      expect(await page.getAttribute('svg.gauge', 'aria-label')).toBe('Site score 58 out of 100');
      const priorities = await page.innerText('#priorities');
      for (const i of crawl.issues!.filter((x) => x.severity === 'critical')) expect(priorities).toContain(i.title);
      expect(priorities).toContain('robots.txt blocks OAI-SearchBot on every page. Allow it.');
      expect(priorities).toContain('250 pages (25%)');
      expect(await page.locator('#issues tr[data-rule]').count()).toBe(crawl.issues!.length);
      expect(await page.locator('#templates tr[data-template]').count()).toBe(crawl.templates!.length);
      const worst = await page
        .locator('#worst-pages tr[data-page-score]')
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-page-score'))));
      expect(worst.length).toBe(15);
      expect(worst).toEqual([...worst].sort((a, b) => a - b));
      expect(await page.locator('#crawlers tr[data-agent]').count()).toBe(4);
      await page.screenshot({ path: path.join(ARTEFACTS, 'crawl-report.png'), fullPage: true });
    } finally {
      await opened.close();
    }
  });

  it('of a crawl still running says so and renders what it has', async () => {
    const running = makeCrawl(10, {
      status: 'running',
      score: null,
      category_scores: null,
      issues: null,
      templates: null,
      finished_at: null,
      site: null,
    });
    const opened = await open(renderCrawlReportHtml(running));
    try {
      expect(await opened.page.innerText('[data-testid="crawl-status"]')).toContain('still running');
      expect(await opened.page.getAttribute('svg.gauge', 'aria-label')).toBe('Site score n/a');
    } finally {
      await opened.close();
    }
  });

  it('prints to a PDF whose text holds the site score', async () => {
    const printed = await pdf.render({
      html: renderCrawlReportHtml(crawl, { branding: BRANDING, medium: 'pdf' }),
      paper: 'A4',
      footerTemplate: pdfFooterTemplate(BRANDING, crawl.url),
    });
    const { text, pages } = await pdfText(printed);
    expect(text).toMatch(/\b58\s*out of 100/);
    expect(pages.length).toBeGreaterThan(1);
  });
});

describe('an audit where nothing applied', () => {
  it('reads "n/a" for the score and every category, never 100', async () => {
    const html = renderAuditReportHtml({
      ...longAudit(),
      issues: [],
      score: 0,
      score_cap: null,
      category_scores: categories(
        0,
        Object.fromEntries(
          ['Crawler Access', 'Rendering', 'Structured Data', 'Content Structure', 'AI Discovery', 'Trust'].map((n) => [n, null]),
        ),
      ),
    });
    const opened = await open(html);
    try {
      expect(await opened.page.getAttribute('svg.gauge', 'aria-label')).toBe('Score n/a');
      const values = await opened.page.locator('[data-category] text:last-child').allTextContents();
      expect(values).toEqual(Array(6).fill('n/a'));
    } finally {
      await opened.close();
    }
  });
});
