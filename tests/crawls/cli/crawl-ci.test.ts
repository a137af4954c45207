/**
 * `citable crawl` in CI against a loopback site: SARIF and JUnit with each page's findings (site-wide ones
 * once), several formats from one crawl, --budget on the site's figures, --fail-under's message.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSchema, type Crawl } from '../../../shared/schema/crawl.js';
import { isSiteRule } from '../../../shared/crawl/site-findings.js';
import { run } from '../../../server/cli/crawl-command.js';
import { memoryIo } from '../../cli/cli-io.js';
import { sarifProblems } from '../../ci/sarif-schema.js';
import type { ServedSite } from '../helpers/crawl-site.js';
import { startSlowSite } from '../helpers/small-sites.js';

const ENV = { AUDIT_ALLOW_PRIVATE: '1' };

describe('citable crawl --format, --budget', () => {
  let site: ServedSite;
  let dir: string;
  let crawl: Crawl;
  beforeAll(async () => {
    site = await startSlowSite(4, 0);
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-crawl-ci-'));
    const io = memoryIo(ENV);
    expect(await run([site.url, '--json'], io)).toBe(0);
    crawl = crawlSchema.parse(JSON.parse(io.out()));
  });
  afterAll(async () => {
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const file = (name: string) => path.join(dir, name);

  it("SARIF, JUnit and the crawl's JSON from one crawl: each page's findings, site-wide ones once", async () => {
    const io = memoryIo(ENV);
    const args = [
      '--format',
      'sarif',
      '--output',
      file('site.sarif'),
      '--format',
      'junit',
      '--output',
      file('site.xml'),
      '--format',
      'json',
    ];
    expect(await run([site.url, ...args], io)).toBe(0);
    const json = crawlSchema.parse(JSON.parse(io.out()));
    expect(json.progress.audited).toBe(5);
    const log = JSON.parse(await readFile(file('site.sarif'), 'utf8'));
    expect(sarifProblems(log)).toEqual([]);
    const results: any[] = log.runs[0].results;
    for (const issue of json.issues) {
      const mine = results.filter((r) => r.ruleId === issue.rule);
      // A site-wide rule is one result on the start page; a page rule one per page that has it.
      expect([issue.rule, mine.length]).toEqual([issue.rule, isSiteRule(issue.rule) ? 1 : issue.pages]);
      if (isSiteRule(issue.rule)) expect(mine[0].locations[0].physicalLocation.artifactLocation.uri).toBe(json.url);
    }
    const doc = new JSDOM(await readFile(file('site.xml'), 'utf8'), { contentType: 'application/xml' }).window.document;
    const suites = [...doc.querySelectorAll('testsuite')].map((s) => s.getAttribute('name'));
    expect(suites).toHaveLength(6); // five pages and the site-wide files
    expect(suites.at(-1)).toBe(`${json.url} (site-wide files)`);
    expect(io.err()).toContain(`SARIF written to ${file('site.sarif')}\nJUnit XML written to ${file('site.xml')}\n`);
  });

  it('markdown of the site to stdout', async () => {
    const io = memoryIo(ENV);
    expect(await run([site.url, '--format', 'markdown', '--max-pages', '2'], io)).toBe(0);
    expect(io.out()).toMatch(/^### Citable site audit of `http:\/\/127\.0\.0\.1:\d+\/?`\n\nScore \*\*\d+\/100\*\* · 2 pages audited/);
  });

  it('a budget on the site: rules count pages; exit 1 listing each failure; --fail-under says the site score', async () => {
    const worst = crawl.issues.find((i) => i.severity !== 'notice')!;
    await writeFile(file('budget.json'), JSON.stringify({ score: { min: 100 }, rules: { [worst.rule]: 'error' } }));
    const io = memoryIo(ENV);
    expect(await run([site.url, '--json', '--budget', file('budget.json'), '--fail-under', '100'], io)).toBe(1);
    expect(io.err()).toContain(`citable crawl: the site score ${crawl.score} is below --fail-under 100\n`);
    expect(io.err()).toContain(
      `citable crawl: budget failed: 2 of 2 assertions\n  score.min: ${crawl.score} (minimum 100)\n  rules."${worst.rule}": raised on ${worst.pages} of 5 pages (not raised)\n`,
    );
  });

  it('a bad budget file is exit 2 before anything is crawled', async () => {
    await writeFile(file('bad.json'), JSON.stringify({ rules: { 'no.such-rule': 'error' } }));
    const before = site.requests.length;
    const io = memoryIo(ENV);
    expect(await run([site.url, '--budget', file('bad.json')], io)).toBe(2);
    expect(io.err()).toBe(
      `citable crawl: --budget ${file('bad.json')}: unknown rule id rules."no.such-rule": the rule ids are listed in docs/rules.md.\n`,
    );
    expect(site.requests.length).toBe(before);
  });
});
