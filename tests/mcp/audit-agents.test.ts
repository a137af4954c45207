/**
 * audit_url's `agents` over MCP (Streamable HTTP, the official SDK client, the real app on 127.0.0.1): the sample
 * by default, every agent that sends requests with "all", and another value refused as a tool error.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probedAgents } from '../../shared/crawlers/probe-selection.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import { startTestApi, type TestApi } from '../server/helpers/test-api.js';
import { TARGET, startEdgeFixture } from '../helpers/edge-fixture.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { auditOf, call, connectHttp, textOf } from './helpers/mcp-clients.js';

let site: FixtureSite;
let api: TestApi;
let client: Client;

beforeAll(async () => {
  site = await startEdgeFixture();
  api = await startTestApi({ fetcher: createNodeFetcher({ allowPrivate: true }) });
  client = await connectHttp(api.url, api.key);
});
afterAll(async () => {
  await client?.close();
  await api?.close({ removeData: true });
  await site?.close();
});

describe('audit_url agents', () => {
  it('probes the sample by default: the refused agent is named in the crawler table', async () => {
    const audit = auditOf(await call(client, 'audit_url', { url: `${site.url}/forbidden` }));
    const probed = audit.crawlers.filter((c) => c.served !== null).map((c) => c.agent);
    expect(probed.sort()).toEqual(probedAgents('sample').sort());
    expect(audit.crawlers.find((c) => c.agent === TARGET)?.served).toMatchObject({ outcome: 'blocked', http_status: 403 });
    expect(audit.issues.find((i) => i.rule === 'access.edge-refuses-allowed-agent')?.detail).toContain(TARGET);
  });

  it('"all" probes every agent that sends requests', async () => {
    const audit = auditOf(await call(client, 'audit_url', { url: `${site.url}/bots-forbidden`, agents: 'all' }));
    const blocked = audit.crawlers.filter((c) => c.served?.outcome === 'blocked').map((c) => c.agent);
    expect(blocked.sort()).toEqual(probedAgents('all').sort());
  });

  it('another value is a tool error naming agents', async () => {
    const wrong = await call(client, 'audit_url', { url: `${site.url}/ok`, agents: 'every' });
    expect(wrong.isError).toBe(true);
    expect(textOf(wrong)).toMatch(/Invalid arguments for tool audit_url.*agents/s);
  });
});
