import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit, type Audit } from '../../shared/index.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { loopbackFetcher } from '../helpers/loopback-fetcher.js';
import { FIXTURE_SITES } from '../fixtures/sites/index.js';

/** Every fixture site audited once, end to end: real HTTP on 127.0.0.1, the real Node fetcher, every rule. */
const audits = new Map<string, Audit>();
const servers: FixtureSite[] = [];

beforeAll(async () => {
  const fetcher = loopbackFetcher();
  await Promise.all(
    Object.entries(FIXTURE_SITES).map(async ([name, { site, path }]) => {
      const server = await startFixtureSite(site);
      servers.push(server);
      const audit = await runAudit(`${server.url}${path}`, {
        fetcher,
        onRuleError: (rule, error) => {
          throw new Error(`rule ${rule.id} threw on ${name}: ${String(error)}`);
        },
      });
      audits.set(name, audit);
    }),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const audit = (name: string): Audit => {
  const a = audits.get(name);
  if (!a) throw new Error(`no audit for ${name}`);
  return a;
};
const ruleIds = (a: Audit) => a.issues.map((i) => i.rule);
const critical = (a: Audit) => a.issues.filter((i) => i.severity === 'critical').map((i) => i.rule);
const category = (a: Audit, name: string) => a.category_scores.find((c) => c.name === name)?.score;
const crawler = (a: Audit, agent: string) => a.crawlers.find((c) => c.agent === agent);

describe('the well-made article site', () => {
  it('scores above 90 with no critical or warning issue', () => {
    const a = audit('good-article');
    expect(a.score).toBeGreaterThan(90);
    expect(critical(a)).toEqual([]);
    expect(a.issues.filter((i) => i.severity === 'warning').map((i) => i.rule)).toEqual(
      // Served over plain http on loopback: the HTTPS rule is the one honest warning left.
      ['trust.https'],
    );
  });

  it('fills the contract members: six categories in order, crawlers, llms_txt, signals', () => {
    const a = audit('good-article');
    expect(a.category_scores.map((c) => c.name)).toEqual([
      'Crawler Access',
      'Rendering',
      'Structured Data',
      'Content Structure',
      'AI Discovery',
      'Trust',
    ]);
    expect(a.status).toBe('complete');
    expect(a.origin).toBe('server');
    expect(a.crawlers.length).toBeGreaterThanOrEqual(16);
    expect(a.crawlers.every((c) => c.robots === 'allowed')).toBe(true);
    expect(a.llms_txt).toEqual({ status: 'present', valid: true, problems: expect.any(Array) });
    expect(a.signals.webmcp.status).toBe('not_found');
    expect(a.issues.map((i) => i.position)).toEqual(a.issues.map((_, i) => i));
  });
});

describe('sites that AI engines cannot read', () => {
  it('an SPA shell: no content without JavaScript is critical and caps the score', () => {
    const a = audit('spa-shell');
    expect(critical(a)).toContain('rendering.no-content-without-js');
    expect(a.score).toBeLessThanOrEqual(49);
    expect(category(a, 'Rendering')).toBeLessThan(20);
  });

  it('robots.txt blocking search agents is critical and names them', () => {
    const a = audit('robots-block-search');
    expect(critical(a)).toContain('robots.search-agents-blocked');
    const issue = a.issues.find((i) => i.rule === 'robots.search-agents-blocked')!;
    expect(issue.detail).toMatch(/OAI-SearchBot/);
    expect(crawler(a, 'OAI-SearchBot')?.robots).toBe('blocked');
    expect(crawler(a, 'PerplexityBot')?.robots).toBe('blocked');
    expect(crawler(a, 'GPTBot')?.robots).toBe('allowed');
    expect(a.score).toBeLessThanOrEqual(49);
  });

  it('robots.txt blocking only training agents is a notice and costs nothing', () => {
    const a = audit('robots-block-training');
    expect(critical(a)).toEqual([]);
    const notice = a.issues.find((i) => i.rule === 'robots.training-agents-blocked');
    expect(notice?.severity).toBe('notice');
    expect(category(a, 'Crawler Access')).toBe(category(audit('good-article'), 'Crawler Access'));
    expect(crawler(a, 'GPTBot')?.robots).toBe('blocked');
    expect(crawler(a, 'OAI-SearchBot')?.robots).toBe('allowed');
    expect(a.score).toBeGreaterThan(90);
  });

  it('a challenge served only to AI agents is critical; the crawler table shows it', () => {
    const a = audit('challenge-for-ai');
    expect(critical(a)).toContain('challenge.ai-agents-blocked');
    expect(crawler(a, 'OAI-SearchBot')).toMatchObject({ http_status: 403, challenged: true });
    expect(crawler(a, 'ChatGPT-User')).toMatchObject({ http_status: 403, challenged: true });
  });

  it.each(['noindex-meta', 'noindex-header'])('%s: noindex is critical', (name) => {
    const a = audit(name);
    expect(critical(a)).toContain('meta-robots.noindex');
    expect(a.score).toBeLessThanOrEqual(49);
  });
});

describe('llms.txt', () => {
  it('valid', () => {
    expect(audit('llms-valid').llms_txt).toMatchObject({ status: 'present', valid: true });
  });
  it('invalid: problems are listed', () => {
    const { llms_txt } = audit('llms-invalid');
    expect(llms_txt.status).toBe('present');
    expect(llms_txt.valid).toBe(false);
    expect(llms_txt.problems.join(' ')).toMatch(/H1/i);
    expect(ruleIds(audit('llms-invalid'))).toContain('llms-txt.valid');
  });
  it('an HTML page served with 200 is not an llms.txt', () => {
    const a = audit('llms-html-200');
    expect(a.llms_txt.valid).toBe(false);
    expect(ruleIds(a)).toContain('llms-txt.present');
  });
});

describe('WebMCP', () => {
  it('inline registration is detected from the inline script', () => {
    const w = audit('webmcp-inline').signals.webmcp;
    expect(w.status).toBe('detected');
    expect(w.source).toBe('inline_script');
    expect(w.evidence.some((e) => e.toolName === 'find_recipe')).toBe(true);
  });
  it('a registration in a minified external bundle is detected', () => {
    const w = audit('webmcp-bundle').signals.webmcp;
    expect(w.status).toBe('detected');
    expect(w.source).toBe('external_script');
    expect(w.evidence.find((e) => e.toolName === 'add_to_cart')?.location.url).toMatch(/app-8c1f2e\.js$/);
  });
  it('a declarative form is detected from the HTML', () => {
    const w = audit('webmcp-declarative').signals.webmcp;
    expect(w.status).toBe('detected');
    expect(w.source).toBe('html');
    expect(w.evidence.some((e) => e.kind === 'declarative-form' && e.toolName === 'search_guides')).toBe(true);
  });
  it('a polyfill alone registers nothing', () => {
    const w = audit('webmcp-polyfill-only').signals.webmcp;
    expect(w.status).not.toBe('detected');
    expect(w.evidence.some((e) => e.kind === 'polyfill-runtime')).toBe(true);
  });
  it('feature detection alone is not a registration', () => {
    expect(audit('webmcp-feature-detect').signals.webmcp.status).toBe('not_found');
  });
  it('an unreachable script makes the result inconclusive', () => {
    const w = audit('webmcp-unreachable-script').signals.webmcp;
    expect(w.status).toBe('inconclusive');
    expect(w.bundlesTotal).toBe(3);
    expect(w.bundlesScanned).toBe(2);
  });
  it('the signal never moves a score', () => {
    const plain = audit('good-article');
    for (const name of ['webmcp-inline', 'webmcp-bundle', 'webmcp-declarative']) {
      expect(audit(name).category_scores).toEqual(plain.category_scores);
    }
  });
});

describe('builders', () => {
  it.each([
    ['builder-wix', 'Wix'],
    ['builder-squarespace', 'Squarespace'],
    ['builder-webflow', 'Webflow'],
    ['builder-wordpress', 'WordPress'],
    ['builder-shopify', 'Shopify'],
    ['builder-framer', 'Framer'],
    ['builder-nextjs', 'Next.js'],
  ])('%s is %s', (name, builder) => {
    expect(audit(name).builder).toBe(builder);
  });
  it('a hand-written page is Unknown', () => {
    expect(audit('good-article').builder).toBe('Unknown');
  });
});
