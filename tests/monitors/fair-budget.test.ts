/**
 * Monitor runs shared fairly across accounts, within each account's run budget, through the API in-process (the
 * embedded store, the real Node fetcher on a loopback site): one account's slow monitors never hold every run slot,
 * so another account's new monitor runs while they hang; and creating and deleting monitors in a loop starts no
 * more runs than MONITOR_RUNS_PER_MINUTE (the budget is counted in the store, so a deleted monitor gives none back).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { until } from '../helpers/until.js';
import { SAMPLE_PAGE } from '../server/helpers/fake-fetcher.js';
import { startTestApi, type TestApi } from '../server/helpers/test-api.js';

const BUDGET = 5;

describe('monitor runs across accounts', () => {
  let api: TestApi;
  let site: FixtureSite;
  let release: () => void;
  let held: Promise<void>;

  beforeEach(async () => {
    held = new Promise<void>((resolve) => (release = resolve));
    const page = { headers: { 'content-type': 'text/html; charset=utf-8' }, body: SAMPLE_PAGE };
    site = await startFixtureSite({
      '/': page,
      // A slow site: its pages answer once the test lets them.
      ...Object.fromEntries(
        [1, 2, 3, 4].map((n) => [
          `/slow/${n}`,
          async (_req: unknown, res: import('node:http').ServerResponse) => {
            await held;
            res.writeHead(200, page.headers).end(page.body);
          },
        ]),
      ),
    });
    api = await startTestApi({
      fetcher: createNodeFetcher({ allowPrivate: true }),
      // Two monitor runs at once in this process (half the audit slots).
      config: { auditAllowPrivate: true, auditConcurrency: 4, monitorRunsPerMinute: BUDGET },
    });
  });
  afterEach(async () => {
    release();
    await api.citable.monitors.stop(1_000);
    await api.close({ removeData: true });
    await site.close();
  });

  const create = (url: string, key?: string) =>
    api.request('POST', '/api/v1/monitors', { body: { url, kind: 'audit', every: 'hour' }, ...(key ? { key } : {}) });

  /** A monitor as GET /monitors lists it. */
  const monitorOf = async (id: string, key?: string) =>
    (
      (await api.request('GET', '/api/v1/monitors', key ? { key } : {})).json.monitors as Array<{
        id: string;
        last_result_id: string | null;
        last_error: string | null;
      }>
    ).find((m) => m.id === id)!;

  it("one account's slow monitors hold one run slot: another account's new monitor runs while they hang", async () => {
    const slow = [];
    for (let n = 1; n <= 4; n++) slow.push((await create(`${site.url}/slow/${n}`)).json.monitor.id as string);
    await until('a slow page to be asked for', async () => (site.requests.some((r) => r.path.startsWith('/slow/')) ? true : undefined));
    const other = await api.newAccount();
    const created = await create(`${site.url}/`, other.key);
    expect(created.status).toBe(201);
    // Before: the slow account's monitors took both slots, and this one waited for them all.
    const ran = await until(
      "the other account's monitor to run",
      async () => {
        const m = await monitorOf(created.json.monitor.id, other.key);
        return m.last_result_id ? m : undefined;
      },
      { timeoutMs: 20_000, everyMs: 50 },
    );
    expect(ran.last_error).toBeNull();
    expect(new Set(site.requests.filter((r) => r.path.startsWith('/slow/')).map((r) => r.path)).size).toBe(1); // one of its runs at a time
    release();
    await until('every slow monitor to run', async () => {
      const { monitors } = (await api.request('GET', '/api/v1/monitors')).json;
      return monitors.every((m: { last_result_id: string | null }) => m.last_result_id) ? true : undefined;
    });
    expect(slow).toHaveLength(4);
  }, 60_000);

  it('creating and deleting monitors starts at most the budget of runs a minute; other accounts keep theirs', async () => {
    for (let i = 0; i < 3 * BUDGET; i++) {
      const { monitor } = (await create(`${site.url}/`)).json;
      await api.citable.monitors.whenIdle();
      expect((await api.request('DELETE', `/api/v1/monitors/${monitor.id}`)).status).toBe(204);
    }
    // Before: every monitor created ran at once, 15 audits. The loop takes seconds, so at most two minutes' budgets.
    const audits = (await api.request('GET', '/api/v1/audits?limit=100')).json.audits;
    expect(audits.length).toBeGreaterThanOrEqual(BUDGET);
    expect(audits.length).toBeLessThanOrEqual(2 * BUDGET);
    const other = await api.newAccount();
    const created = (await create(`${site.url}/`, other.key)).json.monitor;
    await api.citable.monitors.whenIdle();
    expect((await monitorOf(created.id, other.key)).last_result_id).toMatch(/./);
  }, 60_000);
});
