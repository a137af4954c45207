import type { AgentFileKind } from '../../types/audit.js';
import type { FormatReader } from './checks.js';
import { readMcpServerCard } from './mcp-server-card.js';
import { readA2aAgentCard } from './a2a-agent-card.js';
import { readAiCatalog } from './ai-catalog.js';
import { readAgentSkills } from './agent-skills.js';
import { readApiCatalog } from './api-catalog.js';
import { readOauthProtectedResource } from './oauth-protected-resource.js';
import { readOauthAuthorizationServer } from './oauth-authorization-server.js';
import { readWebBotAuth } from './web-bot-auth.js';

/** One reader per kind: the problems that keep a parsed document from being `found`. */
export const FORMAT_READERS: Record<AgentFileKind, FormatReader> = {
  mcp_server_card: readMcpServerCard,
  a2a_agent_card: readA2aAgentCard,
  ai_catalog: readAiCatalog,
  agent_skills: readAgentSkills,
  api_catalog: readApiCatalog,
  oauth_protected_resource: readOauthProtectedResource,
  oauth_authorization_server: readOauthAuthorizationServer,
  web_bot_auth: readWebBotAuth,
};
