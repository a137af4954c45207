import { describe, expect, it } from 'vitest';
import { readAgentFile, identifierOf } from '../../../shared/agent-discovery/read-file.js';
import type { AgentFileKind } from '../../../shared/types/index.js';
import { resource } from '../../helpers/snapshot.js';

const O = 'https://example.com';
const PATHS: Record<AgentFileKind, string> = {
  mcp_server_card: '/.well-known/mcp/server-card.json',
  a2a_agent_card: '/.well-known/agent-card.json',
  ai_catalog: '/.well-known/ai-catalog.json',
  agent_skills: '/.well-known/agent-skills/index.json',
  api_catalog: '/.well-known/api-catalog',
  oauth_protected_resource: '/.well-known/oauth-protected-resource',
  oauth_authorization_server: '/.well-known/oauth-authorization-server',
  web_bot_auth: '/.well-known/http-message-signatures-directory',
};
const json = (kind: AgentFileKind, doc: unknown, type = 'application/json') =>
  readAgentFile(kind, resource(`${O}${PATHS[kind]}`, JSON.stringify(doc), { headers: { 'content-type': type } }));

const DIGEST = `sha256:${'a'.repeat(64)}`;
const A2A_CARD = {
  name: 'Recipe Agent',
  description: 'Helps with recipes.',
  supportedInterfaces: [{ url: 'https://example.com/a2a', protocolBinding: 'JSONRPC' }],
  version: '1.0.0',
  capabilities: { streaming: true },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'find', name: 'Find recipes', description: 'Finds recipes.', tags: ['cooking'] }],
};

/** Each format: a document its current text accepts, and mistakes it names. */
const CASES: Array<{ kind: AgentFileKind; valid: unknown[]; invalid: Array<[unknown, RegExp]> }> = [
  {
    kind: 'mcp_server_card',
    valid: [
      {
        $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
        name: 'com.example/weather',
        version: '1.0.0',
        description: 'Weather.',
      },
      {
        serverInfo: { name: 'weather', version: '1.0' },
        transport: { type: 'streamable-http', url: 'https://example.com/mcp' },
        capabilities: { tools: true },
      },
    ],
    invalid: [
      [{ title: 'Weather' }, /neither `name` and `version`/],
      [{ name: 'weather', version: '1.0' }, /`description` is missing/],
      [{ serverInfo: { name: 'weather' } }, /serverInfo.`version` is missing/],
      [{ name: 'w', version: '1', description: 'd', remotes: [{ type: 'streamable-http' }] }, /remotes\[0\].`url` is missing/],
      [[1, 2], /an array, not a JSON object/],
    ],
  },
  {
    kind: 'a2a_agent_card',
    valid: [A2A_CARD, { ...A2A_CARD, supportedInterfaces: undefined, url: 'https://example.com/a2a' }],
    invalid: [
      [{ ...A2A_CARD, skills: undefined }, /`skills` is missing/],
      [{ ...A2A_CARD, supportedInterfaces: undefined }, /`supportedInterfaces` is missing/],
      [{ ...A2A_CARD, skills: [{ id: 'x', name: 'X', description: 'd' }] }, /skills\[0\].`tags` is missing/],
      [{ ...A2A_CARD, defaultInputModes: 'text/plain' }, /`defaultInputModes` is a string, not an array/],
    ],
  },
  {
    kind: 'ai_catalog',
    valid: [
      {
        specVersion: '1.0',
        entries: [
          {
            identifier: 'urn:air:example.com:mcp:weather',
            type: 'application/mcp-server-card+json',
            url: 'https://example.com/mcp/server-card',
          },
        ],
      },
      {
        specVersion: '1.0',
        entries: [{ identifier: 'urn:x', displayName: 'X', mediaType: 'application/a2a-agent-card+json', data: { name: 'X' } }],
      },
      { specVersion: '1.0', entries: [] },
    ],
    invalid: [
      [{ entries: [] }, /`specVersion` is missing/],
      [{ specVersion: 'v1', entries: [] }, /not "Major.Minor"/],
      [
        { specVersion: '1.0', entries: [{ identifier: 'urn:x', mediaType: 'a/b', url: 'https://x', data: {} }] },
        /exactly one of `url` and `data`/,
      ],
      [{ specVersion: '1.0', entries: [{ identifier: 'urn:x', url: 'https://x' }] }, /entries\[0\].mediaType` is missing/],
    ],
  },
  {
    kind: 'agent_skills',
    valid: [
      {
        $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
        skills: [
          {
            name: 'code-review',
            type: 'skill-md',
            description: 'Review code.',
            url: '/.well-known/agent-skills/code-review/SKILL.md',
            digest: DIGEST,
          },
        ],
      },
      { skills: [{ name: 'git-workflow', description: 'Git conventions.', files: ['SKILL.md'] }] },
    ],
    invalid: [
      [
        {
          $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
          skills: [{ name: 'Code_Review', type: 'skill-md', description: 'd', url: '/x', digest: DIGEST }],
        },
        /is not a skill name/,
      ],
      [
        {
          $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
          skills: [{ name: 'a--b', type: 'zip', description: 'd', url: '/x', digest: 'sha256:XYZ' }],
        },
        /not a skill name.*|not "skill-md" or "archive"/,
      ],
      [
        {
          $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
          skills: [{ name: 'ok', type: 'archive', description: 'd', url: '/x', digest: 'sha256:XYZ' }],
        },
        /64 lower-case hexadecimal/,
      ],
      [{ $schema: 'https://schemas.agentskills.io/discovery/9.0.0/schema.json', skills: [] }, /not a schema version clients know/],
    ],
  },
  {
    kind: 'api_catalog',
    valid: [
      {
        linkset: [
          { anchor: 'https://example.com/api', 'service-desc': [{ href: 'https://example.com/openapi.json', type: 'application/json' }] },
        ],
      },
    ],
    invalid: [
      [{ apis: [] }, /`linkset` is missing/],
      [{ linkset: [{ anchor: 'https://example.com/api', 'service-desc': { href: '/x' } }] }, /is not an array of link targets/],
      [{ linkset: [{ item: [{ title: 'no href' }] }] }, /has no `href`/],
    ],
  },
  {
    kind: 'oauth_protected_resource',
    valid: [{ resource: 'https://example.com', authorization_servers: ['https://auth.example.com'] }, { resource: 'https://example.com/' }],
    invalid: [
      [{ authorization_servers: ['https://auth.example.com'] }, /`resource` is missing/],
      [{ resource: 'https://example.com/mcp' }, /must describe https:\/\/example.com \(RFC 9728 section 3.3\)/],
      [{ resource: 'https://example.com', authorization_servers: 'https://auth.example.com' }, /not an array of strings/],
    ],
  },
  {
    kind: 'oauth_authorization_server',
    valid: [
      {
        issuer: 'https://example.com',
        authorization_endpoint: 'https://example.com/authorize',
        token_endpoint: 'https://example.com/token',
        response_types_supported: ['code'],
      },
      {
        issuer: 'https://example.com',
        token_endpoint: 'https://example.com/token',
        response_types_supported: ['token'],
        grant_types_supported: ['client_credentials'],
      },
    ],
    invalid: [
      [
        { authorization_endpoint: 'https://example.com/a', token_endpoint: 'https://example.com/t', response_types_supported: ['code'] },
        /`issuer` is missing/,
      ],
      [
        { issuer: 'https://example.com', token_endpoint: 'https://example.com/t', response_types_supported: ['code'] },
        /`authorization_endpoint` is missing/,
      ],
      [
        { issuer: 'https://example.com', authorization_endpoint: 'https://example.com/a', token_endpoint: 'https://example.com/t' },
        /`response_types_supported` is missing/,
      ],
      [
        { issuer: 'http://example.com?x=1', authorization_endpoint: 'a', token_endpoint: 't', response_types_supported: ['code'] },
        /https scheme/,
      ],
      [
        { issuer: 'https://auth.other.example', authorization_endpoint: 'a', token_endpoint: 't', response_types_supported: ['code'] },
        /RFC 8414 section 3.3/,
      ],
    ],
  },
  {
    kind: 'web_bot_auth',
    valid: [{ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs' }] }],
    invalid: [
      [{ keys: [] }, /publishes no key/],
      [{ keys: [{ crv: 'Ed25519' }] }, /keys\[0\].kty` is missing/],
      [{ jwks: [] }, /`keys` is missing/],
    ],
  },
];

describe.each(CASES)('the $kind reader', ({ kind, valid, invalid }) => {
  it.each(valid.map((doc, i) => [i, doc] as const))('finds valid document %i', (_i, doc) => {
    // Notes (a legacy A2A card, ARD's stricter catalog rules) may come beside a found file: tests/engine/agent-discovery/notes.test.ts.
    const { notes: _notes, ...verdict } = json(kind, doc);
    expect(verdict).toEqual({ status: 'found', problems: [] });
  });
  it.each(invalid.map(([doc, problem], i) => [i, doc, problem] as const))(
    'names what is wrong in invalid document %i',
    (_i, doc, problem) => {
      const verdict = json(kind, doc);
      expect(verdict.status).toBe('invalid');
      expect(verdict.problems.join('\n')).toMatch(problem);
    },
  );
});

describe('reading a fetched agent file', () => {
  const url = `${O}/.well-known/agent-card.json`;
  it('404 and 410 are not_found', () => {
    expect(readAgentFile('a2a_agent_card', resource(url, 'nope', { status: 404 }))).toEqual({ status: 'not_found', problems: [] });
    expect(readAgentFile('a2a_agent_card', resource(url, 'gone', { status: 410 })).status).toBe('not_found');
  });
  it('an HTML page answering 200 for any path is not_found, and says so', () => {
    const v = readAgentFile('a2a_agent_card', resource(url, '<!doctype html><div id="root"></div>'));
    expect(v.status).toBe('not_found');
    expect(v.problems[0]).toMatch(/HTML page \(a catch-all route\), not an A2A agent card/);
  });
  it('no answer, or another error status, is error with the reason', () => {
    const timeout = readAgentFile(
      'a2a_agent_card',
      resource(url, '', { status: 0, error: { code: 'timeout', message: 'timed out after 10000 ms' } }),
    );
    expect(timeout).toEqual({ status: 'error', problems: ['timed out after 10000 ms'] });
    expect(readAgentFile('a2a_agent_card', resource(url, 'no', { status: 403, headers: { 'content-type': 'text/plain' } }))).toEqual({
      status: 'error',
      problems: ['HTTP 403'],
    });
    const cors = readAgentFile(
      'a2a_agent_card',
      resource(url, '', { status: 0, error: { code: 'cross_origin', message: 'Failed to fetch' } }),
    );
    expect(cors.problems[0]).toMatch(/browser would not let the extension read it/);
  });
  it('text that is not JSON, an empty body, a body cut at the cap are invalid', () => {
    const text = (body: string, over = {}) =>
      readAgentFile('a2a_agent_card', resource(url, body, { headers: { 'content-type': 'application/json' }, ...over }));
    expect(text('{"name": ').problems[0]).toMatch(/^not JSON/);
    expect(text('   ')).toEqual({ status: 'invalid', problems: ['an empty body'] });
    expect(text('{"name": "x"', { truncated: true }).problems[0]).toMatch(/larger than the 64 KB/);
  });
  it('reports at most ten problems of a hostile document', () => {
    const skills = Array.from({ length: 40 }, () => ({}));
    const v = json('a2a_agent_card', { ...A2A_CARD, skills });
    expect(v.status).toBe('invalid');
    expect(v.problems).toHaveLength(11);
    expect(v.problems[10]).toMatch(/^and \d+ more problems$/);
  });
});

describe('identifierOf (RFC 8414 3.1 path insertion)', () => {
  it('is the origin for the bare well-known path, the origin plus the rest for a suffixed one, null elsewhere', () => {
    expect(identifierOf('https://a.example/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource')).toBe(
      'https://a.example',
    );
    expect(identifierOf('https://a.example/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource')).toBe(
      'https://a.example/mcp',
    );
    expect(identifierOf('https://a.example/meta.json', '/.well-known/oauth-protected-resource')).toBeNull();
  });
});
