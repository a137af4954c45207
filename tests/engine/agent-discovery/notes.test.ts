import { describe, expect, it } from 'vitest';
import { a2aCardNotes, ardCatalogNotes } from '../../../shared/agent-discovery/formats/notes.js';
import type { Json } from '../../../shared/agent-discovery/formats/checks.js';
import { readAgentFile } from '../../../shared/agent-discovery/read-file.js';
import { agentmapUrls, MAX_AGENTMAPS } from '../../../shared/agent-discovery/agentmap.js';
import { missing, resource, textFile } from '../../helpers/snapshot.js';

const O = 'https://example.com';
const json = (url: string, doc: unknown) => resource(url, JSON.stringify(doc), { headers: { 'content-type': 'application/json' } });

// Written in the shape of the Agentic Resource Discovery 0.9 conformance examples (a host, entries by url and by data).
const ARD_CATALOG: Json = {
  specVersion: '1.0',
  host: { displayName: 'Example Tools', identifier: 'did:web:example.com' },
  entries: [
    {
      identifier: 'urn:air:example.com:agent:helpdesk',
      displayName: 'Help desk agent',
      type: 'application/a2a-agent-card+json',
      url: `${O}/agents/helpdesk.json`,
    },
    {
      identifier: 'urn:air:example.com:tools:weather:forecast',
      displayName: 'Forecast server',
      type: 'application/mcp-server-card+json',
      data: { name: 'com.example/forecast' },
    },
  ],
};

describe('ARD notes on an AI catalog', () => {
  it('has none for a catalog written to ARD 0.9', () => {
    expect(ardCatalogNotes(ARD_CATALOG)).toEqual([]);
  });

  it('names what ARD asks beyond the checks: specVersion, host and entry displayName, `type`, urn:air: identifiers', () => {
    const notes = ardCatalogNotes({
      specVersion: '1.1',
      host: { identifier: 'did:web:example.com' },
      entries: [
        { identifier: 'helpdesk', mediaType: 'application/a2a-agent-card+json', url: `${O}/a.json` },
        { identifier: 'urn:air:example.com', displayName: 'x', type: 'application/mcp-server-card+json', url: `${O}/b.json` },
        (ARD_CATALOG.entries as Json[])[0]!,
      ],
    });
    expect(notes).toEqual([
      '`specVersion` is "1.1"; Agentic Resource Discovery 0.9 allows only "1.0"',
      '`host.displayName` is missing; Agentic Resource Discovery 0.9 requires it',
      'entry 0: no `displayName`; Agentic Resource Discovery 0.9 requires one',
      'entry 0: the media type is in `mediaType`; Agentic Resource Discovery 0.9 names it `type`',
      'entries 0, 1: the identifier is not a `urn:air:<publisher>:<namespace>:<name>` URN, which Agentic Resource Discovery 0.9 requires',
    ]);
  });

  it('are notes beside a found status, never problems', () => {
    const doc = { specVersion: '1.0', entries: [{ identifier: 'x', mediaType: 'application/json', url: `${O}/x.json` }] };
    const verdict = readAgentFile('ai_catalog', json(`${O}/.well-known/ai-catalog.json`, doc));
    expect(verdict.status).toBe('found');
    expect(verdict.problems).toEqual([]);
    expect(verdict.notes).toHaveLength(3);
  });

  it('leave a file with nothing to say without a notes member', () => {
    expect(readAgentFile('ai_catalog', json(`${O}/.well-known/ai-catalog.json`, ARD_CATALOG))).toEqual({ status: 'found', problems: [] });
  });
});

const A2A_1: Record<string, Json> = {
  name: 'Help desk',
  description: 'Answers questions',
  version: '1.0.0',
  supportedInterfaces: [{ url: `${O}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [],
};

describe('A2A cards: 0.x labelled legacy', () => {
  it('says nothing of a 1.0 card', () => {
    expect(a2aCardNotes(A2A_1)).toEqual([]);
  });

  it('labels a 0.x card legacy and says what 1.0 changed, while still finding it', () => {
    const { supportedInterfaces: _, ...rest } = A2A_1;
    const card = { ...rest, url: `${O}/a2a`, preferredTransport: 'JSONRPC', protocolVersion: '0.3.0' };
    const verdict = readAgentFile('a2a_agent_card', json(`${O}/.well-known/agent-card.json`, card));
    expect(verdict.status).toBe('found');
    expect(verdict.notes).toEqual([
      'an A2A 0.x card (legacy): A2A 1.0 replaced `url`, `preferredTransport`, `protocolVersion` with `supportedInterfaces[]`, each entry with `url`, `protocolBinding` and `protocolVersion`',
    ]);
  });

  it('names 0.x members left beside supportedInterfaces', () => {
    expect(a2aCardNotes({ ...A2A_1, preferredTransport: 'GRPC' })).toEqual([
      '`preferredTransport` is an A2A 0.x member that A2A 1.0 clients ignore beside `supportedInterfaces`',
    ]);
  });
});

describe('agentmapUrls (robots.txt Agentmap lines)', () => {
  it('reads Agentmap lines in any case, relative to robots.txt, each once, only http(s)', () => {
    const robots = textFile(
      `${O}/robots.txt`,
      'User-agent: *\nAllow: /\nAgentmap: https://cdn.example.net/catalog.json\nagentmap:/agents/catalog.json#top\nAGENTMAP: https://cdn.example.net/catalog.json\nAgentmap: ftp://x/c.json\n',
    );
    expect(agentmapUrls(robots)).toEqual(['https://cdn.example.net/catalog.json', `${O}/agents/catalog.json`]);
  });

  it('reads at most a couple and nothing from a robots.txt that did not answer 200', () => {
    const many = Array.from({ length: 10 }, (_, i) => `Agentmap: /c${i}.json`).join('\n');
    expect(agentmapUrls(textFile(`${O}/robots.txt`, many))).toHaveLength(MAX_AGENTMAPS);
    expect(agentmapUrls(missing(`${O}/robots.txt`))).toEqual([]);
    expect(agentmapUrls(null)).toEqual([]);
  });
});
