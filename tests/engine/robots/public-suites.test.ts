import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../../shared/robots/parse.js';
import { normalizeRobotsPath, robotsPathOf } from '../../../shared/robots/path.js';
import { robotsVerdictFor } from '../../../shared/robots/verdict.js';
import { decodeBody } from '../../../shared/text/decode.js';
import {
  GOOGLE_BOM_FILES,
  GOOGLE_ESCAPE_CASES,
  GOOGLE_LINE_ENDING_FILES,
  GOOGLE_PATH_CASES,
  GOOGLE_ROBOTS_CASES,
} from '../../fixtures/public/robots/google-robotstxt-cases.js';
import {
  ROBOTS_PARSER_AGENT,
  ROBOTS_PARSER_CASES,
  ROBOTS_PARSER_LINE_CASES,
  ROBOTS_PARSER_LINE_FILE,
} from '../../fixtures/public/robots/robots-parser-cases.js';

/** Citable's answer for one crawler and URL: the URL as a crawler would request it, then RFC 9309. */
const allowed = (robotstxt: string, agent: string, url: string) =>
  robotsVerdictFor(parseRobotsTxt(robotstxt), agent, robotsPathOf(new URL(url))).allowed;
const short = (s: string) => (s.length > 70 ? `${s.slice(0, 67)}...` : s);

describe("Google's robots_test.cc (RFC 9309 reference parser), translated", () => {
  const rows = GOOGLE_ROBOTS_CASES.flatMap((g) => g.cases.map((c) => ({ ...c, test: g.test })));

  it('holds the whole translated suite', () => {
    expect(rows.length).toBeGreaterThan(130);
  });

  it.each(rows.map((r) => [r.test, r.agent, short(r.url), r] as const))('%s: %s on %s', (_t, _a, _u, r) => {
    expect(allowed(r.robotstxt, r.agent, r.url)).toBe(r.citable ?? r.google);
  });

  it('every case where Citable differs says why, and really differs from Google', () => {
    for (const r of rows.filter((x) => x.citable !== undefined)) {
      expect(r.why?.length ?? 0, r.test).toBeGreaterThan(40);
      expect(r.citable, r.test).not.toBe(r.google);
    }
  });

  it.each(Object.entries(GOOGLE_LINE_ENDING_FILES))('ID_LinesNumbersAreCountedCorrectly: %s line endings', (_name, file) => {
    const robots = parseRobotsTxt(file);
    expect(robots.groups.map((g) => [g.agents, g.line, g.rules.map((r) => [r.allow, r.raw, r.line])])).toEqual([
      [['foo'], 1, [[true, '/some/path', 2]]],
      [['bar'], 3, [[false, '/', 6]]],
    ]);
    expect(robots.problems).toEqual([]);
  });

  it.each(GOOGLE_BOM_FILES)('ID_UTF8ByteOrderMarkIsSkipped: $name', ({ bytes, valid, unknown }) => {
    // Bytes decoded as the fetcher decodes them: a partial BOM is an invalid UTF-8 sequence, so U+FFFD.
    const file = new Uint8Array([...bytes, ...new TextEncoder().encode('User-Agent: foo\nAllow: /AnyValue\n')]);
    const robots = parseRobotsTxt(decodeBody(file, 'text/plain').text);
    // Google counts every recognised line; the Allow of a file whose user-agent line is garbage belongs to no group.
    const recognised =
      robots.groups.reduce((n, g) => n + g.agents.length + g.rules.length, 0) +
      robots.problems.filter((p) => /before any user-agent/.test(p.message)).length;
    expect(recognised).toBe(valid);
    expect(robots.problems.filter((p) => /unknown directive/.test(p.message)).map((p) => p.line)).toEqual(unknown ? [1] : []);
  });

  it('ID_UTF8ByteOrderMarkIsSkipped: a BOM in the middle of the file', () => {
    // Google: the line is garbage. Citable accepts it: JavaScript's trim() counts U+FEFF as white space,
    // and a stray BOM before a key is a transcoding accident, not a different directive.
    const robots = parseRobotsTxt('User-Agent: foo\n\uFEFFAllow: /AnyValue\n');
    expect(robots.groups[0]!.rules.map((r) => r.raw)).toEqual(['/AnyValue']);
  });

  it('ID_NonStandardLineExample_Sitemap: a Sitemap line anywhere is global', () => {
    const body = 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n';
    for (const file of [`${body}Sitemap: http://foo.bar/sitemap.xml\n`, `Sitemap: http://foo.bar/sitemap.xml\n${body}`]) {
      expect(
        parseRobotsTxt(file)
          .global.filter((e) => e.key === 'sitemap')
          .map((e) => e.value),
      ).toEqual(['http://foo.bar/sitemap.xml']);
    }
  });

  it.each(GOOGLE_PATH_CASES)('TestGetPathParamsQuery: %s', (url, path) => {
    expect(robotsPathOf(new URL(url))).toBe(path);
  });

  it.each(GOOGLE_ESCAPE_CASES)('TestMaybeEscapePattern: %s', (pattern, escaped) => {
    expect(normalizeRobotsPath(pattern)).toBe(escaped);
  });
});

describe("robots-parser's test suite (samclarke/robots-parser), translated", () => {
  for (const c of ROBOTS_PARSER_CASES) {
    it(c.test, () => {
      for (const agent of c.agents ?? [ROBOTS_PARSER_AGENT]) {
        for (const url of c.allowed) expect(allowed(c.robotstxt, agent, url), `${agent} ${url}`).toBe(true);
        for (const url of c.disallowed) expect(allowed(c.robotstxt, agent, url), `${agent} ${url}`).toBe(false);
        for (const [url, answer] of Object.entries(c.differs?.urls ?? {}))
          expect(allowed(c.robotstxt, agent, url), `${agent} ${url}`).toBe(answer);
      }
    });
  }

  it.each(ROBOTS_PARSER_LINE_CASES)('the deciding line for %s as %s is %i', (url, agent, line) => {
    const decision = robotsVerdictFor(parseRobotsTxt(ROBOTS_PARSER_LINE_FILE), agent, robotsPathOf(new URL(url)));
    expect(decision.rule?.line ?? -1).toBe(line);
  });

  it('differs on purpose: a user-agent line after Crawl-delay joins the same group (RFC 9309 / Google), robots-parser starts a new one', () => {
    // robots-parser "should fallback to * when a UA has no rules of its own" expects three groups here.
    // RFC 9309 section 2.1 ends a group only at a rule, and Google's ID_LineSyntax_Groups_OtherRules
    // tests that other lines do not: so `*`, b, c and d share one group.
    const robots = parseRobotsTxt(
      ['user-agent: *', 'crawl-delay: 1', 'user-agent: b', 'crawl-delay: 12', 'user-agent: c', 'user-agent: d', 'crawl-delay: 10'].join(
        '\n',
      ),
    );
    expect(robots.groups.map((g) => g.agents)).toEqual([['*', 'b', 'c', 'd']]);
  });
});
