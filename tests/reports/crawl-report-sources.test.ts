/** renderAccountCrawlReport: the account's branding, the worst pages, and advice taken from a page where each critical rule fired. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderAccountCrawlReport } from '../../server/reports/crawl-report.js';
import { LowdbStore } from '../../server/store/lowdb/store.js';
import { issue, makeAudit } from './fixtures/audits.js';
import { makeCrawl, makePages } from './fixtures/crawls.js';

let dir: string;
let store: LowdbStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'citable-crawl-report-'));
  store = await LowdbStore.open(dir);
  await (
    await store.branding()
  ).putBranding({ account_id: 'acct_a', name: 'Crawl Brand', accent: '#112233', logo: null, updated_at: '2026-11-21T00:00:00.000Z' });
});
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

it('renders with branding, the 15 lowest pages, history and advice per critical rule', async () => {
  const asked: string[] = [];
  const { html, branding } = await renderAccountCrawlReport(
    store,
    'acct_a',
    makeCrawl(300),
    {
      pages: async () => makePages(300),
      history: async () => [{ scanned_at: '2026-10-01T00:00:00.000Z', score: 44 }],
      pageAuditWithRule: async (rule) => {
        asked.push(rule);
        return rule === 'robots.search-agents-blocked'
          ? makeAudit({
              issues: [issue(rule, 'critical', 'Crawler Access', 'Search agents blocked', 'Allow OAI-SearchBot in robots.txt.')],
            })
          : null;
      },
    },
    { paper: 'A4', medium: 'html' },
  );
  expect(branding?.name).toBe('Crawl Brand');
  expect(asked.sort()).toEqual(['rendering.js-only-content', 'robots.search-agents-blocked']);
  expect(html).toContain('Allow OAI-SearchBot in robots.txt.');
  expect(html.match(/data-page-score=/g)).toHaveLength(15);
  expect(html).toContain('data-history-score="44"');
  expect(html).toContain('--accent: #112233');
});
