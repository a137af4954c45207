import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseRobotsTxt } from '../../../shared/robots/parse.js';
import { robotsVerdictFor } from '../../../shared/robots/verdict.js';

const directive = fc.constantFrom('User-agent', 'Allow', 'Disallow', 'Sitemap', 'Crawl-delay', 'Content-Signal', 'Foo', 'user agent');
const value = fc.oneof(
  fc.constantFrom('*', '/', '/a', '/a*', '/*.pdf$', 'ClaudeBot', 'bingbot', '', '$', '%2F', '/ツ'),
  fc.string({ maxLength: 12 }),
);
const line = fc.oneof(
  fc.tuple(directive, value).map(([d, v]) => `${d}: ${v}`),
  fc.string({ maxLength: 20 }),
  fc.constant(''),
  fc.constant('# comment'),
);
const robotsText = fc.tuple(fc.array(line, { maxLength: 25 }), fc.constantFrom('\n', '\r\n', '\r')).map(([ls, eol]) => ls.join(eol));
const path = fc.string({ maxLength: 20 }).map((s) => `/${s}`);

describe('robots evaluator properties', () => {
  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), robotsText), path, (text, p) => {
        const robots = parseRobotsTxt(text);
        const v = robotsVerdictFor(robots, 'GPTBot', p);
        return typeof v.allowed === 'boolean';
      }),
      { numRuns: 1000 },
    );
  });

  it('an agent whose only group is `Allow: /` is always allowed, whatever other groups say', () => {
    const others = fc.array(
      fc.tuple(
        fc.constantFrom('*', 'ClaudeBot', 'Googlebot', 'GPTBot-Image', 'GPTBotx'),
        fc.array(fc.tuple(fc.boolean(), fc.constantFrom('/', '/a', '/*', '/*$', '/a$', '*')), { maxLength: 4 }),
      ),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(others, fc.nat(), path, (groups, at, p) => {
        const blocks = groups.map(
          ([agent, rules]) =>
            `User-agent: ${agent}\n${rules.map(([allow, r]) => `${allow ? 'Allow' : 'Disallow'}: ${r}`).join('\n')}\nDisallow: /zzz`,
        );
        blocks.splice(at % (blocks.length + 1), 0, 'User-agent: gptbot\nAllow: /');
        return robotsVerdictFor(parseRobotsTxt(blocks.join('\n\n')), 'GPTBot', p).allowed;
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same verdicts whatever the line endings', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), path, (ls, p) => {
        const verdicts = ['\n', '\r\n', '\r'].map((eol) => robotsVerdictFor(parseRobotsTxt(ls.join(eol)), 'ClaudeBot', p).allowed);
        return verdicts.every((v) => v === verdicts[0]);
      }),
    );
  });

  it('Disallow: / for * blocks every path but /robots.txt for an unnamed agent', () => {
    fc.assert(
      fc.property(path, (p) => {
        const v = robotsVerdictFor(parseRobotsTxt('User-agent: *\nDisallow: /\n'), 'PerplexityBot', p).allowed;
        expect(v).toBe(p === '/robots.txt');
      }),
    );
  });
});
