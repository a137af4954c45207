/**
 * POST /mcp (docs/api-decisions.md#mcp-server): the MCP tools over Streamable HTTP, with the API's bearer key and
 * Agency plan (the same middleware as /api/v1), at the server root as the contract writes it.
 *
 * Stateless: every POST gets a new McpServer and transport (no Mcp-Session-Id), answered with plain
 * JSON rather than an SSE stream. Every tool is one request and one answer, and nothing is kept between
 * requests, so any process behind a load balancer can answer any request, a restart loses nothing, and
 * there are no sessions to expire or to bound per account. GET (the server-to-client stream) and DELETE
 * (ending a session) have nothing to do without sessions: 405 with Allow: POST, as the transport's
 * specification allows. JSON-RPC batches are not accepted (MCP removed them in 2025-06-18): the body is
 * one JSON object of at most MCP_BODY_LIMIT. Clients of the stateless revision (2026-07-28) are answered on the same
 * route: see ../stateless-revision.ts.
 */
import type Router from '@koa/router';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ApiState } from '../../http/state.js';
import { readOnlyKeyRefusal } from '../../middleware/auth.js';
import { jsonBody } from '../../middleware/json-body.js';
import type { RouteDeps } from '../../routes/route-deps.js';
import { createRouter } from '../../routes/router.js';
import { createAccountBackend } from '../backends/account-backend.js';
import { createMcpServer, MCP_SERVER_IDENTITY } from '../create-mcp-server.js';
import { withStatelessRevision } from '../stateless-revision.js';
import { MCP_TOOLS } from '../tools/index.js';
import { createAuditQuota, createQuota } from './audit-quota.js';
import { FIXES_RATE_LIMIT } from '../../routes/fix-query.js';
import { refuseWebPages } from './refuse-web-pages.js';
import { answerWith, toWebRequest } from './web-exchange.js';

export const MCP_PATH = '/mcp';
export const MCP_BODY_LIMIT = 64 * 1024;

export type McpRouteDeps = Pick<
  RouteDeps,
  'store' | 'crawls' | 'runner' | 'logger' | 'rateLimitBackend' | 'guardCheckingScopeItself' | 'fixes' | 'rendering'
>;

export function createMcpRouter(deps: McpRouteDeps): Router<ApiState> {
  const router = createRouter();
  const takeAudit = createAuditQuota(deps.rateLimitBackend);
  const takeFixes = createQuota(deps.rateLimitBackend, FIXES_RATE_LIMIT);
  // Every MCP call is a POST: the key's scope is checked per tool, not by method.
  router.post(MCP_PATH, refuseWebPages(), ...deps.guardCheckingScopeItself, jsonBody(MCP_BODY_LIMIT), async (ctx) => {
    const readOnlyKey = ctx.state.key!.scope === 'read';
    if (readOnlyKey) refuseWritingToolCall(ctx.state.body);
    const backend = createAccountBackend({
      store: deps.store,
      crawls: deps.crawls,
      runner: deps.runner,
      takeAudit,
      fixes: deps.fixes,
      takeFixes,
      accountId: ctx.state.account!.id,
      rendering: deps.rendering,
    });
    // A read-only key is offered the tools that only read.
    const server = createMcpServer(backend, { logger: deps.logger, tools: readOnlyKey ? MCP_TOOLS.filter((t) => t.readOnly) : MCP_TOOLS });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(withStatelessRevision(transport, MCP_SERVER_IDENTITY));
      await answerWith(ctx, await transport.handleRequest(toWebRequest(ctx), { parsedBody: ctx.state.body }));
    } finally {
      await server.close();
    }
  });
  return router;
}

/** A read-only key calling a tool that changes the account: 403, as a POST to a REST route that writes. */
function refuseWritingToolCall(body: unknown): void {
  const message = body as { method?: unknown; params?: { name?: unknown } };
  if (message.method !== 'tools/call') return;
  const tool = MCP_TOOLS.find((t) => t.name === message.params?.name);
  if (!tool || tool.readOnly) return;
  throw readOnlyKeyRefusal(
    `This API key is read-only: the MCP tool ${tool.name} changes the account${tool.writes ? ` (${tool.writes})` : ''}. Use a key with full access`,
  );
}
