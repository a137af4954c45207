import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEnvelopeSchema } from '../../../../shared/schema/api.js';
import { probedAgents } from '../../../../shared/crawlers/probe-selection.js';
import type { Audit } from '../../../../shared/types/audit.js';
import { createEngineRunner } from '../../../../server/audits/audit-runner.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { loopbackFetcher } from '../../../helpers/loopback-fetcher.js';
import { EDGE_PATHS, TARGET, startEdgeFixture } from '../../../helpers/edge-fixture.js';
import type { FixtureSite } from '../../../helpers/fixture-server.js';

/** The rule that reports each outcome for an agent robots.txt allows (docs/audits.md#what-each-agent-is-served). */
const REPORTED_BY: Partial<Record<string, string>> = {
  blocked: 'access.edge-refuses-allowed-agent',
  rate_limited: 'access.edge-refuses-allowed-agent',
  redirected_away: 'access.edge-refuses-allowed-agent',
  payment_required: 'http.payment-required',
  challenge: 'challenge.ai-agents-blocked',
  different_content: 'access.agent-content-differs',
};

describe('POST /api/v1/audits: what each agent is served', () => {
  let api: TestApi;
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startEdgeFixture();
    // The engine runner the server uses, with a short deadline so the slow drip ends the test quickly.
    api = await startTestApi({
      runner: createEngineRunner({ fetcher: loopbackFetcher(), deadlineMs: 6_000, concurrency: 2, queueLimit: 20 }),
    });
  });
  afterAll(async () => {
    await api.close({ removeData: true });
    await site.close();
  });

  /** Each audit on an account of its own: the tests run more audits than one account may in a minute. */
  async function audit(path: string, agents?: 'sample' | 'all'): Promise<Audit> {
    const { key } = await api.newAccount('agency');
    const res = await api.request('POST', '/api/v1/audits', { key, body: { url: `${site.url}${path}`, ...(agents ? { agents } : {}) } });
    expect(res.status, res.text).toBe(201);
    return auditEnvelopeSchema.parse(res.json).audit;
  }

  it.each(Object.entries(EDGE_PATHS))('%s: %s', async (path, outcome) => {
    const a = await audit(path);
    const target = a.crawlers.find((c) => c.agent === TARGET)!;
    expect(target.served?.outcome).toBe(outcome);
    // The other probes got the article (at /big everyone got the same 5 MB page).
    expect(a.crawlers.find((c) => c.agent === 'OAI-SearchBot')?.served?.outcome).toBe('ok');
    const rule = REPORTED_BY[outcome];
    if (rule) {
      const issue = a.issues.find((i) => i.rule === rule);
      expect(issue?.detail, rule).toContain(TARGET);
    }
    if (outcome === 'ok') expect(a.issues.filter((i) => i.rule.startsWith('access.'))).toEqual([]);
  });

  it('names the agent, the outcome, the status and what to change', async () => {
    const a = await audit('/rate-limited');
    const issue = a.issues.find((i) => i.rule === 'access.edge-refuses-allowed-agent')!;
    expect(issue.severity).toBe('critical');
    expect(issue.detail).toMatch(/ChatGPT-User: rate_limited \(HTTP 429, Retry-After: 120\)/);
    expect(issue.detail).toMatch(/WAF, CDN or bot-protection rule/);
    expect(issue.detail).toMatch(/not robots\.txt/);
    expect(a.crawlers.find((c) => c.agent === TARGET)?.served).toMatchObject({ http_status: 429, similarity: 0 });
  });

  it('5 MB served to everyone: the probes read less, and are credited with the page the browser got', async () => {
    const a = await audit('/big');
    const served = a.crawlers.filter((c) => c.served).map((c) => c.served!);
    const words = served.map((s) => s.words);
    expect(new Set(words).size).toBe(1);
    expect(words[0]).toBeGreaterThan(100_000);
    expect(served.every((s) => s.outcome === 'ok' && s.similarity === 1)).toBe(true);
  });

  it('the sample by default: at most 8 agents served, the rest null', async () => {
    const a = await audit('/ok');
    const probed = a.crawlers.filter((c) => c.served !== null).map((c) => c.agent);
    expect(probed.sort()).toEqual(probedAgents('sample').sort());
    expect(a.crawlers.find((c) => c.agent === 'Googlebot')?.served).toBeNull();
  });

  it('agents "all": every agent that sends requests, each refused where bots are', async () => {
    const a = await audit('/bots-forbidden', 'all');
    const probed = a.crawlers.filter((c) => c.served !== null);
    expect(probed.map((c) => c.agent).sort()).toEqual(probedAgents('all').sort());
    expect(probed.every((c) => c.served?.outcome === 'blocked' && c.served.http_status === 403)).toBe(true);
    expect(a.crawlers.filter((c) => c.served === null).map((c) => c.agent)).toEqual(['Google-Extended', 'Applebot-Extended']);
    expect(a.issues.find((i) => i.rule === 'access.edge-refuses-allowed-agent')?.detail).toMatch(/Googlebot: blocked \(HTTP 403\)/);
  });

  it.each([['every'], [true], [['all']]])('400 for agents %j, naming the member', async (agents) => {
    const res = await api.request('POST', '/api/v1/audits', { body: { url: `${site.url}/ok`, agents } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/agents must be "sample" or "all"/);
  });
});
