import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gather } from '../../../shared/gather/gather.js';
import { AGENT_PROBES } from '../../../shared/gather/agent-probes.js';
import { runAudit } from '../../../shared/index.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { loopbackFetcher } from '../../helpers/loopback-fetcher.js';

const HTML = '<!doctype html><html lang="en"><head><title>Docs</title></head><body><p>Words.</p></body></html>';

describe('gathering for the agent web', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({
      '/docs/intro': (req, res) => {
        const ua = String(req.headers['user-agent']);
        if (ua.includes('GPTBot')) {
          res.writeHead(402, { 'content-type': 'text/plain', 'crawler-price': 'USD 0.02' });
          res.end('Payment required');
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(HTML);
      },
      '/docs/intro.md': { body: '# Intro\n\nWords.\n', headers: { 'content-type': 'text/markdown', 'x-markdown-tokens': '4' } },
      '/negotiates': (req, res) => {
        const markdown = String(req.headers.accept).startsWith('text/markdown');
        res.writeHead(200, { 'content-type': markdown ? 'text/markdown' : 'text/html', vary: 'Accept' });
        res.end(markdown ? '# Page\n' : HTML);
      },
    });
  });
  afterAll(() => site.close());

  it('fetches the page as each probed agent, with the User-Agent its operator documents', async () => {
    const snap = await gather(`${site.url}/docs/intro`, `${site.url}/docs/intro`, { fetcher: loopbackFetcher() });
    const agents = site.requests.filter((r) => r.path === '/docs/intro').map((r) => String(r.headers['user-agent']));
    for (const { token, userAgent } of Object.values(AGENT_PROBES)) {
      expect(agents, token).toContain(userAgent);
      expect(userAgent).toContain(token);
    }
    expect(snap.pageAsTrainingAgent?.status).toBe(402);
    expect(snap.pageAsSecondUserAgent?.status).toBe(200);
  });

  it('asks for the .md mirror when Markdown is not negotiated, and the audit shows the 402 and the mirror', async () => {
    const audit = await runAudit(`${site.url}/docs/intro`, { fetcher: loopbackFetcher() });
    expect(site.requests.some((r) => r.path === '/docs/intro.md')).toBe(true);
    expect(audit.crawlers.find((c) => c.agent === 'GPTBot')).toMatchObject({ http_status: 402, challenged: false });
    expect(audit.issues.find((i) => i.rule === 'challenge.training-agents-blocked')?.detail).toMatch(/crawler-price: USD 0.02/);
    expect(audit.issues.find((i) => i.rule === 'markdown.negotiation')?.detail).toMatch(
      /publishes a Markdown version at .*\/docs\/intro.md/,
    );
    expect(audit.issues.some((i) => i.rule === 'markdown.token-count')).toBe(false);
  });

  it('does not ask for the mirror when the page negotiates Markdown', async () => {
    await gather(`${site.url}/negotiates`, `${site.url}/negotiates`, { fetcher: loopbackFetcher() });
    expect(site.requests.some((r) => r.path === '/negotiates.md')).toBe(false);
  });

  it('asks for llms.txt the way agents that want Markdown do', async () => {
    await gather(`${site.url}/negotiates`, `${site.url}/negotiates`, { fetcher: loopbackFetcher() });
    expect(String(site.requests.find((r) => r.path === '/llms.txt')?.headers.accept)).toMatch(/^text\/markdown/);
  });

  it('sends no AI user agent when agent fetches are off (the extension)', async () => {
    const before = site.requests.length;
    const snap = await gather(`${site.url}/docs/intro`, `${site.url}/docs/intro`, { fetcher: loopbackFetcher(), agentFetches: false });
    const sent = site.requests.slice(before).map((r) => String(r.headers['user-agent']));
    expect(sent.some((ua) => Object.values(AGENT_PROBES).some((p) => ua === p.userAgent))).toBe(false);
    expect(snap.pageAsTrainingAgent).toBeNull();
  });
});
