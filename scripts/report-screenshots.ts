/**
 * docs/images/report-de.png: the top of a German audit report, from a real audit of a loopback fixture site
 * (the good article whose robots.txt blocks AI search crawlers: a critical issue, so the capped score shows).
 * Run: `npx tsx scripts/report-screenshots.ts` (Chromium at CHROMIUM_PATH, default /usr/bin/chromium). The audit
 * is made as `citable audit` makes one; only the time it ran and the port of the site differ between runs.
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { gatherForAudit } from '../shared/audit/gather-for-audit.js';
import { auditSnapshot } from '../shared/audit/audit-snapshot.js';
import { renderAuditReportHtml } from '../shared/report/render-audit-report.js';
import { createNodeFetcher } from '../server/net/node-fetcher.js';
import { serveSite } from '../tests/e2e/fixtures/serve.js';
import { robotsBlockSearchSite } from '../tests/fixtures/sites/crawler-sites.js';
import { ARTICLE_PATH } from '../tests/fixtures/sites/good-article.js';

const OUT = path.resolve('docs/images/report-de.png');
const VIEWPORT = { width: 900, height: 1300 };

async function main(): Promise<void> {
  const site = await serveSite(robotsBlockSearchSite);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const snapshot = await gatherForAudit(`${site.url}${ARTICLE_PATH}`, { fetcher: createNodeFetcher({ allowPrivate: true }) });
    const audit = auditSnapshot(snapshot, { id: crypto.randomUUID() });
    const html = renderAuditReportHtml(audit, { lang: 'de', medium: 'html' });
    const page = await browser.newPage({ viewport: VIEWPORT, locale: 'de-DE' });
    await page.setContent(html, { waitUntil: 'load' });
    await page.screenshot({ path: OUT, clip: { x: 0, y: 0, ...VIEWPORT } });
    process.stdout.write(`${OUT}: score ${audit.score}, ${audit.issues.length} issues\n`);
  } finally {
    await browser.close();
    await site.close();
  }
}

await main();
