/**
 * `citable mcp`: the MCP server on stdin and stdout (the SDK's stdio transport) until stdin ends.
 * stdout carries protocol messages only; diagnostics go to the logger (stderr). A client that writes its
 * requests and closes stdin (a pipe) still gets the answers of the calls running at that moment.
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Logger } from '../../logging/logger.js';
import type { McpBackend } from '../backend.js';
import { createMcpServer, MCP_SERVER_IDENTITY } from '../create-mcp-server.js';
import { withStatelessRevision } from '../stateless-revision.js';

export interface StdioOptions {
  stdin: Readable;
  stdout: Writable;
  logger: Logger;
}

export async function serveStdio(backend: McpBackend, { stdin, stdout, logger }: StdioOptions): Promise<void> {
  const running = new Set<Promise<unknown>>();
  const server = createMcpServer(backend, {
    logger,
    onCall: (call) => {
      running.add(call);
      const done = () => running.delete(call);
      call.then(done, done);
    },
  });
  // A line that is not a JSON-RPC message cannot be answered (it has no id): say so where a person looks.
  server.server.onerror = (error) => logger.warn('mcp: ignored a message', { error: error.message });
  const ended = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
  });
  await server.connect(withStatelessRevision(new StdioServerTransport(stdin, stdout), MCP_SERVER_IDENTITY));
  await ended;
  await Promise.allSettled([...running]);
  await new Promise((resolve) => setImmediate(resolve)); // the answers go out after their calls settle
  await server.close();
}
