import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../../shared/robots/parse.js';

describe('parseRobotsTxt: groups', () => {
  it('puts consecutive user-agent lines into one group, blank lines included (RFC 9309 ABNF)', () => {
    const robots = parseRobotsTxt('User-agent: barbot\nUser-agent: bazbot\n\nUser-agent: quxbot\nDisallow: /x\n');
    expect(robots.groups).toHaveLength(1);
    expect(robots.groups[0]!.agents).toEqual(['barbot', 'bazbot', 'quxbot']);
    expect(robots.groups[0]!.rules.map((r) => r.raw)).toEqual(['/x']);
  });

  it('starts a new group at a user-agent line that follows a rule', () => {
    const robots = parseRobotsTxt('User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\n');
    expect(robots.groups.map((g) => g.agents)).toEqual([['a'], ['b']]);
  });

  it('does not let extension lines end the user-agent run', () => {
    const robots = parseRobotsTxt('User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n');
    expect(robots.groups).toHaveLength(1);
    expect(robots.groups[0]!.agents).toEqual(['a', 'b']);
    expect(robots.groups[0]!.extensions).toEqual([{ key: 'crawl-delay', value: '5', line: 2 }]);
  });

  it('lower-cases directive names and product tokens, keeps path case', () => {
    const robots = parseRobotsTxt('USER-AGENT: GPTBot\nDISALLOW: /Private\n');
    expect(robots.groups[0]!.agents).toEqual(['gptbot']);
    expect(robots.groups[0]!.rules[0]).toMatchObject({ allow: false, pattern: '/Private', line: 2 });
  });

  it('reads the product token before a version or comment', () => {
    const robots = parseRobotsTxt('User-agent: Googlebot/2.1 (+http://www.google.com/bot.html)\nDisallow: /\n');
    expect(robots.groups[0]!.agents).toEqual(['googlebot']);
  });
});

describe('parseRobotsTxt: lexical details', () => {
  it('strips a BOM, handles CRLF and lone CR line endings', () => {
    const robots = parseRobotsTxt('\uFEFFUser-agent: *\r\nDisallow: /a\rAllow: /a/b\r\n');
    expect(robots.groups[0]!.agents).toEqual(['*']);
    expect(robots.groups[0]!.rules.map((r) => [r.allow, r.raw, r.line])).toEqual([
      [false, '/a', 2],
      [true, '/a/b', 3],
    ]);
    expect(robots.problems).toEqual([]);
  });

  it('drops comments, whole-line and trailing', () => {
    const robots = parseRobotsTxt('# header\nUser-agent: * # everyone\nDisallow: /tmp # scratch\n');
    expect(robots.groups[0]!.rules[0]!.raw).toBe('/tmp');
    expect(robots.problems).toEqual([]);
  });

  it('treats an empty Disallow as no rule', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow:\n');
    expect(robots.groups[0]!.rules).toEqual([]);
    expect(robots.problems).toEqual([]);
  });

  it('accepts the misspellings Google accepts and reports them', () => {
    const robots = parseRobotsTxt('useragent: *\ndisalow: /x\n');
    expect(robots.groups[0]!.agents).toEqual(['*']);
    expect(robots.groups[0]!.rules[0]!.raw).toBe('/x');
    expect(robots.problems.map((p) => p.line)).toEqual([1, 2]);
  });

  it('reports unknown directives, lines without a colon, rules outside groups and paths without "/"', () => {
    const robots = parseRobotsTxt('Disallow: /early\nUser-agent: *\nDisallow /nocolon\nFoo: bar\nDisallow: private\nNoindex: /x\n');
    expect(robots.problems.map((p) => p.line)).toEqual([1, 3, 4, 5, 6]);
    expect(robots.problems[0]!.message).toMatch(/before any user-agent/);
    expect(robots.problems[3]!.message).toMatch(/must start with/);
    expect(robots.groups[0]!.rules).toEqual([]);
  });

  it('accepts known extensions silently and keeps Sitemap outside groups', () => {
    const robots = parseRobotsTxt(
      'User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: / train-ai=n\nAllow: /\nSitemap: https://example.com/s.xml\n',
    );
    expect(robots.problems).toEqual([]);
    expect(robots.global.map((e) => e.key)).toEqual(['sitemap']);
    expect(robots.groups[0]!.extensions.map((e) => e.key)).toEqual(['content-signal', 'content-usage']);
  });

  it('normalises percent-encoding in rule paths', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /foo/bar/ツ\nDisallow: /a%2fb\nDisallow: /%62%61%7A\n');
    expect(robots.groups[0]!.rules.map((r) => r.pattern)).toEqual(['/foo/bar/%E3%83%84', '/a%2Fb', '/baz']);
  });
});
