/**
 * The tool registry (server/mcp/tools/, defineTool): a tool is offered only when the backend has what it
 * needs, and a failure that is not the caller's mistake is logged and answered without its details.
 * Driven by the SDK's client over its in-memory transport, on the real local backend.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryLogger } from '../../server/logging/logger.js';
import type { McpBackend } from '../../server/mcp/backend.js';
import { createLocalBackend } from '../../server/mcp/backends/local-backend.js';
import { createMcpServer } from '../../server/mcp/create-mcp-server.js';
import { defineTool, type McpTool } from '../../server/mcp/tool.js';
import { MCP_TOOLS } from '../../server/mcp/tools/index.js';
import { call, textOf } from './helpers/mcp-clients.js';
import { PUBLISHED_TOOLS } from './tool-names.js';

async function connect(backend: McpBackend, tools: readonly McpTool[] = MCP_TOOLS) {
  const logger = createMemoryLogger();
  const server = createMcpServer(backend, { logger, tools });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'registry-test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, logger, close: () => client.close() };
}

/** A tool needing a backend member no backend has (as crawl_site needs one the local backend lacks). */
type WithCrawls = McpBackend & { crawlLike?: (url: string) => Promise<{ id: string }> };
const crawlLikeTool = defineTool({
  name: 'crawl_like',
  title: 'Needs crawls',
  description: 'Offered only with a crawl backend.',
  input: z.strictObject({ url: z.string() }),
  output: z.strictObject({ crawl: z.strictObject({ id: z.string() }) }),
  annotations: { readOnlyHint: false },
  availableWith: (backend) => (backend as WithCrawls).crawlLike !== undefined,
  run: async ({ url }, backend) => ({ crawl: await (backend as WithCrawls).crawlLike!(url) }),
});

describe('the MCP tool registry', () => {
  it('offers a tool only when the backend has what it needs', async () => {
    const local = createLocalBackend({ allowPrivate: false, deadlineMs: 45_000 });
    const without = await connect(local, [...MCP_TOOLS, crawlLikeTool]);
    expect((await without.client.listTools()).tools.map((t) => t.name)).toEqual(['audit_url', 'get_audit', 'get_fixes']);
    await without.close();

    const withCrawls: WithCrawls = { ...local, crawlLike: async (url) => ({ id: `crawl of ${url}` }) };
    const offered = await connect(withCrawls, [...MCP_TOOLS, crawlLikeTool]);
    expect((await offered.client.listTools()).tools.map((t) => t.name)).toEqual(['audit_url', 'get_audit', 'get_fixes', 'crawl_like']);
    const answer = await call(offered.client, 'crawl_like', { url: 'https://example.com/' });
    expect(answer.structuredContent).toEqual({ crawl: { id: 'crawl of https://example.com/' } });
    await offered.close();
  });

  it('answers an internal failure as a tool error without its details, and logs it', async () => {
    const local = createLocalBackend({ allowPrivate: false, deadlineMs: 45_000 });
    const broken: McpBackend = {
      ...local,
      getAudit: async () => {
        throw new Error('ENOENT: /var/lib/citable/secret-path');
      },
    };
    const { client, logger, close } = await connect(broken);
    const answer = await call(client, 'get_audit', { id: '00000000-0000-4000-8000-000000000000' });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toBe('get_audit failed because of an internal error (logged by the server); retry later');
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'mcp tool failed',
        tool: 'get_audit',
        error: expect.objectContaining({ message: 'ENOENT: /var/lib/citable/secret-path' }),
      }),
    ]);
    // The server still serves after it.
    expect((await call(client, 'get_audit', { id: 'nope' })).isError).toBe(true);
    expect((await client.listTools()).tools).toHaveLength(3);
    await close();
  });

  it('every tool of the registry is one the contract names, each once', () => {
    const contract = PUBLISHED_TOOLS;
    for (const tool of MCP_TOOLS) expect(contract).toContain(tool.name);
    expect(new Set(MCP_TOOLS.map((t) => t.name)).size).toBe(MCP_TOOLS.length);
  });
});
