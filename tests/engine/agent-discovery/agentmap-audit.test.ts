import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../../shared/index.js';
import { auditSchema } from '../../../shared/schema/audit.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { loopbackFetcher } from '../../helpers/loopback-fetcher.js';

const JSON_TYPE = { 'content-type': 'application/json' };

describe('robots.txt Agentmap, listed cards, ARD notes and legacy A2A cards through an audit (real HTTP on 127.0.0.1)', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite((origin) => ({
      '/': {
        body: '<!doctype html><html><head><title>Home</title><link rel="ai-catalog" href="/agents/catalog.json"></head><body><p>Hi</p></body></html>',
        headers: { 'content-type': 'text/html' },
      },
      '/robots.txt': {
        body: 'User-agent: *\nAllow: /\nAgentmap: /agents/catalog.json\nAgentmap: /.well-known/ai-catalog.json\n',
        headers: { 'content-type': 'text/plain' },
      },
      '/agents/catalog.json': {
        body: JSON.stringify({
          specVersion: '1.0',
          entries: [{ identifier: 'helpdesk', mediaType: 'application/a2a-agent-card+json', url: `${origin}/.well-known/agent-card.json` }],
        }),
        headers: JSON_TYPE,
      },
      '/.well-known/ai-catalog.json': {
        body: JSON.stringify({
          specVersion: '1.0',
          host: { displayName: 'Example' },
          entries: [
            { identifier: 'urn:air:example.com:agent:helpdesk', displayName: 'Help desk', type: 'application/json', data: {} },
            {
              identifier: 'urn:air:example.com:mcp:x',
              displayName: 'X',
              type: 'application/mcp-server-card+json',
              url: '/mcp/server-card',
            },
            { identifier: 'urn:air:example.com:cat:y', displayName: 'Y', type: 'application/ai-catalog+json', url: '/nested.json' },
            { identifier: 'urn:air:example.com:a2a:z', displayName: 'Z', type: 'application/a2a-agent-card+json', url: '/gone.json' },
          ],
        }),
        headers: JSON_TYPE,
      },
      '/mcp/server-card': { body: JSON.stringify({ name: 'x' }), headers: JSON_TYPE },
      '/nested.json': {
        body: JSON.stringify({
          specVersion: '1.0',
          entries: [{ identifier: 'n', type: 'application/mcp-server-card+json', url: '/deeper.json' }],
        }),
        headers: JSON_TYPE,
      },
      '/.well-known/agent-card.json': {
        body: JSON.stringify({
          name: 'Help desk',
          description: 'Answers',
          version: '1',
          url: `${origin}/a2a`,
          capabilities: {},
          defaultInputModes: ['text/plain'],
          defaultOutputModes: ['text/plain'],
          skills: [],
        }),
        headers: JSON_TYPE,
      },
    }));
  });
  afterAll(() => site.close());

  it('fetches the catalog robots.txt names once, says where it was found, and adds notes without changing statuses', async () => {
    const audit = await runAudit(`${site.url}/`, { fetcher: loopbackFetcher() });
    expect(auditSchema.safeParse(audit).success).toBe(true);
    const files = audit.signals.agent_discovery!.files;
    const wellKnown = files.find((f) => f.url === `${site.url}/.well-known/ai-catalog.json`)!;
    expect(wellKnown).toMatchObject({ status: 'found', problems: [], via: ['well_known', 'robots_txt'] });
    // The cards it lists were fetched and judged: notes on the catalog, its status unchanged; a nested catalog is not followed.
    expect(wellKnown.notes).toHaveLength(3);
    expect(wellKnown.notes![0]).toMatch(/^entries\[1\] .*\/mcp\/server-card is an MCP server card, invalid: /);
    expect(wellKnown.notes![1]).toMatch(/^entries\[2\] .*\/nested\.json is an AI catalog, found$/);
    expect(wellKnown.notes![2]).toMatch(/^entries\[3\] .*\/gone\.json is an A2A agent card, not found$/);
    expect(site.requests.filter((r) => r.path === '/deeper.json')).toHaveLength(0);
    expect(site.requests.filter((r) => r.path === '/mcp/server-card')).toHaveLength(1);
    const mapped = files.find((f) => f.url === `${site.url}/agents/catalog.json`)!;
    expect(mapped).toMatchObject({ kind: 'ai_catalog', status: 'found', via: ['link_element', 'robots_txt'] });
    expect(mapped.notes!.join('\n')).toMatch(/no `displayName`/);
    expect(mapped.notes!.join('\n')).toMatch(/urn:air:/);
    const card = files.find((f) => f.kind === 'a2a_agent_card')!;
    expect(card.status).toBe('found');
    expect(card.notes![0]).toMatch(/^an A2A 0\.x card \(legacy\)/);
    expect(site.requests.filter((r) => r.path === '/agents/catalog.json')).toHaveLength(1);
    expect(site.requests.filter((r) => r.path === '/.well-known/ai-catalog.json')).toHaveLength(1);
    expect(site.requests.filter((r) => r.path === '/robots.txt')).toHaveLength(1);
  });
});
