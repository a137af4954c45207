/**
 * The built programs as a user runs them, driven by the official SDK's client: `citable mcp` over stdio
 * (node bin/citable.cjs from a copy of the build, as `npx citable mcp` runs it), on its own and
 * forwarding to a server, and POST /mcp on the built server (`node dist/server.mjs`, audits in worker
 * threads).
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audit } from '../../shared/types/audit.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import { row } from '../server/store/contracts/citations-rows.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { startTestApi, type TestApi } from '../server/helpers/test-api.js';
import { startServerProcess } from '../helpers/server-process.js';
import { auditOf, call, connectHttp, connectStdio, textOf, type StdioSession } from './helpers/mcp-clients.js';
import { engineAudit, expectFixtureAudit, startMcpFixtureSite } from './helpers/mcp-fixture.js';
import { PUBLISHED_TOOLS } from './tool-names.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
let install: string;
let citable: string;
let site: FixtureSite;
let pageUrl: string;
let expected: Audit;

beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT });
  // A private copy of the command: other test files rebuild dist/ while these run. The CLI's bundles
  // need nothing from node_modules, which this also proves for the MCP SDK inside the mcp bundle.
  install = mkdtempSync(path.join(os.tmpdir(), 'citable-mcp-install-'));
  cpSync(path.join(ROOT, 'bin/citable.cjs'), path.join(install, 'bin/citable.cjs'));
  cpSync(path.join(ROOT, 'dist'), path.join(install, 'dist'), { recursive: true, filter: (src) => !src.includes('.v8-cache') });
  citable = path.join(install, 'bin/citable.cjs');
  site = await startMcpFixtureSite();
  pageUrl = `${site.url}/`;
  expected = await engineAudit(pageUrl);
}, 120_000);
afterAll(async () => {
  await site?.close();
  if (install) rmSync(install, { recursive: true, force: true });
});

function runCitable(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [citable, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('citable mcp on its own (audits on this machine)', () => {
  let session: StdioSession;
  beforeAll(async () => {
    session = await connectStdio(process.execPath, [citable, 'mcp'], { AUDIT_ALLOW_PRIVATE: '1' });
  });
  afterAll(() => session?.client.close());

  it('lists audit_url, get_audit and get_fixes (no account here, so no list_citations)', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['audit_url', 'get_audit', 'get_fixes']);
    expect(session.client.getInstructions()).toContain('audit_url');
  });

  it('audit_url audits the loopback site with AUDIT_ALLOW_PRIVATE=1; get_audit reads it back in the session', async () => {
    const audit = auditOf(await call(session.client, 'audit_url', { url: pageUrl }));
    expectFixtureAudit(audit, expected, pageUrl);
    expect(auditOf(await call(session.client, 'get_audit', { id: audit.id }))).toEqual(audit);
    const unknown = await call(session.client, 'get_audit', { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('among the audits this citable mcp process ran');
  });

  it("get_fixes builds the fixes of an audit it ran, and says a crawl's need a server", async () => {
    const audit = auditOf(await call(session.client, 'audit_url', { url: pageUrl }));
    const answer = await call(session.client, 'get_fixes', { audit_id: audit.id });
    expect(answer.isError).toBeFalsy();
    const { fixes } = answer.structuredContent as { fixes: Array<{ id: string; rules: string[] }> };
    const fired = new Set(audit.issues.map((i) => i.rule));
    for (const fix of fixes) for (const rule of fix.rules) expect(fired.has(rule)).toBe(true);
    const crawl = await call(session.client, 'get_fixes', { crawl_id: audit.id });
    expect([crawl.isError, textOf(crawl)]).toEqual([true, expect.stringContaining('keeps no crawls')]);
  });

  it('bad arguments are tool errors; the process keeps serving; stdout stayed protocol-only and stderr silent', async () => {
    const number = await call(session.client, 'audit_url', { url: 123 });
    expect(number.isError).toBe(true);
    expect(textOf(number)).toMatch(/expected string/);
    const script = await call(session.client, 'audit_url', { url: 'javascript:alert(1)' });
    expect(textOf(script)).toBe('only http and https URLs can be audited, not javascript:');
    const dns = await call(session.client, 'audit_url', { url: 'http://no-such-host.invalid/' });
    expect(dns.isError).toBe(true);
    expect(textOf(dns)).toContain('does not resolve');
    expectFixtureAudit(auditOf(await call(session.client, 'audit_url', { url: pageUrl })), expected, pageUrl);
    expect(session.errors).toEqual([]);
    expect(session.stderr()).toBe('');
  });
});

describe('citable mcp without AUDIT_ALLOW_PRIVATE', () => {
  it('refuses a loopback address with a tool error that names the switch, and never contacts it', async () => {
    const session = await connectStdio(process.execPath, [citable, 'mcp'], {});
    try {
      const before = site.connections;
      const refused = await call(session.client, 'audit_url', { url: pageUrl });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('private, loopback, link-local or reserved address');
      expect(textOf(refused)).toContain('AUDIT_ALLOW_PRIVATE=1');
      expect(site.connections).toBe(before);
    } finally {
      await session.client.close();
    }
  });
});

describe('stdout of citable mcp', () => {
  it('holds protocol messages only, even around a garbage line; closing stdin still answers the running calls, then exits 0', async () => {
    const child = spawn(process.execPath, [citable, 'mcp'], {
      env: { PATH: process.env.PATH ?? '', AUDIT_ALLOW_PRIVATE: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      'this is not json',
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'audit_url', arguments: { url: pageUrl } } },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'audit_url', arguments: { url: 123 } } },
    ];
    child.stdin.end(lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
    expect(await exited).toBe(0);

    const out = stdout.split('\n').filter((l) => l !== '');
    const messages = out.map((l) => JSON.parse(l) as { jsonrpc: string; id: number; result?: any; error?: unknown });
    expect(messages.every((m) => m.jsonrpc === '2.0')).toBe(true);
    expect(messages.map((m) => m.id).sort()).toEqual([1, 2, 3, 4]);
    const byId = new Map(messages.map((m) => [m.id, m]));
    expect(byId.get(3)!.result.structuredContent.audit.score).toBe(expected.score);
    expect(byId.get(4)!.result.isError).toBe(true);
    expect(stderr).toContain('mcp: ignored a message');
  });
});

describe('citable mcp with a Citable server (CITABLE_API_URL, CITABLE_API_KEY)', () => {
  let api: TestApi;
  let session: StdioSession;
  beforeAll(async () => {
    api = await startTestApi({ fetcher: createNodeFetcher({ allowPrivate: true }) });
    // No AUDIT_ALLOW_PRIVATE here: the server's fetcher does the auditing.
    session = await connectStdio(process.execPath, [citable, 'mcp'], { CITABLE_API_URL: api.url, CITABLE_API_KEY: api.key });
  });
  afterAll(async () => {
    await session?.client.close();
    await api?.close({ removeData: true });
  });

  it('offers citation_summary and list_citations too, and forwards audit_url to the server, which stores the audit in the account', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(PUBLISHED_TOOLS);
    const audit = auditOf(await call(session.client, 'audit_url', { url: pageUrl }));
    expectFixtureAudit(audit, expected, pageUrl);
    const stored = await api.request('GET', `/api/v1/audits/${audit.id}`);
    expect(stored.json.audit).toEqual(audit);
    expect(auditOf(await call(session.client, 'get_audit', { id: audit.id }))).toEqual(audit);
    expect(textOf(await call(session.client, 'get_audit', { id: 'f'.repeat(8) }))).toContain(
      `No audit with id "ffffffff" in the account of CITABLE_API_KEY on ${api.url}`,
    );
  });

  it('forwards crawl_site and get_crawl to the server: its crawl, its 404 as "no crawl", its 400 message as the tool error', async () => {
    const started = await call(session.client, 'crawl_site', { url: pageUrl, max_pages: 1 });
    expect(started.isError).toBeFalsy();
    const { crawl } = started.structuredContent as { crawl: { id: string } };
    const read = await call(session.client, 'get_crawl', { id: crawl.id });
    expect((read.structuredContent as { crawl: { id: string; url: string } }).crawl).toMatchObject({ id: crawl.id, url: pageUrl });
    expect(textOf(await call(session.client, 'get_crawl', { id: '00000000-0000-4000-8000-000000000000' }))).toContain('No crawl with id');
    expect(textOf(await call(session.client, 'crawl_site', { url: 'ftp://example.com' }))).toBe(
      'only http and https URLs can be audited, not ftp:',
    );
  });

  it("list_citations answers the account's rows; the server's 400 message comes back as the tool error", async () => {
    const created = await api.request('POST', '/api/v1/prompts', { body: { text: 'how to brew pour-over', domain: 'brew.example' } });
    const citations = await api.store.citations();
    const prompt = (await citations.getPrompt(api.accountId, created.json.prompt.id))!;
    await citations.appendResult(row(prompt, 'claude', '2026-09-02T09:00:00.000Z', { cited: true, cited_runs: 1, position: 1 }));
    const listed = await call(session.client, 'list_citations', { engine: 'claude' });
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toEqual((await api.request('GET', '/api/v1/citations?engine=claude')).json);
    expect((listed.structuredContent as { citations: Array<{ prompt_id: string; cited: boolean }> }).citations).toEqual([
      expect.objectContaining({ prompt_id: prompt.id, engine: 'claude', cited: true, position: 1 }),
    ]);
    const bad = await call(session.client, 'list_citations', { prompt_id: 'nope' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe('prompt_id must be a prompt id such as prm_0123456789abcdef');
  });

  it('an unknown key, a Free-plan key and an unreachable server are tool errors that say so', async () => {
    const free = await api.newAccount('free');
    const closed = await startTestApi();
    const closedUrl = closed.url;
    await closed.close({ removeData: true });
    const cases: Array<[Record<string, string>, string]> = [
      [
        { CITABLE_API_URL: api.url, CITABLE_API_KEY: `cit_${'0'.repeat(32)}` },
        `The Citable server at ${api.url} refused the API key (CITABLE_API_KEY): Unknown API key`,
      ],
      [
        { CITABLE_API_URL: `${api.url}/api/v1/`, CITABLE_API_KEY: free.key },
        'refused the API key (CITABLE_API_KEY): The API requires the Agency plan (this account is on the Free plan)',
      ],
      [{ CITABLE_API_URL: closedUrl, CITABLE_API_KEY: api.key }, `Cannot reach the Citable server at ${closedUrl}: ECONNREFUSED`],
    ];
    for (const [env, message] of cases) {
      const other = await connectStdio(process.execPath, [citable, 'mcp'], env);
      try {
        const answer = await call(other.client, 'audit_url', { url: pageUrl });
        expect(answer.isError).toBe(true);
        expect(textOf(answer)).toContain(message);
      } finally {
        await other.client.close();
      }
    }
  });
});

describe('citable mcp arguments', () => {
  it('--help prints the usage; wrong arguments exit 2 with one line on stderr and nothing on stdout', async () => {
    const help = await runCitable(['mcp', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: citable mcp [--api-url URL]');
    const cases: Array<[string[], Record<string, string>, string]> = [
      [['mcp', 'extra'], {}, 'takes no arguments'],
      [['mcp', '--api-url', 'http://127.0.0.1:8787'], {}, 'set CITABLE_API_KEY'],
      [['mcp'], { CITABLE_API_KEY: `cit_${'a'.repeat(32)}` }, 'set CITABLE_API_URL'],
      [['mcp', '--api-url', 'ftp://example.com', '--api-key', `cit_${'a'.repeat(32)}`], {}, 'must start with http:// or https://'],
      [['mcp', '--api-url', 'http://127.0.0.1:8787', '--api-key', 'secret'], {}, 'does not look like a Citable key'],
      [['mcp', '--frobnicate'], {}, 'Unknown option --frobnicate'],
      [['mcp'], { AUDIT_DEADLINE_MS: 'soon' }, 'AUDIT_DEADLINE_MS'],
    ];
    for (const [args, env, message] of cases) {
      const result = await runCitable(args, env);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(message);
    }
    expect((await runCitable(['--help'])).stdout).toContain('citable mcp [--api-url URL]');
  });
});

describe('POST /mcp on the built server', () => {
  it('audits in a worker thread and stores the audit for the account of the key', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-mcp-server-'));
    const server = await startServerProcess({ env: { DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1' } });
    try {
      const key = server.firstKey!;
      const client = await connectHttp(server.url, key);
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(PUBLISHED_TOOLS);
        const audit = auditOf(await call(client, 'audit_url', { url: pageUrl }));
        expectFixtureAudit(audit, expected, pageUrl);
        const stored = await fetch(`${server.url}/api/v1/audits/${audit.id}`, { headers: { authorization: `Bearer ${key}` } });
        expect(((await stored.json()) as { audit: Audit }).audit).toEqual(audit);
      } finally {
        await client.close();
      }
      expect(server.requests('POST', '/mcp').map((l) => l.status)).toContain(200);
      expect(JSON.stringify(server.logs)).not.toContain(key); // the key never reaches the log
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
