/**
 * The robots.txt fix on real-world and broken files: it changes only what the policy asks, keeps every line
 * it does not understand, and the engine's own parser agrees (robotsFixProblems).
 */
import { describe, expect, it } from 'vitest';
import { fixRobotsTxt, ROBOTS_MARK, type RobotsFixOptions } from '../../shared/fixes/robots/fix-robots.js';
import { robotsFixProblems } from '../../shared/fixes/robots/check-robots-fix.js';
import { parseRobotsTxt } from '../../shared/robots/parse.js';
import { robotsVerdictFor } from '../../shared/robots/verdict.js';
import { CRAWLER_AGENTS } from '../../shared/crawlers/agents.js';
import { ROBOTS_PARSE_LIMIT_BYTES } from '../../shared/robots/limits.js';

const options = (policy: RobotsFixOptions['policy'] = 'keep-training-choices'): RobotsFixOptions => ({
  policy,
  paths: ['/guides/pour-over', '/'],
  sitemap: null,
});
const allowed = (text: string, agent: string, path = '/guides/pour-over') => robotsVerdictFor(parseRobotsTxt(text), agent, path).allowed;
const citing = CRAWLER_AGENTS.filter((a) => a.purpose === 'search' || a.purpose === 'user').map((a) => a.agent);

function fixChecked(input: string, opts = options()) {
  const fix = fixRobotsTxt(input, opts);
  expect(robotsFixProblems(input, fix, opts)).toEqual([]);
  for (const agent of [...citing, 'facebookexternalhit']) expect(allowed(fix.content, agent), agent).toBe(true);
  return fix;
}

/** Every non-empty input line is in the output, as written or behind the mark. */
function keepsEveryLine(input: string, output: string): void {
  const out = new Set(output.split('\n'));
  for (const line of input.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    if (line.trim()) expect(out.has(line) || out.has(`${ROBOTS_MARK}${line}`), line).toBe(true);
  }
}

describe('the robots.txt fix', () => {
  it('leaves a file that refuses no search or user agent exactly as it is', () => {
    const input = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n';
    const fix = fixChecked(input);
    expect(fix.content).toBe(input);
    expect(fix.changes).toEqual([]);
  });

  it('lets search agents in and keeps the training block when both share a group', () => {
    const input = 'User-agent: GPTBot\nUser-agent: OAI-SearchBot\nDisallow: /\n';
    const fix = fixChecked(input);
    expect(allowed(fix.content, 'GPTBot')).toBe(false);
    keepsEveryLine(input, fix.content);
    expect(fix.opened).toEqual(['OAI-SearchBot']);
  });

  it("opens a site-wide Disallow for citing agents only, keeping the site's other rules for them", () => {
    const input = 'User-agent: *\nDisallow: /\nDisallow: /admin/\nCrawl-delay: 5\n';
    const fix = fixChecked(input);
    expect(allowed(fix.content, 'GPTBot')).toBe(false);
    expect(allowed(fix.content, 'OAI-SearchBot', '/admin/users')).toBe(false);
    expect(fix.content).toMatch(/User-agent: OAI-SearchBot[\s\S]*Disallow: \/admin\/\nCrawl-Delay: 5/);
  });

  it('keeps lines with syntax errors as written and says which', () => {
    const input = 'User-agent: PerplexityBot\nDisallow /private\nDisalow: /\nNoindex: /x\nFoo-bar: baz\nAllow: nopath\n';
    const fix = fixChecked(input);
    keepsEveryLine(input, fix.content);
    for (const line of ['Disallow /private', 'Noindex: /x', 'Foo-bar: baz', 'Allow: nopath'])
      expect(fix.content.split('\n')).toContain(line);
    expect(fix.notUnderstood).toEqual([2, 4, 5, 6]);
  });

  it('drops a byte order mark, and says so', () => {
    const fix = fixChecked('\uFEFFUser-agent: ChatGPT-User\nDisallow: /\n');
    expect(fix.bomRemoved).toBe(true);
    expect(fix.content.startsWith('\uFEFF')).toBe(false);
  });

  it('merges conflicting groups for the same agent as crawlers do, and replaces both', () => {
    const input = 'User-agent: Claude-SearchBot\nAllow: /docs/\n\nUser-agent: *\nAllow: /\n\nUser-agent: claude-searchbot\nDisallow: /\n';
    const fix = fixChecked(input);
    keepsEveryLine(input, fix.content);
    expect(allowed(fix.content, 'Claude-SearchBot', '/docs/x')).toBe(true);
    expect(fix.content.match(/^User-agent: Claude-SearchBot$/gm)).toHaveLength(1);
  });

  it('rewrites a 500 KB file without losing a line, its new group where crawlers still read it', () => {
    const rules = Array.from({ length: 25_000 }, (_, i) => `Disallow: /archive/${i}/`).join('\n');
    // The last group lies beyond the 500 KiB crawlers must read: they ignore it, and so does the fix.
    const input = `User-agent: *\n${rules}\n\nUser-agent: PerplexityBot\nDisallow: /\n\nUser-agent: ChatGPT-User\nDisallow: /\n`;
    expect(input.length).toBeGreaterThan(ROBOTS_PARSE_LIMIT_BYTES);
    const cut = input.indexOf('User-agent: PerplexityBot');
    const fix = fixChecked(
      input.slice(0, cut).replace('User-agent: *', 'User-agent: PerplexityBot\nDisallow: /\n\nUser-agent: *') + input.slice(cut),
    );
    keepsEveryLine(input, fix.content);
    expect(fix.opened).toEqual(['PerplexityBot']);
    expect(fix.content.indexOf('User-agent: PerplexityBot')).toBeLessThan(200);
    expect(fix.content.endsWith('User-agent: ChatGPT-User\nDisallow: /\n')).toBe(true);
  });

  it('does not let a new group merge with the next one', () => {
    const fix = fixChecked('# comment\nSitemap: https://example.com/s.xml\nUser-agent: Bingbot\nUser-agent: GPTBot\nDisallow: /\n');
    const parsed = parseRobotsTxt(fix.content);
    expect(parsed.groups.find((g) => g.agents.includes('gptbot'))?.agents).toEqual(['gptbot']);
  });

  it('under allow-all opens training crawlers too', () => {
    const fix = fixChecked('User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n', options('allow-all'));
    expect(allowed(fix.content, 'GPTBot')).toBe(true);
    expect(allowed(fix.content, 'CCBot')).toBe(true);
  });

  it('under block-training keeps every training crawler out, search agents in', () => {
    const input = 'User-agent: ClaudeBot\nAllow: /blog/\n\nUser-agent: *\nAllow: /\n';
    const fix = fixChecked(input, options('block-training'));
    for (const agent of CRAWLER_AGENTS) {
      expect(allowed(fix.content, agent.agent, '/blog/x'), agent.agent).toBe(agent.purpose !== 'training' && agent.purpose !== 'archive');
    }
  });

  it('names the sitemap when asked and the file names none', () => {
    const fix = fixChecked('User-agent: *\nAllow: /\n', { ...options(), sitemap: 'https://example.com/sitemap.xml' });
    expect(fix.content.trimEnd().split('\n').at(-1)).toBe('Sitemap: https://example.com/sitemap.xml');
  });
});
