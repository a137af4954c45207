import { describe, expect, it } from 'vitest';
import robotsSearchAgentsBlocked from '../../../shared/rules/crawler-access/robots.search-agents-blocked.js';
import robotsUserAgentsBlocked from '../../../shared/rules/crawler-access/robots.user-agents-blocked.js';
import robotsTrainingAgentsBlocked from '../../../shared/rules/crawler-access/robots.training-agents-blocked.js';
import robotsArchiveAgentsBlocked from '../../../shared/rules/crawler-access/robots.archive-agents-blocked.js';
import robotsUnreachable from '../../../shared/rules/crawler-access/robots.unreachable.js';
import robotsServedAsHtml from '../../../shared/rules/crawler-access/robots.served-as-html.js';
import robotsSyntax from '../../../shared/rules/crawler-access/robots.syntax.js';
import robotsTooLarge from '../../../shared/rules/crawler-access/robots.too-large.js';
import robotsLinkPreviewsBlocked from '../../../shared/rules/crawler-access/robots.link-previews-blocked.js';
import { failedResource } from '../../../shared/gather/failed-resource.js';
import { audit, crawlerAccessScore, issue, resource, site } from './site.js';
import { testRule } from '../rule-tester.js';

const ROBOTS_URL = 'https://example.com/robots.txt';
const NOTHING_BLOCKED = 'User-agent: *\nDisallow: /admin/\n';

describe('purpose split', () => {
  it('a GPTBot-only block is a notice and costs no score', () => {
    const a = audit(site({ robots: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n' }));
    expect(crawlerAccessScore(a)).toBe(100);
    expect(a.score).toBe(100);
    const notice = issue(a, 'robots.training-agents-blocked');
    expect(notice?.severity).toBe('notice');
    expect(notice?.detail).toContain('GPTBot');
    expect(a.issues.filter((i) => i.severity !== 'notice')).toEqual([]);
    expect(a.crawlers.find((c) => c.agent === 'GPTBot')?.robots).toBe('blocked');
    expect(a.crawlers.find((c) => c.agent === 'OAI-SearchBot')?.robots).toBe('allowed');
  });

  it('blocking AI search crawlers is critical, names them and costs score', () => {
    const a = audit(site({ robots: 'User-agent: OAI-SearchBot\nUser-agent: PerplexityBot\nDisallow: /\n' }));
    const critical = issue(a, 'robots.search-agents-blocked');
    expect(critical?.severity).toBe('critical');
    expect(critical?.detail).toContain('OAI-SearchBot and PerplexityBot');
    expect(critical?.detail).toContain('/blog/post');
    expect(critical?.detail).toContain('`Disallow: /` on line 3');
    expect(crawlerAccessScore(a)).toBeLessThan(100);
    expect(a.score).toBeLessThanOrEqual(49);
  });

  it('a GPTBot Allow group does not exempt search agents from a * block (and GPTBot stays allowed)', () => {
    const a = audit(site({ robots: 'User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nAllow: /\n' }));
    expect(a.crawlers.find((c) => c.agent === 'GPTBot')?.robots).toBe('allowed');
    expect(a.crawlers.find((c) => c.agent === 'ClaudeBot')?.robots).toBe('blocked');
    expect(issue(a, 'robots.training-agents-blocked')?.detail).not.toContain('GPTBot');
    expect(issue(a, 'robots.search-agents-blocked')?.severity).toBe('critical');
  });

  it('a CCBot block is a notice mentioning Common Crawl pipelines', () => {
    const a = audit(site({ robots: 'User-agent: CCBot\nDisallow: /\n' }));
    expect(crawlerAccessScore(a)).toBe(100);
    const notice = issue(a, 'robots.archive-agents-blocked');
    expect(notice?.severity).toBe('notice');
    expect(notice?.detail).toMatch(/Common Crawl/);
    expect(a.crawlers.find((c) => c.agent === 'CCBot')).toMatchObject({ purpose: 'archive', robots: 'blocked' });
  });
});

const COPIED_LIST = [
  'GPTBot',
  'ChatGPT-User',
  'CCBot',
  'anthropic-ai',
  'ClaudeBot',
  'Claude-Web',
  'cohere-ai',
  'Bytespider',
  'Diffbot',
  'FacebookBot',
  'facebookexternalhit',
  'Google-Extended',
  'ImagesiftBot',
  'omgili',
  'PerplexityBot',
  'YouBot',
  'Applebot',
  'Applebot-Extended',
  'Amazonbot',
  'img2dataset',
  'Timpibot',
]
  .map((a) => `User-agent: ${a}`)
  .join('\n');
const copied = () => site({ robots: `${COPIED_LIST}\nDisallow: /\n\nUser-agent: *\nAllow: /\n` });

testRule(robotsSearchAgentsBlocked, {
  passes: [{ name: 'nothing blocked', snapshot: site({ robots: NOTHING_BLOCKED }) }],
  partial: [
    {
      name: 'Applebot inherits a Googlebot block and is reported as a search agent',
      snapshot: site({ robots: 'User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /\n' }),
      detail: 'Googlebot and Applebot',
    },
    {
      name: 'a copied AI block list explains the Applebot block',
      snapshot: copied,
      detail: /Applebot, Apple’s search crawler, is probably blocked because the file copies/,
    },
  ],
});

testRule(robotsUserAgentsBlocked, {
  passes: [{ name: 'nothing blocked', snapshot: site({ robots: NOTHING_BLOCKED }) }],
  partial: [
    {
      name: 'user-triggered agents blocked: critical',
      snapshot: site({ robots: 'User-agent: ChatGPT-User\nUser-agent: Claude-User\nDisallow: /blog/\n' }),
      severity: 'critical',
      detail: /ChatGPT-User and Claude-User/,
      check: () => expect(robotsUserAgentsBlocked.severity).toBe('critical'),
    },
  ],
});

testRule(robotsTrainingAgentsBlocked, { passes: [{ name: 'nothing blocked', snapshot: site({ robots: NOTHING_BLOCKED }) }] });
testRule(robotsArchiveAgentsBlocked, { passes: [{ name: 'nothing blocked', snapshot: site({ robots: NOTHING_BLOCKED }) }] });

describe('robots.txt availability in an audit', () => {
  it('a 5xx robots.txt is a critical complete disallow, reported once', () => {
    const a = audit(site({ robotsTxt: resource(ROBOTS_URL, 'err', { status: 503 }) }));
    const critical = issue(a, 'robots.unreachable');
    expect(critical?.severity).toBe('critical');
    expect(critical?.detail).toMatch(/HTTP 503/);
    expect(critical?.detail).toMatch(/complete disallow/);
    expect(issue(a, 'robots.search-agents-blocked')).toBeUndefined();
    expect(a.crawlers.every((c) => c.robots === 'blocked')).toBe(true);
    expect(crawlerAccessScore(a)).toBeLessThan(100);
  });

  it('a 404 robots.txt allows everything and raises nothing', () => {
    const a = audit(site());
    expect(a.issues).toEqual([]);
    expect(a.crawlers.every((c) => c.robots === 'allowed')).toBe(true);
  });

  it('an HTML robots.txt counts as no robots.txt', () => {
    expect(audit(site({ robots: HTML_ROBOTS })).crawlers.every((c) => c.robots === 'allowed')).toBe(true);
  });
});

const HTML_ROBOTS = '<!DOCTYPE html><html><head><title>App</title></head><body><div id="root"></div></body></html>';

testRule(robotsUnreachable, {
  passes: [{ name: 'a 404 robots.txt', snapshot: site() }],
  fails: [
    {
      name: 'an unreachable robots.txt (timeout) is a complete disallow too',
      snapshot: () => site({ robotsTxt: failedResource(ROBOTS_URL, 'timeout', 'timed out') }),
      detail: /could not be fetched/,
    },
  ],
  notApplicable: [
    { name: 'our own deadline stopped the fetch', snapshot: () => site({ robotsTxt: failedResource(ROBOTS_URL, 'deadline', 'x') }) },
  ],
});

testRule(robotsServedAsHtml, {
  passes: [{ name: 'a text robots.txt', snapshot: site({ robots: 'User-agent: *\nAllow: /\n' }) }],
  fails: [
    {
      name: 'an HTML robots.txt: a warning',
      snapshot: site({ robots: HTML_ROBOTS }),
      title: 'robots.txt is served as HTML',
      severity: 'warning',
      check: () => expect(robotsServedAsHtml.severity).toBe('warning'),
    },
  ],
});

testRule(robotsSyntax, {
  passes: [{ name: 'clean lines', snapshot: site({ robots: 'User-agent: *\nDisallow: /tmp\n' }) }],
  partial: [
    {
      name: 'problems reported with line numbers',
      snapshot: site({ robots: 'User-agent: *\nDisalow: /tmp\nDisallow private\n' }),
      score: 0.5,
      detail: [/line 2: "disalow" is a misspelling/, /line 3/],
    },
  ],
});

testRule(robotsTooLarge, {
  passes: [{ name: 'a small file', snapshot: site({ robots: 'User-agent: *\nDisallow:\n' }) }],
  fails: [
    {
      name: 'beyond the 500 KiB parse limit',
      snapshot: () => site({ robots: 'User-agent: *\n' + `# ${'x'.repeat(1000)}\n`.repeat(600) + 'Disallow: /\n' }),
      detail: /500 KiB/,
    },
  ],
});

describe('copied AI block lists in an audit', () => {
  it('flags facebookexternalhit link previews as a notice, naming the copied list', () => {
    const notice = issue(audit(copied()), 'robots.link-previews-blocked');
    expect(notice?.severity).toBe('notice');
    expect(notice?.detail).toMatch(/copied from a broad AI block list/);
  });
});

testRule(robotsLinkPreviewsBlocked, {
  fails: [
    {
      name: 'a short hand-written block is not called a copied list',
      snapshot: site({ robots: 'User-agent: facebookexternalhit\nDisallow: /\n' }),
      check: (o) => expect(o.detail).not.toMatch(/copied/),
    },
  ],
  notApplicable: [
    { name: 'only a site-wide * block (the agent rules report it)', snapshot: site({ robots: 'User-agent: *\nDisallow: /\n' }) },
  ],
});
