/**
 * Keys for clients. A read-only key (scope "read") can GET but not POST, PUT or DELETE
 * (403, insufficient_scope), by a rule of the authentication middleware on the method, so every route
 * inherits it; an expired key is 401 like a revoked one. Over MCP a read-only key sees and calls the
 * tools that only read; a tool call that writes (audit_url) is 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../../../server/auth/api-key.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { extensionAudit } from '../../helpers/extension-audit.js';

const readOnly = (method: string) =>
  `This API key is read-only: it can read (GET), not ${method}. Use a key with full access for requests that change anything`;

describe('key scopes and expiry', () => {
  let api: TestApi;
  let now = new Date('2026-11-21T10:00:00.000Z');
  let readKey: string;
  beforeAll(async () => {
    api = await startTestApi({ now: () => now });
    readKey = await keyFor({ scope: 'read' });
  });
  afterAll(() => api.close({ removeData: true }));

  async function keyFor(extra: { scope?: 'read' | 'full'; expires_at?: string | null }): Promise<string> {
    const key = generateApiKey();
    await api.store.createKey({ account_id: api.accountId, name: 'client', prefix: key.prefix, hash: key.hash, ...extra });
    return key.key;
  }

  it('a read-only key reads: GET of lists, an audit, citations, prompts', async () => {
    const audit = extensionAudit();
    expect((await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } })).status).toBe(201);
    for (const path of ['/api/v1/audits', `/api/v1/audits/${audit.id}`, '/api/v1/citations', '/api/v1/prompts']) {
      expect((await api.request('GET', path, { key: readKey })).status, path).toBe(200);
    }
  });

  it.each([
    ['POST', '/api/v1/audits', { url: 'shop.example' }],
    ['PUT', `/api/v1/audits/${extensionAudit().id}`, { audit: extensionAudit() }],
    ['POST', '/api/v1/prompts', { text: 'q', domain: 'acme.com' }],
    ['DELETE', '/api/v1/prompts/prm_0000000000000000', undefined],
    ['POST', '/api/v1/citations/checks', undefined],
  ])('a read-only key cannot %s %s: 403 insufficient_scope, nothing done', async (method, path, body) => {
    const before = (await api.request('GET', '/api/v1/audits?limit=100')).json.audits.length;
    const res = await api.request(method, path, { key: readKey, ...(body ? { body } : {}) });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: readOnly(method) });
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="citable", error="insufficient_scope", scope="full"');
    expect((await api.request('GET', '/api/v1/audits?limit=100')).json.audits).toHaveLength(before);
  });

  it('a key that has expired is 401 like a revoked one; until then it works', async () => {
    const key = await keyFor({ expires_at: '2026-11-22T10:00:00.000Z' });
    expect((await api.request('GET', '/api/v1/audits', { key })).status).toBe(200);
    now = new Date('2026-11-22T10:00:00.000Z');
    try {
      const res = await api.request('GET', '/api/v1/audits', { key });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error: 'This API key expired at 2026-11-22T10:00:00.000Z' });
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="citable", error="invalid_token"');
      // Other keys are not affected.
      expect((await api.request('GET', '/api/v1/audits')).status).toBe(200);
    } finally {
      now = new Date('2026-11-21T10:00:00.000Z');
    }
  });

  describe('over MCP', () => {
    const rpc = (key: string, body: unknown) =>
      api.request('POST', '/mcp', { key, body, headers: { accept: 'application/json, text/event-stream' } });

    it('tools/list offers a read-only key only the tools that read', async () => {
      const res = await rpc(readKey, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(res.status).toBe(200);
      const names = res.json.result.tools.map((t: { name: string }) => t.name);
      expect(names).toContain('get_audit');
      expect(names).not.toContain('audit_url');
      expect(names).toContain('get_crawl');
      expect(names).not.toContain('crawl_site');
      expect(names).toContain('get_fixes');
      const full = await rpc(api.key, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(full.json.result.tools.map((t: { name: string }) => t.name)).toContain('audit_url');
    });

    it('a tool call that writes (audit_url) is 403; one that reads (get_audit) answers', async () => {
      const write = await rpc(readKey, {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'audit_url', arguments: { url: 'shop.example' } },
      });
      expect(write.status).toBe(403);
      expect(write.json).toEqual({
        error: 'This API key is read-only: the MCP tool audit_url changes the account (it stores an audit). Use a key with full access',
      });
      const read = await rpc(readKey, {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'get_audit', arguments: { id: extensionAudit().id } },
      });
      expect(read.status).toBe(200);
      expect(read.json.result.isError).toBe(true); // not found: a tool error the agent reads, not a refusal
    });
  });
});
