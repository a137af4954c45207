import { describe, expect, it } from 'vitest';
import { AgentMatcher, NO_AGENT, OTHER_BOT } from '../../shared/logs/agents/agent-matcher.js';
import { AI_ROBOTS_AGENTS } from '../../shared/logs/agents/ai-robots-snapshot.js';
import { LOG_AGENTS, operatorName, purposeOf } from '../../shared/logs/agents/log-agents.js';
import { CRAWLER_AGENTS } from '../../shared/crawlers/agents.js';
import { TRAFFIC_PURPOSES } from '../../shared/logs/types.js';
import { UA } from './samples.js';

const matcher = new AgentMatcher();
const named = (ua: string) => {
  const i = matcher.match(ua);
  return i >= 0 ? LOG_AGENTS[i]!.agent : i === OTHER_BOT ? 'other bot' : 'none';
};

describe('the log crawler table', () => {
  it('covers every agent of the ai.robots.txt snapshot: each name, with a version, is recognised', () => {
    const missing = AI_ROBOTS_AGENTS.map(([name]) => name).filter((name) => {
      const base = name.replace(/\/\d.*$/, '').replace(/ 1\.0$/, '');
      const i = matcher.match(`Mozilla/5.0 (compatible; ${base}/1.0)`);
      return (
        i < 0 ||
        !LOG_AGENTS[i]!.tokens.some((t) => t.text.toLowerCase() === base.toLowerCase() || t.text.toLowerCase() === name.toLowerCase())
      );
    });
    expect(missing).toEqual([]);
    expect(AI_ROBOTS_AGENTS.length).toBeGreaterThan(150);
  });

  it('keeps the audits default table as it was, and its operators and purposes win', () => {
    expect(CRAWLER_AGENTS).toHaveLength(22);
    for (const a of CRAWLER_AGENTS) {
      const mine = LOG_AGENTS.find((l) => l.agent === a.agent);
      expect(mine, a.agent).toMatchObject({ operator: a.operator, purpose: a.purpose });
    }
  });

  it('lists each agent once (spellings that differ in case are one agent) and uses all six purposes', () => {
    const keys = LOG_AGENTS.map((a) => a.agent.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(LOG_AGENTS.map((a) => a.purpose))).toEqual(new Set(TRAFFIC_PURPOSES));
    expect(LOG_AGENTS.find((a) => a.agent === 'meta-externalagent')!.tokens.map((t) => t.text)).toContain('meta-externalagent');
  });

  it('classes the 2026 kinds: coding agents and agentic browsers', () => {
    for (const agent of ['Claude-Code', 'Cursor', 'opencode', 'Google-Gemini-CLI', 'Trae', 'Devin']) {
      expect(LOG_AGENTS.find((a) => a.agent === agent)?.purpose, agent).toBe('coding_agent');
    }
    for (const agent of ['ChatGPT Agent', 'Operator', 'GoogleAgent-Mariner', 'Google-Agent', 'NovaAct', 'Manus-User']) {
      expect(LOG_AGENTS.find((a) => a.agent === agent)?.purpose, agent).toBe('agentic_browser');
    }
  });

  it("reads robots.json's operators and functions into names and purposes", () => {
    expect(operatorName('X', '[OpenAI](https://openai.com)')).toBe('OpenAI');
    expect(operatorName('X', 'Unclear at this time.')).toBe('unknown');
    expect(operatorName('X', 'Kagi that fetches web content to answer user queries')).toBe('Kagi');
    expect(operatorName('Claude-Code', 'Unclear at this time.')).toBe('Anthropic');
    expect(purposeOf('X', 'AI Search Crawlers')).toBe('search');
    expect(purposeOf('X', 'AI Assistants')).toBe('user');
    expect(purposeOf('X', 'AI tools and models for machine learning research.')).toBe('training');
    expect(purposeOf('CCBot', 'Provides open crawl dataset')).toBe('archive');
  });
});

describe('matching user agents', () => {
  it('finds a token inside a browser string, with its version', () => {
    expect(named(UA.gptbot)).toBe('GPTBot');
    expect(named(UA.googlebot)).toBe('Googlebot');
    expect(named('Mozilla/5.0 (compatible; GPTBot/1.3)')).toBe('GPTBot');
    expect(named('meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)')).toBe('meta-externalagent');
  });

  it('ignores case where operators write their token in lower case', () => {
    expect(named(UA.bingbot)).toBe('Bingbot');
    expect(named('Mozilla/5.0 (compatible; GPTBOT/1.0)')).toBe('GPTBot');
  });

  it('matches whole tokens only', () => {
    expect(named('Mozilla/5.0 (compatible; Applebot-Extended/0.1)')).toBe('Applebot-Extended');
    expect(named('Mozilla/5.0 (compatible; Applebot/0.1)')).toBe('Applebot');
    expect(named('Mozilla/5.0 (compatible; MyGPTBot/1.0)')).toBe('other bot');
    expect(named('Mozilla/5.0 (compatible; GPTBotty)')).toBe('none');
    expect(named('Mozilla/5.0 (compatible; Baiduspider/2.0)')).toBe('other bot');
  });

  it('prefers the most specific purpose: Claude Code fetches as Claude-User', () => {
    expect(named(UA.claudeCode)).toBe('Claude-Code');
    expect(named('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)')).toBe(
      'Claude-User',
    );
  });

  it('needs the exact spelling and a version for generic words', () => {
    expect(named('Cursor/1.7 (darwin arm64)')).toBe('Cursor');
    expect(named('Mozilla/5.0 cursor/1.7')).toBe('none');
    expect(named('Mozilla/5.0 Code Review Tool')).toBe('none');
    expect(named('Spider/2.0')).toBe('Spider');
  });

  it('tells unlisted bots from people', () => {
    expect(matcher.match('Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)')).toBe(OTHER_BOT);
    expect(matcher.match(UA.firefox)).toBe(NO_AGENT);
    expect(matcher.match('')).toBe(NO_AGENT);
  });
});
