import type { AgentFileKind } from '../types/audit.js';
import type { Snapshot } from '../types/snapshot.js';

/** The most an agent discovery file may weigh before Citable stops reading it: these are small JSON documents. */
export const AGENT_FILE_BYTES = 64 * 1024;

export interface AgentFileSpec {
  kind: AgentFileKind;
  /** The well-known path (RFC 8615), checked against each format's current text: docs/agent-web.md. */
  path: string;
  accept: string;
  /** Link relation types (RFC 8288) registered for this file, beside any link to its well-known path. */
  rels: readonly string[];
  /** What the file is, for texts: "an MCP server card". */
  label: string;
}

const json = (type?: string) => (type ? `${type}, application/json;q=0.9, */*;q=0.1` : 'application/json, */*;q=0.1');

/** One row per kind of docs/api-decisions.md#agent-discovery-signals, keyed by the snapshot member that holds the well-known fetch. */
export const AGENT_FILES = {
  mcpServerCard: {
    kind: 'mcp_server_card',
    path: '/.well-known/mcp/server-card.json',
    accept: json('application/mcp-server-card+json'),
    rels: [],
    label: 'an MCP server card',
  },
  a2aAgentCard: { kind: 'a2a_agent_card', path: '/.well-known/agent-card.json', accept: json(), rels: [], label: 'an A2A agent card' },
  aiCatalog: {
    kind: 'ai_catalog',
    path: '/.well-known/ai-catalog.json',
    accept: json('application/ai-catalog+json'),
    // Agentic Resource Discovery v0.9, section 6.1: `<link rel="ai-catalog" href="...">` (Lighthouse also reads the header form).
    rels: ['ai-catalog'],
    label: 'an AI catalog',
  },
  agentSkills: {
    kind: 'agent_skills',
    path: '/.well-known/agent-skills/index.json',
    accept: json(),
    rels: [],
    label: 'an agent skills index',
  },
  apiCatalog: {
    kind: 'api_catalog',
    path: '/.well-known/api-catalog',
    accept: json('application/linkset+json'),
    rels: ['api-catalog'],
    label: 'an API catalog',
  },
  oauthProtectedResource: {
    kind: 'oauth_protected_resource',
    path: '/.well-known/oauth-protected-resource',
    accept: json(),
    rels: [],
    label: 'OAuth protected resource metadata',
  },
  oauthAuthorizationServer: {
    kind: 'oauth_authorization_server',
    path: '/.well-known/oauth-authorization-server',
    accept: json(),
    rels: [],
    label: 'OAuth authorization server metadata',
  },
  webBotAuthDirectory: {
    kind: 'web_bot_auth',
    path: '/.well-known/http-message-signatures-directory',
    accept: json('application/http-message-signatures-directory+json'),
    rels: [],
    label: 'an HTTP message signatures directory',
  },
} as const satisfies Partial<Record<keyof Snapshot, AgentFileSpec>>;

export type AgentFileMember = keyof typeof AGENT_FILES;
export const AGENT_FILE_MEMBERS = Object.keys(AGENT_FILES) as AgentFileMember[];

export function specOfKind(kind: AgentFileKind): AgentFileSpec {
  return AGENT_FILES[AGENT_FILE_MEMBERS.find((m) => AGENT_FILES[m].kind === kind)!];
}
