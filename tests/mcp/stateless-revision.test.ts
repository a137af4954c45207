/**
 * MCP's stateless revision (2026-07-28) beside the handshake revisions, on both doors: POST /mcp on the real
 * app over loopback HTTP, and `citable mcp`'s stdio server over in-memory streams. A client of the stateless
 * revision sends no `initialize`: `server/discover` says what the server is, each request names its version in
 * `_meta`, and each result carries `resultType`. Older clients keep their handshake.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBackend } from '../../server/mcp/backends/local-backend.js';
import { serveStdio } from '../../server/mcp/stdio/serve-stdio.js';
import { silentLogger } from '../../server/logging/logger.js';
import { readAuditSettings } from '../../server/settings/audit-settings.js';
import { startTestApi, type TestApi } from '../server/helpers/test-api.js';
import { PUBLISHED_TOOLS } from './tool-names.js';

const REVISION = '2026-07-28';
const meta = (version = REVISION) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'stateless-client', version: '1' },
});
const request = (id: number, method: string, params: Record<string, unknown> = {}, version = REVISION) => ({
  jsonrpc: '2.0',
  id,
  method,
  params: { ...params, _meta: meta(version) },
});
const ACCEPT = { accept: 'application/json, text/event-stream' };

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close({ removeData: true }));

const post = (body: unknown, headers: Record<string, string> = {}) =>
  api.request('POST', '/mcp', { body, headers: { ...ACCEPT, ...headers } });

describe('POST /mcp, stateless revision 2026-07-28', () => {
  it('server/discover answers the versions, capabilities and identity, with no initialize before it', async () => {
    const res = await post(request(1, 'server/discover'), { 'mcp-protocol-version': REVISION });
    expect(res.status).toBe(200);
    expect(res.json.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: [REVISION],
      capabilities: { tools: {} },
      serverInfo: { name: 'citable', title: 'Citable' },
    });
    expect(res.json.result.instructions).toContain('audit_url');
  });

  it('tools/list and a tools/call answer in one request each, every result marked complete', async () => {
    const listed = await post(request(2, 'tools/list'), { 'mcp-protocol-version': REVISION });
    expect(listed.status).toBe(200);
    expect(listed.json.result.resultType).toBe('complete');
    expect(listed.json.result.tools.map((t: { name: string }) => t.name)).toEqual(PUBLISHED_TOOLS);
    const called = await post(request(3, 'tools/call', { name: 'get_audit', arguments: { id: 'not-an-id' } }), {
      'mcp-protocol-version': REVISION,
    });
    expect(called.json.result).toMatchObject({ resultType: 'complete', isError: true });
  });

  it('a stateless version it does not speak: -32022 with the versions it does', async () => {
    const res = await post(request(4, 'tools/list', {}, '2099-01-01'));
    expect(res.json.error).toMatchObject({ code: -32022, data: { requested: '2099-01-01', supported: [REVISION] } });
  });
});

describe('POST /mcp, handshake revisions keep working', () => {
  it('initialize with 2025-06-18 answers as before, without resultType', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    };
    const res = await post(init);
    expect(res.json.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'citable' } });
    expect(res.json.result.resultType).toBeUndefined();
    const listed = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': '2025-06-18' });
    expect(listed.json.result.tools).toHaveLength(PUBLISHED_TOOLS.length);
    expect(listed.json.result.resultType).toBeUndefined();
  });

  it('a request whose _meta names a handshake revision is left to the SDK', async () => {
    const res = await post(request(5, 'tools/list', {}, '2025-11-25'), { 'mcp-protocol-version': '2025-11-25' });
    expect(res.json.result.tools).toHaveLength(PUBLISHED_TOOLS.length);
    expect(res.json.result.resultType).toBeUndefined();
  });
});

describe('citable mcp over stdio, both revisions', () => {
  it('answers server/discover and tools/list of the stateless revision, and a handshake client after it', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let out = '';
    stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const backend = createLocalBackend(readAuditSettings({}));
    const served = serveStdio(backend, { stdin, stdout, logger: silentLogger });
    const lines = [
      request(1, 'server/discover'),
      request(2, 'tools/list'),
      request(3, 'tools/list', {}, '2099-01-01'),
      {
        jsonrpc: '2.0',
        id: 4,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 5, method: 'tools/list' },
    ];
    stdin.end(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    await served;
    const byId = new Map(
      out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { id: number; result?: Record<string, any>; error?: Record<string, any> })
        .map((m) => [m.id, m]),
    );
    expect(byId.get(1)!.result).toMatchObject({ resultType: 'complete', supportedVersions: [REVISION], serverInfo: { name: 'citable' } });
    expect(byId.get(2)!.result!.resultType).toBe('complete');
    expect(byId.get(2)!.result!.tools.length).toBeGreaterThan(0);
    expect(byId.get(3)!.error).toMatchObject({ code: -32022 });
    expect(byId.get(4)!.result).toMatchObject({ protocolVersion: '2025-11-25' });
    expect(byId.get(5)!.result!.resultType).toBeUndefined();
    expect(byId.get(5)!.result!.tools).toEqual(byId.get(2)!.result!.tools);
  });
});
