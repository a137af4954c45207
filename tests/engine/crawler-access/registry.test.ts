import { describe, expect, it } from 'vitest';
import { crawlerAccessRules } from '../../../shared/rules/crawler-access/index.js';
import { ALL_RULES } from '../../../shared/rules/index.js';
import { CRAWLER_AGENTS } from '../../../shared/crawlers/agents.js';
import { audit, site } from './site.js';

const INFORMATIONAL = [
  'robots.training-agents-blocked',
  'robots.archive-agents-blocked',
  'robots.link-previews-blocked',
  'optout.noai',
  'optout.tdmrep',
  'optout.content-signal-train',
  'optout.aipref',
];
const CRITICAL = [
  'http.status',
  'challenge.ai-agents-blocked',
  'access.edge-refuses-allowed-agent',
  'robots.unreachable',
  'robots.search-agents-blocked',
  'robots.user-agents-blocked',
  'meta-robots.noindex',
];

describe('Crawler Access rule registry', () => {
  it('registers at least ten rules with unique, well-formed ids, all in Crawler Access and in ALL_RULES', () => {
    const ids = crawlerAccessRules.map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(10);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of crawlerAccessRules) {
      expect(rule.id).toMatch(/^[a-z-]+\.[a-z-]+$/);
      expect(rule.category).toBe('Crawler Access');
      expect(ALL_RULES).toContain(rule);
    }
  });

  it('keeps opt-outs informational and reserves critical for what the contract calls critical', () => {
    for (const rule of crawlerAccessRules) {
      if (INFORMATIONAL.includes(rule.id)) expect([rule.id, rule.weight, rule.severity]).toEqual([rule.id, 0, 'notice']);
      if (rule.severity === 'critical') expect(CRITICAL).toContain(rule.id);
      if (rule.severity !== 'notice') expect(rule.weight).toBeGreaterThan(0);
    }
  });

  it('raises nothing on a healthy page', () => {
    const a = audit(site({ robots: 'User-agent: *\nAllow: /\nSitemap: https://example.com/sitemap.xml\n' }));
    expect(a.issues).toEqual([]);
    expect(a.category_scores.find((c) => c.name === 'Crawler Access')?.score).toBe(100);
  });
});

describe('audit.crawlers', () => {
  it('lists every contract agent once with operator and purpose', () => {
    const a = audit(site());
    const required = [
      'GPTBot',
      'OAI-SearchBot',
      'ChatGPT-User',
      'ClaudeBot',
      'Claude-SearchBot',
      'Claude-User',
      'PerplexityBot',
      'Perplexity-User',
      'Google-Extended',
      'Googlebot',
      'Bingbot',
      'Applebot',
      'Applebot-Extended',
      'CCBot',
      'Bytespider',
      'meta-externalagent',
    ];
    const agents = a.crawlers.map((c) => c.agent);
    for (const name of required) expect(agents).toContain(name);
    expect(new Set(agents).size).toBe(agents.length);
    expect(a.crawlers).toHaveLength(CRAWLER_AGENTS.length);
    const purpose = (name: string) => a.crawlers.find((c) => c.agent === name)?.purpose;
    expect(['GPTBot', 'ClaudeBot', 'Google-Extended', 'Applebot-Extended', 'Bytespider', 'meta-externalagent'].map(purpose)).toEqual(
      Array(6).fill('training'),
    );
    expect(['OAI-SearchBot', 'Claude-SearchBot', 'PerplexityBot', 'Googlebot', 'Bingbot', 'Applebot'].map(purpose)).toEqual(
      Array(6).fill('search'),
    );
    expect(['ChatGPT-User', 'Claude-User', 'Perplexity-User'].map(purpose)).toEqual(Array(3).fill('user'));
    expect(purpose('CCBot')).toBe('archive');
  });

  it('judges the final URL after redirects', () => {
    const snap = site({ robots: 'User-agent: *\nDisallow: /new/\n' });
    snap.page = {
      ...snap.page,
      url: 'https://example.com/old',
      finalUrl: 'https://example.com/new/page',
      redirects: [{ url: 'https://example.com/old', status: 301 }],
    };
    expect(audit(snap).crawlers.find((c) => c.agent === 'Googlebot')?.robots).toBe('blocked');
  });

  it('leaves http_status and challenged off agents that were not fetched', () => {
    const a = audit(site({ pageAsSearchAgent: null, pageAsUserAgent: null }));
    for (const c of a.crawlers) {
      expect(c).not.toHaveProperty('http_status');
      expect(c).not.toHaveProperty('challenged');
    }
  });
});
