import { describe, expect, it } from 'vitest';
import searchAgentsBlocked from '../../../shared/rules/crawler-access/robots.search-agents-blocked.js';
import userAgentsBlocked from '../../../shared/rules/crawler-access/robots.user-agents-blocked.js';
import trainingAgentsBlocked from '../../../shared/rules/crawler-access/robots.training-agents-blocked.js';
import archiveAgentsBlocked from '../../../shared/rules/crawler-access/robots.archive-agents-blocked.js';
import robotsUnreachable from '../../../shared/rules/crawler-access/robots.unreachable.js';
import robotsServedAsHtml from '../../../shared/rules/crawler-access/robots.served-as-html.js';
import robotsSyntax from '../../../shared/rules/crawler-access/robots.syntax.js';
import robotsTooLarge from '../../../shared/rules/crawler-access/robots.too-large.js';
import linkPreviewsBlocked from '../../../shared/rules/crawler-access/robots.link-previews-blocked.js';
import { failedResource } from '../../../shared/gather/failed-resource.js';
import { audit, crawlerAccessScore, issue, resource, site } from './site.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

const ROBOTS_URL = 'https://example.com/robots.txt';

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

  it('blocking user-triggered agents is critical', () => {
    const r = outcome(userAgentsBlocked, site({ robots: 'User-agent: ChatGPT-User\nUser-agent: Claude-User\nDisallow: /blog/\n' }));
    expect(r.score).toBeLessThan(1);
    expect(userAgentsBlocked.severity).toBe('critical');
    expect(r.detail).toMatch(/ChatGPT-User and Claude-User/);
  });

  it('passes the purpose rules when nothing is blocked', () => {
    const snap = site({ robots: 'User-agent: *\nDisallow: /admin/\n' });
    for (const rule of [searchAgentsBlocked, userAgentsBlocked, trainingAgentsBlocked, archiveAgentsBlocked]) {
      expect(outcome(rule, snap).score).toBe(1);
    }
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

  it('Applebot inherits a Googlebot block and is reported as a search agent', () => {
    const r = outcome(searchAgentsBlocked, site({ robots: 'User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /\n' }));
    expect(r.detail).toContain('Googlebot and Applebot');
  });
});

describe('robots.txt availability', () => {
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

  it('an unreachable robots.txt (timeout) is treated the same way', () => {
    const r = outcome(robotsUnreachable, site({ robotsTxt: failedResource(ROBOTS_URL, 'timeout', 'timed out') }));
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/could not be fetched/);
  });

  it('a 404 robots.txt allows everything and raises nothing', () => {
    const a = audit(site());
    expect(a.issues).toEqual([]);
    expect(a.crawlers.every((c) => c.robots === 'allowed')).toBe(true);
    expect(outcome(robotsUnreachable, site()).score).toBe(1);
  });

  it('is not judged when our own deadline stopped the fetch', () => {
    expect(judge(robotsUnreachable, site({ robotsTxt: failedResource(ROBOTS_URL, 'deadline', 'x') }))).toBe(NOT_APPLICABLE);
  });

  it('an HTML robots.txt is a warning and counts as no robots.txt', () => {
    const snap = site({ robots: '<!DOCTYPE html><html><head><title>App</title></head><body><div id="root"></div></body></html>' });
    const r = outcome(robotsServedAsHtml, snap);
    expect(r.score).toBe(0);
    expect(r.title).toBe('robots.txt is served as HTML');
    expect(robotsServedAsHtml.severity).toBe('warning');
    expect(audit(snap).crawlers.every((c) => c.robots === 'allowed')).toBe(true);
    expect(outcome(robotsServedAsHtml, site({ robots: 'User-agent: *\nAllow: /\n' })).score).toBe(1);
  });

  it('reports syntax problems with line numbers', () => {
    const r = outcome(robotsSyntax, site({ robots: 'User-agent: *\nDisalow: /tmp\nDisallow private\n' }));
    expect(r.score).toBe(0.5);
    expect(r.detail).toMatch(/line 2: "disalow" is a misspelling/);
    expect(r.detail).toMatch(/line 3/);
    expect(outcome(robotsSyntax, site({ robots: 'User-agent: *\nDisallow: /tmp\n' })).score).toBe(1);
  });

  it('reports a robots.txt beyond the 500 KiB parse limit', () => {
    const big = 'User-agent: *\n' + `# ${'x'.repeat(1000)}\n`.repeat(600) + 'Disallow: /\n';
    const r = outcome(robotsTooLarge, site({ robots: big }));
    expect(r.score).toBe(0);
    expect(r.detail).toMatch(/500 KiB/);
    expect(outcome(robotsTooLarge, site({ robots: 'User-agent: *\nDisallow:\n' })).score).toBe(1);
  });
});

describe('copied AI block lists', () => {
  const copied = [
    'GPTBot', 'ChatGPT-User', 'CCBot', 'anthropic-ai', 'ClaudeBot', 'Claude-Web', 'cohere-ai', 'Bytespider',
    'Diffbot', 'FacebookBot', 'facebookexternalhit', 'Google-Extended', 'ImagesiftBot', 'omgili', 'PerplexityBot',
    'YouBot', 'Applebot', 'Applebot-Extended', 'Amazonbot', 'img2dataset', 'Timpibot',
  ]
    .map((a) => `User-agent: ${a}`)
    .join('\n');
  const snap = site({ robots: `${copied}\nDisallow: /\n\nUser-agent: *\nAllow: /\n` });

  it('flags facebookexternalhit link previews as a notice, naming the copied list', () => {
    const a = audit(snap);
    const notice = issue(a, 'robots.link-previews-blocked');
    expect(notice?.severity).toBe('notice');
    expect(notice?.detail).toMatch(/copied from a broad AI block list/);
  });

  it('explains the Applebot block in the search-agents issue', () => {
    expect(outcome(searchAgentsBlocked, snap).detail).toMatch(/Applebot, Apple’s search crawler, is probably blocked because the file copies/);
  });

  it('does not call a short hand-written block a copied list', () => {
    const r = outcome(linkPreviewsBlocked, site({ robots: 'User-agent: facebookexternalhit\nDisallow: /\n' }));
    expect(r.score).toBe(0);
    expect(r.detail).not.toMatch(/copied/);
    expect(judge(linkPreviewsBlocked, site({ robots: 'User-agent: *\nDisallow: /\n' }))).toBe(NOT_APPLICABLE);
  });
});
