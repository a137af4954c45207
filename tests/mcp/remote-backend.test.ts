/**
 * `citable mcp --api-url`'s backend against servers that misbehave (real HTTP on 127.0.0.1): every
 * failure is an McpToolError that says what to do, never an internal error or a hang.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpToolError } from '../../server/mcp/backend.js';
import { createRemoteBackend, parseApiUrl } from '../../server/mcp/backends/remote-backend.js';
import { extensionAudit } from '../server/helpers/extension-audit.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';

const KEY = `cit_${'k'.repeat(32)}`;
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

let server: FixtureSite;
beforeAll(async () => {
  const audit = extensionAudit();
  server = await startFixtureSite({
    '/newer/api/v1/audits': json(201, { audit: { ...audit, verdict_of_the_future: true } }),
    '/moved/api/v1/audits': { status: 301, headers: { location: 'https://citable.example/api/v1/audits' } },
    '/broken/api/v1/audits': { status: 502, body: '<html>Bad gateway</html>' },
    '/busy/api/v1/audits': json(429, { error: 'Rate limit exceeded: max 10 audits per minute' }, { 'retry-after': '7' }),
    '/hangs/api/v1/audits': () => new Promise<void>(() => {}), // never answers
    '/ok/api/v1/audits/00000000-0000-4000-8000-000000000000': json(404, { error: 'Audit not found' }),
  });
});
afterAll(() => server?.close());

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpToolError);
  return (error as Error).message;
}

describe('the remote backend', () => {
  const at = (prefix: string, timeoutMs?: number) =>
    createRemoteBackend({ apiUrl: `${server.url}${prefix}`, apiKey: KEY, ...(timeoutMs ? { timeoutMs } : {}) });

  it('says so when the server answers an audit this version cannot read', async () => {
    expect(await refusal(at('/newer').runAudit('example.com'))).toMatch(
      /answered with an audit this citable cannot read \(.*verdict_of_the_future.*\): use the same version of citable as the server$/,
    );
  });

  it('names a redirect instead of following it with the key', async () => {
    expect(await refusal(at('/moved').runAudit('example.com'))).toBe(
      `The Citable server at ${server.url}/moved redirects to https://citable.example/api/v1/audits: set CITABLE_API_URL to the server's own address`,
    );
  });

  it('reports a failing server, a rate limit with its wait, and a server that never answers', async () => {
    expect(await refusal(at('/broken').runAudit('example.com'))).toBe(
      `The Citable server at ${server.url}/broken failed (HTTP 502): HTTP 502`,
    );
    expect(await refusal(at('/busy').runAudit('example.com'))).toBe('Rate limit exceeded: max 10 audits per minute: retry in 7 s');
    expect(await refusal(at('/hangs', 300).runAudit('example.com'))).toBe(
      `The Citable server at ${server.url}/hangs did not answer within 0.3 s`,
    );
  });

  it('answers null for an unknown or malformed audit id (the tool says "not found"), asking nothing for a malformed one', async () => {
    const before = server.requests.length;
    expect(await at('/ok').getAudit('../../../etc/passwd')).toBeNull();
    expect(server.requests.length).toBe(before);
    expect(await at('/ok').getAudit('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('sends the key as a bearer token', () => {
    const sent = server.requests.find((r) => r.path === '/busy/api/v1/audits');
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});

describe('parseApiUrl', () => {
  it('accepts a server address with or without /api/v1, and refuses what cannot be one', () => {
    expect(parseApiUrl('http://127.0.0.1:8787')).toEqual({ ok: true, url: 'http://127.0.0.1:8787' });
    expect(parseApiUrl(' https://citable.example/base/api/v1/ ')).toEqual({ ok: true, url: 'https://citable.example/base' });
    for (const [raw, message] of [
      ['ftp://citable.example', 'must start with http:// or https://'],
      ['127.0.0.1:8787', "give the server's address, such as http://127.0.0.1:8787"],
      ['not a url', 'is not a URL'],
      ['https://user:pw@citable.example', 'must not contain credentials'],
      ['https://citable.example/?key=1', 'must not contain a query'],
    ] as const) {
      const parsed = parseApiUrl(raw);
      expect(parsed.ok).toBe(false);
      expect(parsed.ok ? '' : parsed.message).toContain(message);
    }
  });
});
