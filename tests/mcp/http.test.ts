/**
 * POST /mcp on the real app (in-process, real HTTP on 127.0.0.1), driven by the official SDK's client
 * over Streamable HTTP: the tools, audits of a loopback site stored for the account, citations, keys,
 * plans, bad arguments, the rate limit shared with POST /audits, and the HTTP edges of the route.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audit } from '../../shared/types/audit.js';
import { MCP_TOOLS } from '../../server/mcp/tools/index.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { prompt as promptRow, row } from '../server/store/contracts/citations-rows.js';
import { startTestApi, type TestApi } from '../server/helpers/test-api.js';
import { auditOf, call, connectHttp, textOf } from './helpers/mcp-clients.js';
import { engineAudit, expectFixtureAudit, startMcpFixtureSite } from './helpers/mcp-fixture.js';
import { PUBLISHED_TOOLS } from './tool-names.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};
const MCP_HEADERS = { accept: 'application/json, text/event-stream' };

let site: FixtureSite;
let api: TestApi;
let expected: Audit;
let pageUrl: string;

beforeAll(async () => {
  site = await startMcpFixtureSite();
  pageUrl = `${site.url}/`;
  api = await startTestApi({ fetcher: createNodeFetcher({ allowPrivate: true }) });
  expected = await engineAudit(pageUrl);
});
afterAll(async () => {
  await api?.close({ removeData: true });
  await site?.close();
});

describe('POST /mcp with an Agency key', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectHttp(api.url, api.key);
  });
  afterAll(() => client?.close());

  it('lists the tools of the contract this server can serve, with input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(PUBLISHED_TOOLS);
    const auditUrl = tools.find((t) => t.name === 'audit_url')!;
    expect(auditUrl.inputSchema).toMatchObject({ type: 'object', required: ['url'], additionalProperties: false });
    expect(auditUrl.outputSchema).toMatchObject({ type: 'object', required: ['audit'] });
    expect(auditUrl.annotations).toMatchObject({ openWorldHint: true });
    expect(tools.find((t) => t.name === 'list_citations')!.outputSchema).toMatchObject({ required: ['citations', 'next_cursor'] });
    expect(client.getServerVersion()).toMatchObject({ name: 'citable' });
  });

  it('audit_url audits the loopback site, answers its audit and stores it for the account like POST /audits', async () => {
    const audit = auditOf(await call(client, 'audit_url', { url: pageUrl }));
    expectFixtureAudit(audit, expected, pageUrl);
    expect(audit.origin).toBe('server');

    const stored = await api.request('GET', `/api/v1/audits/${audit.id}`);
    expect(stored.status).toBe(200);
    expect(stored.json.audit).toEqual(audit);
    const listed = await api.request('GET', `/api/v1/audits?url=${encodeURIComponent(pageUrl)}`);
    expect(listed.json.audits.map((a: { id: string }) => a.id)).toContain(audit.id);

    const again = auditOf(await call(client, 'get_audit', { id: audit.id }));
    expect(again).toEqual(audit);
    const upper = auditOf(await call(client, 'get_audit', { id: audit.id.toUpperCase() }));
    expect(upper.id).toBe(audit.id);
  });

  it("an audit stored before signals.agent_discovery existed still passes get_audit's strict output schema", async () => {
    const { agent_discovery: _dropped, ...olderSignals } = expected.signals;
    const older: Audit = { ...expected, id: '6f1f7d1e-3c1a-4c55-9b1e-0a6d1c0f5e21', origin: 'extension', signals: olderSignals };
    expect(_dropped).toBeDefined();
    expect((await api.request('PUT', `/api/v1/audits/${older.id}`, { body: { audit: older } })).status).toBe(201);
    const read = await call(client, 'get_audit', { id: older.id });
    expect(read.isError).toBeFalsy();
    expect(auditOf(read).signals).toEqual(olderSignals);
  });

  it("get_audit of an unknown, malformed or other account's id is a tool error, not a crash", async () => {
    const unknown = await call(client, 'get_audit', { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toBe('No audit with id "00000000-0000-4000-8000-000000000000" in this account');
    expect((await call(client, 'get_audit', { id: '../../etc/passwd' })).isError).toBe(true);

    const mine = auditOf(await call(client, 'audit_url', { url: pageUrl }));
    const other = await api.newAccount('agency');
    const otherClient = await connectHttp(api.url, other.key);
    try {
      const theirs = await call(otherClient, 'get_audit', { id: mine.id });
      expect(theirs.isError).toBe(true);
      expect(textOf(theirs)).toContain('No audit with id');
    } finally {
      await otherClient.close();
    }
  });

  it('bad arguments are tool errors that say what is wrong, and the server keeps serving', async () => {
    const number = await call(client, 'audit_url', { url: 123 });
    expect(number.isError).toBe(true);
    expect(textOf(number)).toMatch(/Invalid arguments for tool audit_url.*expected string.*url/s);

    const script = await call(client, 'audit_url', { url: 'javascript:alert(1)' });
    expect(script.isError).toBe(true);
    expect(textOf(script)).toBe('only http and https URLs can be audited, not javascript:');

    const missing = await call(client, 'audit_url', {});
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('url');

    const extra = await call(client, 'audit_url', { url: pageUrl, depth: 3 });
    expect(extra.isError).toBe(true);
    expect(textOf(extra)).toContain('depth');

    const credentials = await call(client, 'audit_url', { url: 'http://user:pw@example.com/' });
    expect(credentials.isError).toBe(true);

    const unknownTool = await call(client, 'crawl_everything', {});
    expect(unknownTool.isError).toBe(true);
    expect(textOf(unknownTool)).toContain('crawl_everything');

    const badFilter = await call(client, 'list_citations', { since: 'yesterday' });
    expect(badFilter.isError).toBe(true);
    expect(textOf(badFilter)).toContain('since must be an ISO 8601 date');

    expectFixtureAudit(auditOf(await call(client, 'audit_url', { url: pageUrl })), expected, pageUrl);
  });

  it("list_citations answers the account's citation rows, with GET /citations' filters", async () => {
    const created = await api.request('POST', '/api/v1/prompts', { body: { text: 'best pour-over coffee guide', domain: 'brew.example' } });
    expect(created.status).toBe(201);
    const citations = await api.store.citations();
    const stored = (await citations.getPrompt(api.accountId, created.json.prompt.id))!;
    await citations.appendResult(
      row(stored, 'chatgpt', '2026-09-01T10:00:00.000Z', {
        cited: true,
        cited_runs: 1,
        position: 2,
        cited_urls: ['https://brew.example/guide'],
      }),
    );
    await citations.appendResult(row(stored, 'perplexity', '2026-09-01T10:00:05.000Z'));
    // Another account's row for the same words must not show.
    const other = await api.newAccount('agency');
    await citations.appendResult(
      row(promptRow(7, other.accountId, 'brew.example'), 'chatgpt', '2026-09-01T10:00:00.000Z', { cited: true }),
    );

    const all = await call(client, 'list_citations', {});
    expect(all.isError).toBeFalsy();
    const list = all.structuredContent as {
      citations: Array<{ engine: string; cited: boolean; position: number | null; prompt_id: string }>;
      next_cursor: string | null;
    };
    expect(list.citations.map((c) => [c.prompt_id, c.engine, c.cited, c.position])).toEqual([
      [stored.id, 'chatgpt', true, 2],
      [stored.id, 'perplexity', false, null],
    ]);
    expect(JSON.parse(textOf(all))).toEqual(list);
    const rest = await api.request('GET', '/api/v1/citations');
    expect(rest.json).toEqual(list);

    const paged = await call(client, 'list_citations', { engine: 'perplexity', limit: 1 });
    expect((paged.structuredContent as typeof list).citations.map((c) => c.engine)).toEqual(['perplexity']);
    const first = await call(client, 'list_citations', { limit: 1 });
    const cursor = (first.structuredContent as typeof list).next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const second = await call(client, 'list_citations', { limit: 1, cursor: cursor! });
    expect((second.structuredContent as typeof list).citations.map((c) => c.engine)).toEqual(['perplexity']);
  });
});

describe('crawl_site and get_crawl', () => {
  it('start a site audit as POST /crawls does and follow it to the rollup GET /crawls/{id} answers', async () => {
    const account = await api.newAccount('agency');
    const client = await connectHttp(api.url, account.key);
    try {
      const started = await call(client, 'crawl_site', { url: pageUrl, max_pages: 2 });
      expect(started.isError).toBeFalsy();
      const { crawl } = started.structuredContent as { crawl: { id: string; status: string; max_pages: number } };
      expect(crawl).toMatchObject({ status: 'queued', max_pages: 2, url: pageUrl });
      type Progress = { status: string; progress: { audited: number }; score: number | null };
      let ended: Progress | undefined;
      for (let i = 0; i < 300 && !ended; i++) {
        const read = (await call(client, 'get_crawl', { id: crawl.id.toUpperCase() })).structuredContent as { crawl: Progress };
        if (read.crawl.status !== 'queued' && read.crawl.status !== 'running') ended = read.crawl;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(ended).toMatchObject({ status: 'complete', progress: { audited: expect.any(Number) } });
      expect(ended!.progress.audited).toBeGreaterThanOrEqual(1);
      expect((await call(client, 'get_crawl', { id: crawl.id })).structuredContent).toEqual(
        (await api.request('GET', `/api/v1/crawls/${crawl.id}`, { key: account.key })).json,
      );
      const unknown = await call(client, 'get_crawl', { id: '00000000-0000-4000-8000-000000000000' });
      expect([unknown.isError, textOf(unknown)]).toEqual([true, 'No crawl with id "00000000-0000-4000-8000-000000000000" in this account']);
      const bad = await call(client, 'crawl_site', { url: 'ftp://example.com' });
      expect([bad.isError, textOf(bad)]).toEqual([true, 'only http and https URLs can be audited, not ftp:']);
      const tooMany = await call(client, 'crawl_site', { url: pageUrl, max_pages: 10_001 });
      expect(tooMany.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe('get_fixes', () => {
  it("answers GET /audits/{id}/fixes' fixes for the account's audit, and tool errors for mistakes", async () => {
    const account = await api.newAccount('agency');
    const client = await connectHttp(api.url, account.key);
    try {
      const audit = auditOf(await call(client, 'audit_url', { url: pageUrl }));
      const answer = await call(client, 'get_fixes', { audit_id: audit.id, policy: 'allow-all' });
      expect(answer.isError).toBeFalsy();
      const rest = await api.request('GET', `/api/v1/audits/${audit.id}/fixes?policy=allow-all`, { key: account.key });
      expect(answer.structuredContent).toEqual(rest.json);
      expect((answer.structuredContent as { fixes: unknown[] }).fixes.length).toBeGreaterThan(0);
      const both = await call(client, 'get_fixes', { audit_id: audit.id, crawl_id: audit.id });
      expect([both.isError, textOf(both)]).toEqual([true, 'Give exactly one of audit_id and crawl_id']);
      const foreign = await call(client, 'get_fixes', { audit_id: expected.id });
      expect([foreign.isError, textOf(foreign)]).toEqual([true, `No audit with id "${expected.id}" in this account`]);
      const crawl = await call(client, 'get_fixes', { crawl_id: '00000000-0000-4000-8000-000000000000' });
      expect(textOf(crawl)).toBe('No crawl with id "00000000-0000-4000-8000-000000000000" in this account');
    } finally {
      await client.close();
    }
  });
});

describe('citation_summary', () => {
  it("answers GET /citations/summary's summary for the account, its errors as tool errors", async () => {
    const account = await api.newAccount('agency');
    const client = await connectHttp(api.url, account.key);
    try {
      const created = await api.request('POST', '/api/v1/prompts', {
        key: account.key,
        body: { text: 'best kettle', domain: 'brew.example' },
      });
      const citations = await api.store.citations();
      const stored = (await citations.getPrompt(account.accountId, created.json.prompt.id))!;
      const day = new Date().toISOString().slice(0, 10);
      await citations.appendResult(
        row(stored, 'chatgpt', `${day}T00:00:01.000Z`, { cited: true, cited_runs: 1, visible_runs: 1, position: 3 }),
      );
      await citations.appendResult(row(stored, 'claude', `${day}T00:00:02.000Z`));
      const answer = await call(client, 'citation_summary', { since: day });
      expect(answer.isError).toBeFalsy();
      const { summary } = answer.structuredContent as { summary: Record<string, unknown> };
      expect(summary).toMatchObject({
        runs: 2,
        cited_runs: 1,
        visibility: 0.5,
        citation_rate: 0.5,
        avg_position: 3,
        since: day,
        until: day,
      });
      expect(answer.structuredContent).toEqual(
        (await api.request('GET', `/api/v1/citations/summary?since=${day}`, { key: account.key })).json,
      );
      const bad = await call(client, 'citation_summary', { since: '2026-02-30' });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toContain('since must be an ISO 8601 date');
    } finally {
      await client.close();
    }
  });
});

describe('crawler_traffic', () => {
  it("answers GET /projects/{id}/traffic's traffic for the account's project, its errors as tool errors", async () => {
    const account = await api.newAccount('agency');
    const client = await connectHttp(api.url, account.key);
    try {
      const project = (await api.request('POST', '/api/v1/projects', { key: account.key, body: { name: 'Brew', domain: 'brew.example' } }))
        .json.project;
      const line = '20.171.206.12 - - [01/Aug/2026:10:00:00 +0000] "GET /a HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; GPTBot/1.3)"';
      const upload = await fetch(`${api.url}/api/v1/projects/${project.id}/logs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.key}` },
        body: `${line}\n${line}\n`,
      });
      expect(upload.status).toBe(202);
      await api.citable.traffic.idle();
      const answer = await call(client, 'crawler_traffic', { project_id: project.id, since: '2026-08-01' });
      expect(answer.isError).toBeFalsy();
      expect((answer.structuredContent as { traffic: { agents: { agent: string; hits: number }[] } }).traffic.agents).toMatchObject([
        { agent: 'GPTBot', hits: 2 },
      ]);
      expect(answer.structuredContent).toEqual(
        (await api.request('GET', `/api/v1/projects/${project.id}/traffic?since=2026-08-01`, { key: account.key })).json,
      );
      const other = await call(client, 'crawler_traffic', { project_id: 'prj_0000000000000000' });
      expect(other.isError).toBe(true);
      expect(textOf(other)).toBe('Project not found');
      const bad = await call(client, 'crawler_traffic', { project_id: project.id, until: '2026-02-30' });
      expect(textOf(bad)).toContain('until must be an ISO 8601 date');
    } finally {
      await client.close();
    }
  });
});

describe('the limit of 10 audits per minute per account', () => {
  it('is shared with POST /audits: the 11th audit through either door is refused, by MCP as a tool error naming the limit', async () => {
    const account = await api.newAccount('agency');
    const client = await connectHttp(api.url, account.key);
    try {
      // A URL refused before running does not count, as with POST /audits.
      for (let i = 0; i < 3; i++) expect((await call(client, 'audit_url', { url: 'ftp://example.com/' })).isError).toBe(true);
      for (let i = 0; i < 4; i++)
        expect((await api.request('POST', '/api/v1/audits', { key: account.key, body: { url: pageUrl } })).status).toBe(201);
      for (let i = 0; i < 6; i++) auditOf(await call(client, 'audit_url', { url: pageUrl }));

      const refused = await call(client, 'audit_url', { url: pageUrl });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^Rate limit exceeded: max 10 audits per minute: retry in \d+ s$/);
      const rest = await api.request('POST', '/api/v1/audits', { key: account.key, body: { url: pageUrl } });
      expect(rest.status).toBe(429);
      expect(rest.json).toEqual({ error: 'Rate limit exceeded: max 10 audits per minute' });

      // Reading is not limited, and another account has its own allowance.
      expect((await call(client, 'list_citations', {})).isError).toBeFalsy();
      const other = await api.newAccount('agency');
      const otherClient = await connectHttp(api.url, other.key);
      try {
        auditOf(await call(otherClient, 'audit_url', { url: pageUrl }));
      } finally {
        await otherClient.close();
      }
      const stored = await api.request('GET', '/api/v1/audits?limit=100', { key: account.key });
      expect(stored.json.audits).toHaveLength(10);
    } finally {
      await client.close();
    }
  });
});

describe('keys and plans, as on the REST API', () => {
  it('a bad key fails the connection with 401, WWW-Authenticate and a JSON error', async () => {
    // The SDK's client surfaces the status as the error's code and the body in its message.
    await expect(connectHttp(api.url, `cit_${'x'.repeat(32)}`)).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining('Unknown API key'),
    });
    await expect(connectHttp(api.url, null)).rejects.toMatchObject({ code: 401 });
    const res = await api.request('POST', '/mcp', { key: `cit_${'x'.repeat(32)}`, body: INITIALIZE, headers: MCP_HEADERS });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="citable", error="invalid_token"');
    expect(res.json).toEqual({ error: 'Unknown API key' });
    const none = await api.request('POST', '/mcp', { key: null, body: INITIALIZE, headers: MCP_HEADERS });
    expect(none.status).toBe(401);
    expect(none.json.error).toContain('Missing API key');
  });

  it('a revoked key is 401', async () => {
    const fresh = await api.newKey(api.accountId);
    await api.store.revokeKey(fresh.keyId);
    const res = await api.request('POST', '/mcp', { key: fresh.key, body: INITIALIZE, headers: MCP_HEADERS });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: 'This API key has been revoked' });
  });

  it('a Free or Pro plan key is 403, before any tool runs', async () => {
    for (const plan of ['free', 'pro'] as const) {
      const account = await api.newAccount(plan);
      await expect(connectHttp(api.url, account.key)).rejects.toMatchObject({ code: 403, message: expect.stringContaining('Agency plan') });
      const before = site.requests.length;
      const res = await api.request('POST', '/mcp', {
        key: account.key,
        body: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'audit_url', arguments: { url: pageUrl } } },
        headers: { ...MCP_HEADERS, 'mcp-protocol-version': '2025-06-18' },
      });
      expect(res.status).toBe(403);
      expect(res.json.error).toMatch(/^The API requires the Agency plan \(this account is on the (Free|Pro) plan\)$/);
      expect(site.requests.length).toBe(before);
    }
  });
});

describe('the HTTP edges of /mcp', () => {
  it('answers initialize with plain JSON and no session id (stateless), and notifications with 202', async () => {
    const res = await api.request('POST', '/mcp', { body: INITIALIZE, headers: MCP_HEADERS });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.headers.get('x-request-id')).toEqual(expect.any(String));
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'citable' }, capabilities: { tools: {} } } });
    const note = await api.request('POST', '/mcp', {
      body: { jsonrpc: '2.0', method: 'notifications/initialized' },
      headers: { ...MCP_HEADERS, 'mcp-protocol-version': '2025-06-18' },
    });
    expect(note.status).toBe(202);
    expect(note.text).toBe('');
  });

  it('GET and DELETE are 405 with Allow: POST and a JSON error (no sessions, no server stream)', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const res = await api.request(method, '/mcp', { headers: MCP_HEADERS });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.json).toEqual({ error: `Method ${method} is not allowed on /mcp; allowed: POST` });
    }
  });

  it('refuses malformed, oversized, non-JSON and batch bodies with the API error shape', async () => {
    const malformed = await api.request('POST', '/mcp', {
      rawBody: '{"jsonrpc": "2.0", ',
      headers: { ...MCP_HEADERS, 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatch(/^Malformed JSON in request body/);

    const huge = await api.request('POST', '/mcp', { body: { ...INITIALIZE, padding: 'x'.repeat(70_000) }, headers: MCP_HEADERS });
    expect(huge.status).toBe(413);
    expect(huge.json).toEqual({ error: 'Request body too large: the limit is 64 KB' });

    const text = await api.request('POST', '/mcp', { rawBody: 'hello', headers: { ...MCP_HEADERS, 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(Object.keys(text.json)).toEqual(['error']);

    const batch = await api.request('POST', '/mcp', { body: [INITIALIZE], headers: MCP_HEADERS });
    expect(batch.status).toBe(400);
    expect(batch.json).toEqual({ error: 'Request body must be a JSON object' });

    const notRpc = await api.request('POST', '/mcp', { body: { hello: 'world' }, headers: MCP_HEADERS });
    expect(notRpc.status).toBe(400);
    expect(Object.keys(notRpc.json)).toEqual(['error']);
    expect(notRpc.json.error).toContain('JSON-RPC');
  });

  it("the transport's own refusals leave in the API error shape too (an Accept without SSE: 406)", async () => {
    const res = await api.request('POST', '/mcp', { body: INITIALIZE, headers: { accept: 'application/json' } });
    expect(res.status).toBe(406);
    expect(res.json).toEqual({ error: 'Not Acceptable: Client must accept both application/json and text/event-stream' });
  });

  it('refuses requests from web pages (a foreign Origin) with 403 before looking at the key', async () => {
    const res = await api.request('POST', '/mcp', { body: INITIALIZE, headers: { ...MCP_HEADERS, origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.json.error).toContain('Requests from web pages are refused on /mcp');
  });
});

describe('the SSRF guard applies to audit_url', () => {
  it('a loopback address is a tool error naming the reason, and the site is never contacted', async () => {
    const guarded = await startTestApi({ fetcher: createNodeFetcher({ allowPrivate: false }) });
    const client = await connectHttp(guarded.url, guarded.key);
    try {
      const before = site.connections;
      const refused = await call(client, 'audit_url', { url: pageUrl });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toBe(
        `Cannot audit ${pageUrl}: the host resolves to a private, loopback, link-local or reserved address, which is not audited.`,
      );
      expect(site.connections).toBe(before);
      expect((await guarded.request('GET', '/api/v1/audits')).json.audits).toEqual([]);
    } finally {
      await client.close();
      await guarded.close({ removeData: true });
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents POST /mcp with a JSON-RPC body, the API error shape, and every registered tool', async () => {
    const doc = (await api.request('GET', '/api/v1/openapi.json', { key: null })).json;
    const post = doc.paths['/mcp'].post;
    expect(post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/JsonRpcMessage' });
    for (const status of ['400', '401', '403', '406', '413', '415']) {
      expect(post.responses[status].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    const tag = doc.tags.find((t: { name: string }) => t.name === 'MCP');
    for (const tool of MCP_TOOLS) expect(tag.description).toContain(`\`${tool.name}\``);
  });
});
