import { describe, expect, test } from 'vitest';
import { structuredDataRules } from '../../../shared/rules/structured-data/index.js';
import { aiDiscoveryRules } from '../../../shared/rules/ai-discovery/index.js';
import type { Audit, Snapshot } from '../../../shared/types/index.js';
import { snapshot, textFile } from '../../helpers/snapshot.js';
import { auditWith, categoryScore } from '../rule-tester.js';
import { wellMadeSite, WELL_MADE_HTML, ARTICLE_URL } from './well-made-site.js';

const RULES = [...structuredDataRules, ...aiDiscoveryRules];
const audit = (snap: Snapshot): Audit => auditWith(RULES, snap);
const scoreOf = categoryScore;

describe('a well-made article site', () => {
  const a = audit(wellMadeSite());

  test('scores at least 95 in Structured Data and AI Discovery', () => {
    expect(scoreOf(a, 'Structured Data')).toBeGreaterThanOrEqual(95);
    expect(scoreOf(a, 'AI Discovery')).toBeGreaterThanOrEqual(95);
  });

  test('raises no warning in either category and reports a valid llms.txt', () => {
    expect(a.issues.filter((i) => i.severity !== 'notice')).toEqual([]);
    expect(a.llms_txt).toEqual({ status: 'present', valid: true, problems: [] });
  });

  test('stays high without the newest extras (no Markdown negotiation, no llms-full.txt)', () => {
    const older = audit(wellMadeSite({ markdown: textFile(ARTICLE_URL, WELL_MADE_HTML, 'text/html'), llmsFullTxt: null }));
    expect(scoreOf(older, 'AI Discovery')).toBeGreaterThanOrEqual(80);
    expect(older.issues.map((i) => i.rule)).toContain('markdown.negotiation');
  });
});

describe('a bare page', () => {
  const a = audit(snapshot('<!doctype html><html><head><title>Home</title></head><body><p>Welcome to our shop.</p></body></html>'));

  test('scores low in both categories', () => {
    expect(scoreOf(a, 'Structured Data')).toBeLessThanOrEqual(10);
    expect(scoreOf(a, 'AI Discovery')).toBeLessThanOrEqual(20);
  });

  test('raises the expected issues, never critical', () => {
    const byRule = new Map(a.issues.map((i) => [i.rule, i]));
    for (const id of [
      'json-ld.present',
      'schema.identity',
      'open-graph.tags',
      'twitter.card',
      'llms-txt.present',
      'llms-full-txt.present',
      'sitemap.present',
      'markdown.negotiation',
      'markdown.alternate-link',
      'canonical.valid',
    ]) {
      expect(byRule.has(id), id).toBe(true);
    }
    expect(byRule.get('json-ld.present')!.severity).toBe('warning');
    expect(byRule.get('sitemap.present')!.severity).toBe('warning');
    expect(byRule.get('llms-txt.present')!.severity).toBe('notice');
    expect(a.issues.some((i) => i.severity === 'critical')).toBe(false);
    for (const issue of a.issues) {
      expect(issue.title.length).toBeLessThan(70);
      expect(issue.detail.length).toBeGreaterThan(30);
      expect(issue.detail.split(/(?<=\.)\s+(?=[A-Z])/).length, issue.detail).toBeLessThanOrEqual(2);
    }
    expect(a.llms_txt).toEqual({ status: 'missing', valid: false, problems: [] });
  });
});

describe('a site with broken pieces', () => {
  test('an SPA fallback for llms.txt and sitemap plus broken JSON-LD lands in the middle, with specific issues', () => {
    const spa = '<!doctype html><html><body><div id="root"></div></body></html>';
    const html = WELL_MADE_HTML.replace(
      '<script type="application/ld+json">',
      '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Article",}</script><script type="application/ld+json">',
    );
    const a = audit(
      wellMadeSite({
        page: { ...wellMadeSite().page, body: html },
        llmsTxt: textFile('https://example.com/llms.txt', spa, 'text/html'),
        sitemap: textFile('https://example.com/sitemap.xml', spa, 'text/html'),
      }),
    );
    const rules = a.issues.map((i) => i.rule);
    expect(rules).toEqual(expect.arrayContaining(['json-ld.parses', 'llms-txt.present', 'sitemap.present']));
    expect(a.llms_txt.valid).toBe(false);
    expect(a.llms_txt.problems[0]).toMatch(/HTML page/);
    expect(scoreOf(a, 'AI Discovery')).toBeLessThan(80);
    expect(scoreOf(a, 'Structured Data')).toBeLessThan(95);
  });
});
