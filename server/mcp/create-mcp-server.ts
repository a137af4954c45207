/**
 * An MCP server (the official SDK's McpServer) offering every tool of MCP_TOOLS the backend can serve.
 * One per stdio process; one per request behind POST /mcp (stateless, see http/mcp-route.ts).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpBackend } from './backend.js';
import type { McpTool, ToolContext } from './tool.js';
import { MCP_TOOLS } from './tools/index.js';
import type { ServerIdentity } from './stateless-revision.js';

/** Reported to clients in `initialize` (serverInfo.version). */
export const MCP_SERVER_VERSION = '0.1.0';

const INSTRUCTIONS =
  'Citable audits whether AI answer engines can read, use and cite a website. Call audit_url with a page URL to get its score, ' +
  'the issues to fix (critical first) and per-crawler verdicts; get_audit reads an audit again by id. ' +
  'list_citations (when offered) says whether answer engines cite the tracked sites.';

/** What `initialize` and `server/discover` say the server is. */
export const MCP_SERVER_IDENTITY: ServerIdentity = {
  name: 'citable',
  title: 'Citable',
  version: MCP_SERVER_VERSION,
  instructions: INSTRUCTIONS,
};

export interface McpServerOptions extends Omit<ToolContext, 'backend'> {
  /** The tools to offer (default MCP_TOOLS); each is registered only when the backend can serve it. */
  tools?: readonly McpTool[];
}

export function createMcpServer(backend: McpBackend, options: McpServerOptions): McpServer {
  const { instructions, ...serverInfo } = MCP_SERVER_IDENTITY;
  const server = new McpServer(serverInfo, { instructions });
  for (const tool of options.tools ?? MCP_TOOLS) {
    if (tool.availableWith(backend))
      tool.register(server, { backend, logger: options.logger, ...(options.onCall ? { onCall: options.onCall } : {}) });
  }
  return server;
}
