import { describe, expect, it } from 'vitest';
import { catalogEntryNote, catalogEntryTargets, MAX_CATALOG_ENTRIES } from '../../../shared/agent-discovery/catalog-entries.js';
import { missing, resource } from '../../helpers/snapshot.js';

const O = 'https://example.com';
const json = (url: string, doc: unknown) => resource(url, JSON.stringify(doc), { headers: { 'content-type': 'application/json' } });
const entry = (i: number, type: string, url?: string) => ({ identifier: `urn:air:example.com:x:e${i}`, displayName: `e${i}`, type, url });

describe('catalogEntryTargets', () => {
  it('takes entries by url whose media type is a card or a catalog, resolved against the catalog, each once', () => {
    const catalog = json(`${O}/.well-known/ai-catalog.json`, {
      specVersion: '1.0',
      entries: [
        entry(0, 'application/mcp-server-card+json', '/mcp/server-card'),
        entry(1, 'application/a2a-agent-card+json', 'https://agents.example.net/card.json'),
        entry(2, 'application/parquet', '/data.parquet'),
        { identifier: 'urn:air:example.com:x:inline', displayName: 'i', type: 'application/mcp-server-card+json', data: {} },
        { identifier: 'm', mediaType: 'application/ai-catalog+json; charset=utf-8', url: `${O}/nested.json#x` },
        entry(5, 'application/mcp-server-card+json', '/mcp/server-card'),
        entry(6, 'application/a2a-agent-card+json', `${O}/.well-known/agent-card.json`),
      ],
    });
    expect(catalogEntryTargets([catalog], [`${O}/.well-known/agent-card.json`])).toEqual([
      { catalog: `${O}/.well-known/ai-catalog.json`, index: 0, kind: 'mcp_server_card', url: `${O}/mcp/server-card` },
      { catalog: `${O}/.well-known/ai-catalog.json`, index: 1, kind: 'a2a_agent_card', url: 'https://agents.example.net/card.json' },
      { catalog: `${O}/.well-known/ai-catalog.json`, index: 4, kind: 'ai_catalog', url: `${O}/nested.json` },
    ]);
  });

  it('fetches at most a handful over all catalogs, and nothing from a catalog that is not a 200 JSON object', () => {
    const many = (name: string) =>
      json(`${O}/${name}.json`, {
        entries: Array.from({ length: 4 }, (_, i) => entry(i, 'application/mcp-server-card+json', `/${name}/${i}`)),
      });
    expect(catalogEntryTargets([many('a'), many('b')], [])).toHaveLength(MAX_CATALOG_ENTRIES);
    expect(catalogEntryTargets([missing(`${O}/c.json`), resource(`${O}/d.json`, '{not json')], [])).toEqual([]);
  });
});

describe('catalogEntryNote', () => {
  const at = { catalog: `${O}/.well-known/ai-catalog.json`, index: 2 };
  it('says what the entry is and its verdict, with its first problem', () => {
    const card = json(`${O}/mcp/server-card`, { name: 'x' });
    expect(catalogEntryNote({ ...at, kind: 'mcp_server_card', url: card.url, resource: card })).toMatch(
      /^entries\[2\] https:\/\/example\.com\/mcp\/server-card is an MCP server card, invalid: `/,
    );
    const gone = missing(`${O}/gone.json`);
    expect(catalogEntryNote({ ...at, kind: 'a2a_agent_card', url: gone.url, resource: gone })).toBe(
      'entries[2] https://example.com/gone.json is an A2A agent card, not found',
    );
  });
});
