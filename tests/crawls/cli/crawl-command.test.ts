/**
 * `citable crawl` in-process against loopback sites: the site report, --json (the API's crawl object), the
 * progress on a terminal and off it, --fail-under, --html, Ctrl-C (cancelled, what was audited printed, 130),
 * and argument mistakes (2).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSchema } from '../../../shared/schema/crawl.js';
import { run } from '../../../server/cli/crawl-command.js';
import { memoryIo } from '../../cli/cli-io.js';
import type { ServedSite } from '../helpers/crawl-site.js';
import { startSlowSite } from '../helpers/small-sites.js';

const ENV = { AUDIT_ALLOW_PRIVATE: '1' };

describe('citable crawl', () => {
  let site: ServedSite;
  let dir: string;
  beforeAll(async () => {
    site = await startSlowSite(6, 0);
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-crawl-cli-'));
  });
  afterAll(async () => {
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('crawls the site and prints the site report, with plain progress lines off a terminal', async () => {
    const io = memoryIo(ENV);
    expect(await run([site.url], io)).toBe(0);
    const out = io.out();
    expect(out).toContain(`Citable site audit of ${site.url}`);
    expect(out).toMatch(/complete: 7 pages audited, 0 failed, 1 skipped/); // the link to another host
    expect(out).toContain('Top issues by pages affected');
    expect(out).toContain('Worst pages');
    expect(out).toContain('robots.txt');
    expect(io.err()).toMatch(/^\d+ of \d+ pages, \d+\.\d pages\/s/m);
    expect(io.err()).not.toContain('\x1b[');
  });

  it('--json prints the crawl object the API answers; --fail-under compares the site score', async () => {
    const io = memoryIo(ENV);
    expect(await run([site.url, '--json', '--max-pages', '3', '--fail-under', '100'], io)).toBe(1);
    const crawl = crawlSchema.parse(JSON.parse(io.out()));
    expect(crawl).toMatchObject({ url: site.url, status: 'complete', max_pages: 3, progress: { audited: 3, skipped: 5 } }); // 4 over max_pages, 1 on another host
    expect(crawl.score).toBeLessThan(100);
    expect(crawl.issues.length).toBeGreaterThan(0);
    const passing = memoryIo(ENV);
    expect(await run([site.url, '--json', '--max-pages', '1', '--fail-under', '0'], passing)).toBe(0);
  });

  it('draws a progress bar in place on a terminal, and writes the HTML report with --html', async () => {
    const io = memoryIo(ENV, true);
    const file = path.join(dir, 'site.html');
    expect(await run([site.url, '--max-pages', '4', '--html', file], io)).toBe(0);
    expect(io.err()).toMatch(/\r\x1b\[2K\[[█░]{24}\] \d+ of \d+ pages · \d+\.\d pages\/s/);
    expect(io.err()).toContain(`Report written to ${file}`);
    const html = await readFile(file, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('Pages to fix first');
  });

  it('gives the advice and example pages under a critical issue, in the terminal and in the --html file', async () => {
    const blocked = await startSlowSite(6, 0, 'User-agent: OAI-SearchBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    try {
      const io = memoryIo(ENV);
      const file = path.join(dir, 'blocked.html');
      expect(await run([blocked.url, '--html', file], io)).toBe(0);
      const out = io.out();
      const section = out.slice(out.indexOf('Critical issues: what to do'));
      expect(out).toContain('Critical issues: what to do');
      expect(section).toMatch(/✖ .+ \(robots\.search-agents-blocked\)\n {6}\S.*OAI-SearchBot/); // the advice names the agent
      expect(section).toContain('on 7 pages, for example:');
      expect(section).toContain('and 4 more');
      const html = await readFile(file, 'utf8');
      expect(html).toMatch(/class="advice"[^>]*>[^<]*OAI-SearchBot/);
    } finally {
      await blocked.close();
    }
  });

  it('Ctrl-C cancels: the pages audited so far are printed, nothing more is fetched, exit 130', async () => {
    const slow = await startSlowSite(30, 150);
    try {
      const io = memoryIo(ENV);
      const interrupt = new AbortController();
      const pagesFetched = () => slow.requests.filter((r) => r.path.startsWith('/p/')).length;
      const watcher = setInterval(() => pagesFetched() >= 4 && interrupt.abort(), 20);
      const code = await run([slow.url, '--json'], io, { interrupt: interrupt.signal });
      clearInterval(watcher);
      expect(code).toBe(130);
      const crawl = crawlSchema.parse(JSON.parse(io.out()));
      expect(crawl.status).toBe('cancelled');
      expect(crawl.progress.audited).toBeGreaterThanOrEqual(1);
      expect(crawl.progress.audited).toBeLessThan(31);
      expect(crawl.progress.audited + crawl.progress.failed + crawl.progress.skipped).toBe(crawl.progress.discovered);
      expect(io.err()).toContain('Stopping: the pages being audited are dropped; what was audited is kept.');
      const after = slow.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(slow.requests.length).toBe(after);
    } finally {
      await slow.close();
    }
  });

  it('refuses argument mistakes and private addresses with exit 2 and one line', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /expected one URL/],
      [['example.com', '--max-pages', '0'], /--max-pages takes a whole number from 1 to 10,000/],
      [['example.com', '--max-pages', '10001'], /--max-pages takes a whole number from 1 to 10,000/],
      [['example.com', '--fail-under', '101'], /--fail-under takes a whole number from 0 to 100/],
      [['ftp://example.com'], /only http and https URLs/],
    ];
    for (const [args, message] of cases) {
      const io = memoryIo(ENV);
      expect(await run(args, io), args.join(' ')).toBe(2);
      expect(io.err()).toMatch(message);
    }
    const refused = memoryIo({});
    expect(await run([site.url, '--json'], refused)).toBe(2);
    expect(JSON.parse(refused.out()).status).toBe('failed');
    expect(refused.err()).toMatch(/Set AUDIT_ALLOW_PRIVATE=1 to crawl it in local development/);
  });
});
