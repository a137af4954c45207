/**
 * --format markdown and --baseline: the score and categories, what changed against an earlier --json or
 * SARIF output, the critical issues, every issue folded away; text from the site made inert.
 */
import { describe, expect, it } from 'vitest';
import { parseBaseline, type Baseline } from '../../server/ci/baseline.js';
import { auditReport, crawlReport } from '../../server/ci/ci-report.js';
import { MARKDOWN_MAX_CHARS, toMarkdown } from '../../server/ci/markdown.js';
import { mdCode, mdText } from '../../server/ci/markdown-text.js';
import { toSarif } from '../../server/ci/sarif.js';
import { categories, issue, makeAudit } from '../reports/fixtures/audits.js';
import { auditCi, auditWithIssues, crawlCi, crawlOf, crawlOutcomes, PAGE } from './reports.js';

const baselineOf = (doc: unknown): Baseline => {
  const parsed = parseBaseline(JSON.stringify(doc));
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
};

describe('Markdown of an audit', () => {
  it('the score with its cap, the categories, the critical issues and every issue folded away', () => {
    const md = toMarkdown(auditCi(), null);
    expect(md).toContain(`### Citable audit of \`${PAGE}\``);
    expect(md).toContain('Score **44/100** · capped at 49: 1 critical issue');
    expect(md).toContain('| Category | Score |\n| --- | ---: |\n| Crawler Access | 72 |');
    expect(md).toContain(
      '#### Critical issues (1)\n\n- `http.status` **The page answers with an HTTP error**: The page answered 500. Serve it with 200.',
    );
    expect(md).toContain('<details><summary>All issues (3)</summary>');
    expect(md).toContain('| notice | `trust.hsts` | No HTTP Strict Transport Security |');
    expect(md).not.toContain('What changed');
  });

  it('shows n/a for a category that did not apply, and "None." without critical issues', () => {
    const md = toMarkdown(auditReport(makeAudit({ category_scores: categories(80, { Rendering: null }) })), null);
    expect(md).toContain('| Rendering | n/a |');
    expect(md).toContain('#### Critical issues\n\nNone.');
  });

  it('against a baseline: score and category changes, new and fixed issues', () => {
    const before = makeAudit({
      score: 61,
      category_scores: categories(61, { Trust: 90 }),
      issues: [
        issue('content.title', 'warning', 'Content Structure'),
        issue('json-ld.present', 'warning', 'Structured Data', 'No JSON-LD structured data'),
      ],
    });
    const md = toMarkdown(auditCi(), baselineOf(before));
    expect(md).toContain('Score **44/100** · −17 since the baseline (61)');
    expect(md).toContain('| Category | Score | Change |');
    expect(md).toContain('| Crawler Access | 72 | +11 |');
    expect(md).toContain('| Trust | 72 | −18 |');
    expect(md).toContain('**New issues (2)**\n\n- critical `http.status` The page answers with an HTTP error\n- notice `trust.hsts`');
    expect(md).toContain('**Fixed (1)**\n\n- warning `json-ld.present` No JSON-LD structured data');
    expect(md).toContain('Compared with a baseline of `https://client.example/pricing`.');
  });

  it('says so when nothing changed', () => {
    const md = toMarkdown(auditCi(), baselineOf(auditWithIssues()));
    expect(md).toContain('#### What changed since the baseline\n\nNo issue appeared or went away.');
    expect(md).toContain('±0 since the baseline (44)');
  });

  it("makes the site's text inert: no HTML, link, image, mention, issue reference or table break", () => {
    const evil = '<img src=x onerror=alert(1)> [click](https://evil.example) ![i](https://evil.example/i.png) @octocat #12 a|b **bold**';
    const report = auditReport(auditWithIssues({ issues: [issue('http.status', 'critical', 'Crawler Access', evil, evil)] }));
    const md = toMarkdown(report, null);
    expect(md).not.toContain('<img');
    expect(md).not.toMatch(/[^\\]\]\(/); // a bracket escaped is no link
    expect(md).not.toContain('@octocat');
    expect(md).not.toContain(' #12');
    expect(md).not.toContain('a|b');
    expect(md).not.toContain('**bold**');
    expect(mdText(evil)).toBe(
      '&lt;img src=x onerror=alert(1)&gt; \\[click\\](https&#58;//evil.example) \\!\\[i\\](https&#58;//evil.example/i.png) &#64;octocat \\#12 a\\|b \\*\\*bold\\*\\*',
    );
    expect(mdCode('a`b')).toBe('``a`b``');
    expect(mdCode('`x|y', true)).toBe('`` `x\\|y ``');
  });
});

describe('Markdown of a crawl', () => {
  it('pages audited, issues with their pages, the critical ones with examples', () => {
    const md = toMarkdown(crawlCi(6), null);
    expect(md).toContain('### Citable site audit of `https://shop.example/`');
    expect(md).toContain('Score **58/100** · 6 pages audited');
    expect(md).toContain(
      '- `http.status` **The page answers with an HTTP error** On 2 pages, such as `https://shop.example/p/0` and `https://shop.example/p/3`.',
    );
    expect(md).toContain('| warning | `content.title` | Missing or weak page title | 6 |');
  });

  it('against a baseline crawl: issues on more or fewer pages', () => {
    const before = crawlOf(crawlOutcomes(3));
    const now = crawlReport(crawlOf(crawlOutcomes(6)), null);
    const md = toMarkdown(now, baselineOf({ crawl: before }));
    expect(md).toContain(
      '**On more pages (3)**\n\n- `http.status` The page answers with an HTTP error: 1 → 2 pages\n- `content.title` Missing or weak page title: 3 → 6 pages\n- `llms-txt.present` No llms.txt: 3 → 6 pages',
    );
    expect(md).toContain('| Rendering | n/a |  |');
  });

  it('against its own SARIF: the same scores and issues, so nothing changed', () => {
    const outcomes = crawlOutcomes(5);
    const report = crawlReport(crawlOf(outcomes), outcomes);
    const md = toMarkdown(report, baselineOf(toSarif(report, { profile: 'github', docsBase: null })));
    expect(md).toContain('±0 since the baseline (58)');
    expect(md).toContain('No issue appeared or went away.');
  });

  it(`stays under GitHub's comment limit with thousands of issues`, () => {
    const many = crawlCi(3);
    many.issues = Array.from({ length: 5_000 }, (_, i) => ({ ...many.issues[0]!, rule: `http.status-${i}`, title: 'x'.repeat(200) }));
    const md = toMarkdown(many, null);
    expect(md.length).toBeLessThanOrEqual(MARKDOWN_MAX_CHARS + 100);
    expect(md).toContain('- _and 4975 more_');
  });
});

describe('parseBaseline', () => {
  it('reads an audit, a crawl, their API envelopes and a Citable SARIF log', () => {
    const audit = auditWithIssues();
    expect(baselineOf(audit)).toMatchObject({ kind: 'audit', url: PAGE, score: 44 });
    expect(baselineOf({ audit }).issues.get('content.title')).toEqual({
      severity: 'warning',
      title: 'Missing or weak page title',
      pages: 1,
    });
    const crawl = crawlOf(crawlOutcomes(4));
    const fromCrawl = baselineOf({ crawl });
    expect(fromCrawl).toMatchObject({ kind: 'crawl', score: 58 });
    expect(fromCrawl.issues.get('content.title')!.pages).toBe(4);
    expect(fromCrawl.categories.get('Rendering')).toBeNull();
    const fromSarif = baselineOf(toSarif(auditReport(audit), { profile: 'standard', docsBase: null }));
    expect(fromSarif).toMatchObject({ kind: 'audit', url: PAGE, score: 44 });
    expect([...fromSarif.issues.keys()]).toEqual(['http.status', 'content.title', 'trust.hsts']);
    expect(fromSarif.issues.get('http.status')!.severity).toBe('critical');
  });

  it.each([
    ['not JSON', 'nope', 'is not JSON'],
    ['another shape', JSON.stringify({ hello: 1 }), 'is neither a Citable --json output (an audit or a crawl) nor a Citable SARIF log'],
    [
      'another tool’s SARIF',
      JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'ESLint' } }, results: [] }] }),
      'is a SARIF log, but not one Citable wrote',
    ],
  ])('refuses %s', (_, text, message) => {
    expect(parseBaseline(text)).toBe(message);
  });
});
