/**
 * One MCP tool: its name, description, input and output schemas (zod, shared with the REST API where
 * the wire type is the same) and a handler over the McpBackend. defineTool turns that into something
 * the server registers: the SDK validates the arguments (a bad one is a tool error naming it), the
 * handler's object is answered both as structuredContent and as its JSON text (for clients that read
 * only text), an McpToolError is a tool error with its message, and anything else is logged and
 * answered as an internal error without details. No user mistake ever becomes a protocol error.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Logger } from '../logging/logger.js';
import { McpToolError, type McpBackend } from './backend.js';

export interface McpToolDefinition<Input extends z.ZodObject, Output extends z.ZodObject> {
  /** The public tool name (docs/api-decisions.md#mcp-server): snake_case, stable. */
  name: string;
  title: string;
  /** What an agent reads to decide when to call it. */
  description: string;
  /** A strict object: an unknown argument is an error, not silently ignored. */
  input: Input;
  output: Output;
  /** `readOnlyHint: true` for a tool that only reads: the only tools a read-only API key is offered and may call. */
  annotations: ToolAnnotations;
  /** For a tool that changes the account, what it changes ("it stores an audit"): said when a read-only key calls it. */
  writes?: string;
  /** False when the backend lacks what the tool needs: the tool is then not offered. */
  availableWith(backend: McpBackend): boolean;
  run(args: z.output<Input>, backend: McpBackend): Promise<z.output<Output>>;
}

export interface ToolContext {
  backend: McpBackend;
  logger: Logger;
  /** Told of every call while it runs (`citable mcp` lets running calls answer before it exits). */
  onCall?: (running: Promise<unknown>) => void;
}

export interface McpTool {
  readonly name: string;
  /** True when the tool only reads (annotations.readOnlyHint): a read-only API key may call it. */
  readonly readOnly: boolean;
  /** What a tool that is not read-only changes, for the refusal a read-only key gets. */
  readonly writes: string | undefined;
  availableWith(backend: McpBackend): boolean;
  register(server: McpServer, context: ToolContext): void;
}

export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(definition: McpToolDefinition<Input, Output>): McpTool {
  return {
    name: definition.name,
    readOnly: definition.annotations.readOnlyHint === true,
    writes: definition.writes,
    availableWith: (backend) => definition.availableWith(backend),
    register(server, { backend, logger, onCall }) {
      const answer = async (args: z.output<Input>): Promise<CallToolResult> => {
        try {
          const structured = (await definition.run(args, backend)) as Record<string, unknown>;
          return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
        } catch (error) {
          if (error instanceof McpToolError) return toolError(error.message);
          logger.error('mcp tool failed', {
            tool: definition.name,
            error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
          });
          return toolError(`${definition.name} failed because of an internal error (logged by the server); retry later`);
        }
      };
      server.registerTool(
        definition.name,
        {
          title: definition.title,
          description: definition.description,
          inputSchema: definition.input,
          outputSchema: definition.output,
          annotations: definition.annotations,
        },
        // The SDK types the callback by a conditional on the schema, which TypeScript cannot resolve for a
        // generic Input; the arguments are z.output<Input>, parsed by the SDK before the call.
        ((args: z.output<Input>) => {
          const running = answer(args);
          onCall?.(running);
          return running;
        }) as never,
      );
    },
  };
}
