/**
 * POST /mcp's body and answer as the OpenAPI document shows them: one JSON-RPC 2.0 message of the Model
 * Context Protocol. The MCP SDK validates the messages themselves; the tools' arguments and results are
 * listed by the protocol's own tools/list (server/mcp/tools/).
 */
import { z } from 'zod';

export const jsonRpcMessageSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number().int()]).optional().describe('Present on requests and their responses; absent on notifications.'),
    method: z
      .string()
      .optional()
      .describe('On requests and notifications: initialize, notifications/initialized, tools/list, tools/call, ping, ...'),
    params: z.record(z.string(), z.unknown()).optional(),
    result: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'On a successful response. A tools/call result with isError: true is a tool error (a bad argument, an unknown id, the rate limit).',
      ),
    error: z
      .object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() })
      .optional()
      .describe('On a failed response (protocol errors only).'),
  })
  .loose()
  .describe('A JSON-RPC 2.0 message of the Model Context Protocol.');
