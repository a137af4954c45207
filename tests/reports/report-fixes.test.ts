/** Fixes in the client report: under the issue they fix, inert whatever they hold, and one archive that unzip accepts. */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { renderAuditReportHtml } from '../../shared/report/render-audit-report.js';
import { renderCrawlReportHtml } from '../../shared/report/render-crawl-report.js';
import { SHOWN_FIX_CHARS } from '../../shared/report/components/FixItem.js';
import type { Fix } from '../../shared/fixes/types.js';
import { issue, makeAudit } from './fixtures/audits.js';
import { makeCrawl } from './fixtures/crawls.js';

const run = promisify(execFile);
const fix = (over: Partial<Fix>): Fix => ({
  id: 'fix_0123456789abcdef',
  rules: ['robots.search-agents-blocked'],
  title: 'robots.txt',
  kind: 'file',
  path: '/robots.txt',
  media_type: 'text/plain; charset=utf-8',
  content: 'User-agent: OAI-SearchBot\nAllow: /\n</pre><script>alert(1)</script>',
  explanation: 'Lets the search agents in.',
  preview: null,
  ...over,
});
const FIXES = [
  fix({}),
  fix({ id: 'fix_1111111111111111', rules: [], title: 'API catalog', path: '/.well-known/api-catalog', content: '{"linkset":[]}' }),
  fix({
    id: 'fix_2222222222222222',
    rules: ['llms-full-txt.present'],
    title: 'llms-full.txt',
    path: '/llms-full.txt',
    content: 'x'.repeat(SHOWN_FIX_CHARS + 1),
  }),
];

async function unzipTest(html: string): Promise<string> {
  const href = load(html)('a.download').attr('href')!;
  expect(href.startsWith('data:application/zip;base64,')).toBe(true);
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'citable-report-zip-')), 'fixes.zip');
  await writeFile(file, Buffer.from(href.slice(href.indexOf(',') + 1), 'base64'));
  const { stdout } = await run('unzip', ['-t', file]);
  return stdout;
}

describe('fixes in the client report', () => {
  const audit = makeAudit({
    issues: [issue('robots.search-agents-blocked', 'critical', 'Crawler Access'), issue('llms-full-txt.present', 'notice', 'AI Discovery')],
  });

  it('shows each fix under its issue, the others in their own section, and runs nothing', async () => {
    const html = renderAuditReportHtml(audit, { fixes: FIXES });
    const $ = load(html);
    expect($('article[data-rule="robots.search-agents-blocked"] .fix[data-fix-id="fix_0123456789abcdef"]')).toHaveLength(1);
    expect(
      $('#fixes .fix')
        .map((_, el) => $(el).attr('data-fix-id'))
        .get(),
    ).toEqual(['fix_1111111111111111']);
    expect($('script')).toHaveLength(0);
    expect($('article[data-rule="robots.search-agents-blocked"] pre').text()).toContain('</pre><script>alert(1)</script>');
    expect($('article[data-rule="llms-full-txt.present"]').text()).toContain('in the archive of every fix');
    const tested = await unzipTest(html);
    expect(tested).toContain('No errors detected');
    expect(tested).toMatch(/site\/robots\.txt[\s\S]*site\/\.well-known\/api-catalog[\s\S]*fixes\.json/);
  });

  it('leaves the report as it was without fixes', () => {
    const html = renderAuditReportHtml(audit);
    expect(load(html)('.fix, #fixes')).toHaveLength(0);
  });

  it("shows a crawl's fixes too, with the archive", async () => {
    const html = renderCrawlReportHtml(makeCrawl(), { fixes: FIXES });
    expect(load(html)('#fixes .fix').length).toBeGreaterThan(0);
    expect(await unzipTest(html)).toContain('No errors detected');
  });
});
