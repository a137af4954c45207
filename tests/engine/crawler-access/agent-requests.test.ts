import { describe, expect, it } from 'vitest';
import { AGENT_REQUESTS, agentRequest } from '../../../shared/crawlers/agent-requests.js';
import { CRAWLER_AGENTS } from '../../../shared/crawlers/agents.js';
import { MAX_SAMPLE_PROBES, probedAgents } from '../../../shared/crawlers/probe-selection.js';

describe('how each agent asks for a page', () => {
  it('covers every agent of the crawler table, and nothing else', () => {
    expect(Object.keys(AGENT_REQUESTS).sort()).toEqual(CRAWLER_AGENTS.map((a) => a.agent).sort());
  });

  it('names the agent in its user agent (case-insensitive, as robots.txt and WAF rules match it)', () => {
    for (const [token, request] of Object.entries(AGENT_REQUESTS)) {
      if (!request) continue;
      expect(request.userAgent.toLowerCase(), token).toContain(token.toLowerCase());
      expect(request.headers.accept, token).toMatch(/^text\/html/);
    }
  });

  it('has no request for the robots.txt-only tokens', () => {
    expect(agentRequest('Google-Extended')).toBeNull();
    expect(agentRequest('applebot-extended')).toBeNull();
    expect(agentRequest('gptbot')?.userAgent).toContain('GPTBot/1.3');
  });
});

describe('which agents are probed', () => {
  it('samples one search or user agent per operator and purpose, in table order, plus GPTBot and ClaudeBot', () => {
    const sample = probedAgents('sample');
    expect(sample).toEqual([
      'GPTBot',
      'OAI-SearchBot',
      'ChatGPT-User',
      'ClaudeBot',
      'Claude-SearchBot',
      'Claude-User',
      'PerplexityBot',
      'Perplexity-User',
    ]);
    expect(sample.length).toBeLessThanOrEqual(MAX_SAMPLE_PROBES);
    const pairs = sample
      .map((a) => CRAWLER_AGENTS.find((c) => c.agent === a)!)
      .filter((a) => a.purpose === 'search' || a.purpose === 'user')
      .map((a) => `${a.operator}/${a.purpose}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('"all" is every agent that sends requests', () => {
    expect(probedAgents('all')).toEqual(CRAWLER_AGENTS.map((a) => a.agent).filter((a) => !/-Extended$/.test(a)));
  });
});
