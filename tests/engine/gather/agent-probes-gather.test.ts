import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gather } from '../../../shared/gather/gather.js';
import { AGENT_PROBES } from '../../../shared/gather/agent-probes.js';
import { BROWSER_USER_AGENT } from '../../../shared/gather/user-agents.js';
import { AGENT_REQUESTS } from '../../../shared/crawlers/agent-requests.js';
import { MAX_SAMPLE_PROBES, probedAgents } from '../../../shared/crawlers/probe-selection.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { loopbackFetcher } from '../../helpers/loopback-fetcher.js';

const HTML = '<!doctype html><html lang="en"><head><title>Docs</title></head><body><p>Words for every agent.</p></body></html>';
const AGENT_UAS = new Map(Object.entries(AGENT_REQUESTS).flatMap(([token, r]) => (r ? [[r.userAgent, token] as const] : [])));

describe('the edge probes as gather sends them', () => {
  let site: FixtureSite;
  let inFlight = 0;
  let peak = 0;
  beforeAll(async () => {
    site = await startFixtureSite({
      '/page': async (req, res) => {
        const agent = AGENT_UAS.has(String(req.headers['user-agent']));
        if (agent) peak = Math.max(peak, ++inFlight);
        // Long enough for probes to overlap if nothing bounded them.
        await new Promise((resolve) => setTimeout(resolve, 40));
        if (agent) inFlight--;
        if (String(req.headers['user-agent']).includes('PerplexityBot')) {
          res.writeHead(429, { 'content-type': 'text/plain' });
          res.end('Slow down');
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(HTML);
      },
    });
  });
  afterAll(() => site.close());

  const agentRequests = (from: number) =>
    site.requests
      .slice(from)
      .filter((r) => r.path === '/page' && AGENT_UAS.has(String(r.headers['user-agent'])))
      .map((r) => AGENT_UAS.get(String(r.headers['user-agent']))!);

  it('by default asks as the sample: one request per agent, GPTBot and ClaudeBot among them', async () => {
    const from = site.requests.length;
    const snap = await gather(`${site.url}/page`, `${site.url}/page`, { fetcher: loopbackFetcher() });
    const asked = agentRequests(from);
    expect(asked.sort()).toEqual(probedAgents('sample').sort());
    expect(asked.length).toBeLessThanOrEqual(MAX_SAMPLE_PROBES);
    expect(asked).toEqual(expect.arrayContaining(['GPTBot', 'ClaudeBot']));
    const named = Object.values(AGENT_PROBES).map((p) => p.token);
    expect(snap.agentProbes?.map((p) => p.agent)).toEqual(probedAgents('sample').filter((a) => !named.includes(a)));
  });

  it('with agents "all" asks as every agent that sends requests, once each, never retrying a 429', async () => {
    const from = site.requests.length;
    peak = 0;
    const snap = await gather(`${site.url}/page`, `${site.url}/page`, { fetcher: loopbackFetcher(), agents: 'all' });
    const asked = agentRequests(from);
    expect(asked.sort()).toEqual(probedAgents('all').sort());
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked).not.toContain('Google-Extended');
    expect(snap.agentProbes?.find((p) => p.agent === 'PerplexityBot')?.resource.status).toBe(429);
    // The probes share one bound on requests at the site at once (GatherLimits.probeConcurrency, 4).
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(4);
  });

  it("sends each agent's documented headers with its user agent, and the browser fetch stays the browser", async () => {
    const from = site.requests.length;
    await gather(`${site.url}/page`, `${site.url}/page`, { fetcher: loopbackFetcher() });
    const requests = site.requests.slice(from).filter((r) => r.path === '/page');
    for (const r of requests.filter((q) => AGENT_UAS.has(String(q.headers['user-agent'])))) {
      const token = AGENT_UAS.get(String(r.headers['user-agent']))!;
      expect(r.headers.accept, token).toBe(AGENT_REQUESTS[token]!.headers.accept);
    }
    expect(requests.filter((r) => r.headers['user-agent'] === BROWSER_USER_AGENT).length).toBeGreaterThanOrEqual(1);
  });

  it('sends no agent at all when agent fetches are off, whatever the selection', async () => {
    const from = site.requests.length;
    const snap = await gather(`${site.url}/page`, `${site.url}/page`, { fetcher: loopbackFetcher(), agentFetches: false, agents: 'all' });
    expect(agentRequests(from)).toEqual([]);
    expect(snap.agentProbes).toBeUndefined();
  });
});
