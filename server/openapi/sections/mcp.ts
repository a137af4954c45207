/** POST /mcp in the OpenAPI document (docs/api-decisions.md#mcp-server): the MCP tools over Streamable HTTP. */
import { jsonRpcMessageSchema } from '../../../shared/schema/mcp.js';
import { authErrors, errorResponse, jsonContent, jsonResponse, schemaRef } from '../refs.js';
import type { OpenApiSection } from '../types.js';

export const mcpSection: OpenApiSection = {
  tag: {
    name: 'MCP',
    description:
      'Citable as a tool for AI agents: the Model Context Protocol over Streamable HTTP at `/mcp` (outside `/api/v1`), with the same key and plan as the API. ' +
      'Tools: `audit_url` {url}, `get_audit` {id}, `crawl_site` {url, max_pages?}, `get_crawl` {id}, `citation_summary` {project_id?, prompt_id?, engine?, since?, until?}, `list_citations` {engine?, prompt_id?, domain?, since?, history?, limit?, cursor?}, `get_fixes` {audit_id? | crawl_id?, policy?}; ' +
      'each answers the same object as the REST call it mirrors, as `structuredContent` and as JSON text. `citable mcp` serves the same tools over stdio.',
  },
  schemas: { JsonRpcMessage: jsonRpcMessageSchema },
  paths: {
    '/mcp': {
      post: {
        operationId: 'mcp',
        tags: ['MCP'],
        summary: 'One Model Context Protocol message (JSON-RPC 2.0)',
        description:
          'The body is one JSON-RPC message per the MCP Streamable HTTP transport; connect with any MCP client (the URL and an `Authorization: Bearer` header). ' +
          'Send `Accept: application/json, text/event-stream` and, after `initialize`, `MCP-Protocol-Version`. ' +
          'Stateless: no `Mcp-Session-Id`; every answer is `application/json`, never an SSE stream; JSON-RPC batches are refused. ' +
          'GET and DELETE answer 405 (no server stream, no sessions to end). ' +
          'Mistakes in a tool call (a bad argument, a URL that cannot be audited, an unknown id) are tool results with `isError: true`, in a 200. ' +
          '`audit_url` stores the audit for the account and counts toward the same 10 audits per minute as POST /api/v1/audits; ' +
          'over the limit it answers the tool error "Rate limit exceeded: max 10 audits per minute: retry in N s".',
        security: [{ bearerAuth: [] }],
        requestBody: {
          required: true,
          description: 'One JSON-RPC message, at most 64 KB.',
          content: jsonContent(schemaRef('JsonRpcMessage')),
        },
        responses: {
          '200': jsonResponse('The JSON-RPC response (for tools/call: the tool result).', 'JsonRpcMessage'),
          '202': { description: 'Accepted, no body: the message was a notification.' },
          '400': errorResponse('Malformed JSON, a batch (array), or not a JSON-RPC message; an unsupported MCP-Protocol-Version.'),
          ...authErrors(),
          '403': errorResponse(
            "The account is not on the Agency plan; a request from a web page (an `Origin` header other than the extension's); or a request that did not use HTTPS where HTTPS is required.",
          ),
          '406': errorResponse('`Accept` does not list both application/json and text/event-stream.'),
          '413': errorResponse('Body larger than 64 KB.'),
          '415': errorResponse('Content-Type is not application/json.'),
        },
      },
    },
  },
};
