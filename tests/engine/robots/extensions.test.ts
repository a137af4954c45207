import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../../shared/robots/parse.js';
import { contentSignalsForPath } from '../../../shared/robots/content-signal.js';
import { contentUsageForPath } from '../../../shared/robots/content-usage.js';
import { deniedUsages, parseUsagePreferences } from '../../../shared/robots/usage-preferences.js';

describe('Content-Signal lines', () => {
  it('reads Cloudflare managed robots.txt signals with their group', () => {
    const robots = parseRobotsTxt('# BEGIN Cloudflare Managed content\nUser-agent: *\nContent-Signal: search=yes,ai-train=no\nAllow: /\n');
    expect(contentSignalsForPath(robots, '/x')).toEqual([
      { line: 3, agents: ['*'], path: null, values: { search: 'yes', 'ai-train': 'no' } },
    ]);
  });

  it('limits a signal with a leading path to that path', () => {
    const robots = parseRobotsTxt('User-agent: *\nContent-Signal: /blog/ ai-input=no\nAllow: /\n');
    expect(contentSignalsForPath(robots, '/blog/post')).toHaveLength(1);
    expect(contentSignalsForPath(robots, '/shop')).toHaveLength(0);
  });
});

describe('AIPREF Content-Usage', () => {
  it('parses the dictionary: y/n tokens only, last one wins, parameters ignored', () => {
    expect([...parseUsagePreferences('train-ai=n, search=y')]).toEqual([
      ['train-ai', 'n'],
      ['search', 'y'],
    ]);
    expect([...parseUsagePreferences('train-ai=y, train-ai, search=n, search="n"')]).toEqual([]);
    expect([...parseUsagePreferences('train-ai;allow=n, train-ai=y')]).toEqual([['train-ai', 'y']]);
    expect(deniedUsages(parseUsagePreferences('Train-AI=n, search=n;x=1'))).toEqual(['search']);
  });

  it('ignores labels the vocabulary no longer defines (ai-use, train-genai), as the draft requires', () => {
    expect(deniedUsages(parseUsagePreferences('ai-use=n, train-genai=n, train-ai=n'))).toEqual(['train-ai']);
    expect(deniedUsages(parseUsagePreferences('ai-use=n, bots=n'))).toEqual([]);
  });

  it('applies the longest matching Content-Usage path of each group (the draft example)', () => {
    const robots = parseRobotsTxt(
      'User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: / train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n\nUser-Agent: ExampleBot\nAllow: /\nContent-Usage: / train-ai=y\n',
    );
    const star = (path: string) => contentUsageForPath(robots, path).find((m) => m.agents.includes('*'))!;
    expect(star('/test').prefs.get('train-ai')).toBe('n');
    expect(star('/ai-ok/test').prefs.get('train-ai')).toBe('y');
    expect(
      contentUsageForPath(robots, '/test')
        .find((m) => m.agents.includes('examplebot'))!
        .prefs.get('train-ai'),
    ).toBe('y');
  });

  it('skips Content-Usage rules without a path', () => {
    expect(contentUsageForPath(parseRobotsTxt('User-agent: *\nContent-Usage: train-ai=n\n'), '/')).toEqual([]);
  });
});

describe('robots.txt License lines (RSL 1.0)', () => {
  it('are read, not reported as an unknown directive (before: "unknown directive License")', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /private\nLicense: https://example.com/license.xml\n');
    expect(robots.problems).toEqual([]);
  });
});
