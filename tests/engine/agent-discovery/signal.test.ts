import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeContext } from '../../../shared/judge/context.js';
import { agentDiscoverySignal } from '../../../shared/agent-discovery/signal.js';
import { agentFileLinkTargets, MAX_AGENT_FILE_LINKS } from '../../../shared/agent-discovery/page-links.js';
import { AGENT_FILE_BYTES } from '../../../shared/agent-discovery/kinds.js';
import { runAudit } from '../../../shared/index.js';
import { missing, resource, snapshot } from '../../helpers/snapshot.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { loopbackFetcher } from '../../helpers/loopback-fetcher.js';
import { auditSchema } from '../../../shared/schema/audit.js';

const O = 'https://example.com';
const CATALOG = JSON.stringify({ linkset: [{ anchor: `${O}/api`, 'service-desc': [{ href: `${O}/openapi.json` }] }] });
const withAgentFiles = (html: string, over = {}) =>
  snapshot(html, {
    mcpServerCard: missing(`${O}/.well-known/mcp/server-card.json`),
    apiCatalog: resource(`${O}/.well-known/api-catalog`, CATALOG, { headers: { 'content-type': 'application/linkset+json' } }),
    ...over,
  });

describe('agentFileLinkTargets', () => {
  it('takes links by registered relation (api-catalog) or by a well-known path, from the Link header and <link> elements', () => {
    const targets = agentFileLinkTargets(
      `${O}/page`,
      '</apis>; rel="api-catalog", <https://other.example/.well-known/agent-card.json>; rel="describedby", </style.css>; rel=stylesheet',
      [
        { rel: ['alternate'], href: `${O}/.well-known/ai-catalog.json` },
        { rel: ['license'], href: `${O}/terms` },
      ],
    );
    expect(targets).toEqual([
      { kind: 'api_catalog', via: 'link_header', url: `${O}/apis` },
      { kind: 'a2a_agent_card', via: 'link_header', url: 'https://other.example/.well-known/agent-card.json' },
      { kind: 'ai_catalog', via: 'link_element', url: `${O}/.well-known/ai-catalog.json` },
    ]);
  });

  it('takes an AI catalog anywhere by rel="ai-catalog" (Agentic Resource Discovery v0.9), as a link element or header', () => {
    expect(
      agentFileLinkTargets(`${O}/page`, '</agents/catalog.json>; rel="ai-catalog"', [{ rel: ['ai-catalog'], href: `${O}/c.json` }]),
    ).toEqual([
      { kind: 'ai_catalog', via: 'link_header', url: `${O}/agents/catalog.json` },
      { kind: 'ai_catalog', via: 'link_element', url: `${O}/c.json` },
    ]);
  });

  it('keeps at most a handful, whatever the page carries, and ignores non-http links', () => {
    const header =
      Array.from({ length: 50 }, (_, i) => `</c${i}>; rel=api-catalog`).join(', ') + ', <ftp://x/.well-known/api-catalog>; rel=api-catalog';
    const targets = agentFileLinkTargets(`${O}/`, header, []);
    expect(targets).toHaveLength(MAX_AGENT_FILE_LINKS);
    expect(targets.every((t) => t.url.startsWith('https://'))).toBe(true);
  });
});

describe('signals.agent_discovery from a snapshot', () => {
  it('has one entry per fetched kind at its well-known URL, status from its contents', () => {
    const { files } = agentDiscoverySignal(new JudgeContext(withAgentFiles('<title>x</title>')));
    expect(files).toEqual([
      { kind: 'mcp_server_card', url: `${O}/.well-known/mcp/server-card.json`, status: 'not_found', problems: [], via: ['well_known'] },
      { kind: 'api_catalog', url: `${O}/.well-known/api-catalog`, status: 'found', problems: [], via: ['well_known'] },
    ]);
  });

  it('marks a well-known entry that the page links to, and adds files linked elsewhere', () => {
    const page = resource(`${O}/`, `<html><head><link rel="api-catalog" href="/.well-known/api-catalog"></head></html>`, {
      headers: { 'content-type': 'text/html', link: '<https://api.example.com/catalog>; rel="api-catalog"' },
    });
    const snap = withAgentFiles('', {
      page,
      agentFileLinks: [
        {
          kind: 'api_catalog',
          via: 'link_header',
          url: 'https://api.example.com/catalog',
          resource: resource('https://api.example.com/catalog', '{"linkset": 3}', { headers: { 'content-type': 'application/json' } }),
        },
      ],
    });
    const { files } = agentDiscoverySignal(new JudgeContext(snap));
    expect(files.find((f) => f.url === `${O}/.well-known/api-catalog`)?.via).toEqual(['well_known', 'link_element']);
    expect(files.find((f) => f.url === 'https://api.example.com/catalog')).toEqual({
      kind: 'api_catalog',
      url: 'https://api.example.com/catalog',
      status: 'invalid',
      problems: ['`linkset` is a number, not an array'],
      via: ['link_header'],
    });
  });

  it('is empty for a snapshot made before agent discovery (no agent files in it)', () => {
    expect(agentDiscoverySignal(new JudgeContext(snapshot('<title>x</title>')))).toEqual({ files: [] });
  });
});

describe('agent discovery end to end (real HTTP on 127.0.0.1)', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite((origin) => ({
      '/': {
        body: '<!doctype html><html><head><title>Home</title><link rel="alternate" href="/.well-known/agent-card.json"></head><body><p>Hello</p></body></html>',
        headers: { 'content-type': 'text/html', link: '</apis/catalog>; rel="api-catalog"' },
      },
      '/apis/catalog': { body: CATALOG, headers: { 'content-type': 'application/linkset+json' } },
      '/.well-known/agent-card.json': { body: JSON.stringify({ name: 'x' }), headers: { 'content-type': 'application/json' } },
      '/.well-known/oauth-protected-resource': {
        body: JSON.stringify({ resource: origin }),
        headers: { 'content-type': 'application/json' },
      },
      '/.well-known/ai-catalog.json': {
        body: `{"specVersion":"1.0","entries":[],"pad":"${'x'.repeat(AGENT_FILE_BYTES)}"}`,
        headers: { 'content-type': 'application/json' },
      },
    }));
  });
  afterAll(() => site.close());

  it('reports all eight kinds plus the linked catalog, within the schema, each file asked for once', async () => {
    const audit = await runAudit(`${site.url}/`, { fetcher: loopbackFetcher() });
    const files = audit.signals.agent_discovery!.files;
    expect(files.map((f) => `${f.kind} ${f.status}`)).toEqual([
      'mcp_server_card not_found',
      'a2a_agent_card invalid',
      'ai_catalog invalid',
      'agent_skills not_found',
      'api_catalog not_found',
      'oauth_protected_resource found',
      'oauth_authorization_server not_found',
      'web_bot_auth not_found',
      'api_catalog found',
    ]);
    expect(files[1]!.via).toEqual(['well_known', 'link_element']);
    expect(files[2]!.problems[0]).toMatch(/larger than the 64 KB/);
    expect(files[8]).toMatchObject({ url: `${site.url}/apis/catalog`, via: ['link_header'] });
    expect(auditSchema.safeParse(audit).success).toBe(true);
    for (const path of ['/.well-known/agent-card.json', '/apis/catalog', '/.well-known/http-message-signatures-directory']) {
      expect(
        site.requests.filter((r) => r.path === path),
        path,
      ).toHaveLength(1);
    }
  });

  it('never moves a score: the same page audited with and without the files scores the same', async () => {
    const home = (await fetch(`${site.url}/`)).headers;
    const body = await (await fetch(`${site.url}/`)).text();
    const bare = await startFixtureSite({ '/': { body, headers: { 'content-type': 'text/html', link: home.get('link')! } } });
    try {
      const [withFiles, without] = await Promise.all([
        runAudit(`${site.url}/`, { fetcher: loopbackFetcher() }),
        runAudit(`${bare.url}/`, { fetcher: loopbackFetcher() }),
      ]);
      expect(withFiles.category_scores.map((c) => c.score)).toEqual(without.category_scores.map((c) => c.score));
    } finally {
      await bare.close();
    }
  });
});
