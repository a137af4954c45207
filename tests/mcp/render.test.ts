/**
 * `render` over MCP (Streamable HTTP, the official SDK client, the real app on 127.0.0.1): audit_url fills
 * `rendering` with a browser, and both audit_url and crawl_site answer the API's 503 message as a tool error
 * on a server without one.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import { createAddressGuard } from '../../server/net/address-guard.js';
import { createPageRenderer, type PageRendererHost } from '../../server/render/page-renderer.js';
import { startTestApi, type TestApi } from '../server/helpers/test-api.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { auditOf, call, connectHttp, textOf } from './helpers/mcp-clients.js';

const PAGE = `<!doctype html><html lang="en"><head><title>Shell</title></head><body><p>Short intro.</p><script>
const ld = document.createElement('script'); ld.type = 'application/ld+json';
ld.textContent = '{"@context":"https://schema.org","@type":"Organization","name":"Roastery"}'; document.head.append(ld);
</script></body></html>`;

let site: FixtureSite;
let renderer: PageRendererHost;
let withBrowser: TestApi;
let without: TestApi;
const clients: Client[] = [];

beforeAll(async () => {
  site = await startFixtureSite({ '/': { body: PAGE } });
  const fetcher = createNodeFetcher({ allowPrivate: true });
  renderer = createPageRenderer({
    chromiumPath: '/usr/bin/chromium',
    concurrency: 1,
    timeoutMs: 10_000,
    guard: createAddressGuard({ allowPrivate: true }),
  });
  withBrowser = await startTestApi({ fetcher, renderer });
  without = await startTestApi({ fetcher });
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await withBrowser?.close({ removeData: true });
  await without?.close({ removeData: true });
  await renderer?.close();
  await site?.close();
});

async function client(api: TestApi): Promise<Client> {
  const c = await connectHttp(api.url, api.key);
  clients.push(c);
  return c;
}

describe('render over MCP', () => {
  it('audit_url with render fills rendering', async () => {
    const audit = auditOf(await call(await client(withBrowser), 'audit_url', { url: `${site.url}/`, render: true }));
    expect(audit.rendering).toMatchObject({ raw: { json_ld: 0 }, rendered: { json_ld: 1 } });
    expect(audit.issues.map((i) => i.rule)).toContain('rendering.json-ld-only-after-js');
  });

  it('without Chromium: the 503 message as a tool error, for audit_url and crawl_site', async () => {
    const c = await client(without);
    const audit = await call(c, 'audit_url', { url: `${site.url}/`, render: true });
    expect(audit.isError).toBe(true);
    expect(textOf(audit)).toContain('Rendering needs Chromium: set CHROMIUM_PATH');
    const crawl = await call(c, 'crawl_site', { url: `${site.url}/`, render: 'all' });
    expect(crawl.isError).toBe(true);
    expect(textOf(crawl)).toContain('Rendering needs Chromium: set CHROMIUM_PATH');
    expect(auditOf(await call(c, 'audit_url', { url: `${site.url}/` })).rendering).toBeNull();
  });
});
