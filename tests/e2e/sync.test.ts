import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH, goodArticleSite } from '../fixtures/sites/good-article.js';
import { serveSite } from './fixtures/serve.js';
import { screenshot } from './fixtures/screenshots.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { launchWithExtension, openPopupFor, openTab, type ExtensionSession } from './helpers/extension.js';
import { configureBackend, testConnectionText } from './helpers/options-page.js';
import { waitForSyncState } from './helpers/records.js';
import { expectAudit, sendAuditMessage } from './helpers/send-audit.js';

/** Sync to the real API server (PUT /api/v1/audits/{id}), through outages and a wrong key. */
describe.skipIf(!serverAvailable)('sync to the API server', () => {
  let session: ExtensionSession;
  let site: FixtureSite;
  let api: ApiServer;
  let tabId: number;
  const audit = async () => expectAudit(await sendAuditMessage(session, tabId));
  const serverIds = async () => {
    const res = await fetch(`${api.url}/api/v1/audits?limit=100`, { headers: { authorization: `Bearer ${api.key}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { audits: Array<{ id: string }> }).audits.map((a) => a.id);
  };

  beforeAll(async () => {
    [site, api] = await Promise.all([serveSite(goodArticleSite), startApiServer()]);
    session = await launchWithExtension();
    tabId = (await openTab(session, `${site.url}${ARTICLE_PATH}`)).tabId;
  });
  afterAll(async () => {
    await session?.close();
    await Promise.all([site?.close(), api?.dispose()]);
  });

  it('options: test connection tells a wrong key, a dead address and a working key apart', async () => {
    const wrong = await configureBackend(session, api.url, `cit_${'x'.repeat(32)}`);
    expect(await testConnectionText(wrong)).toMatch(/^Invalid API key \(401\)/);
    const dead = await configureBackend(session, 'http://127.0.0.1:9', api.key);
    expect(await testConnectionText(dead)).toMatch(/^Unreachable/);
    const ok = await configureBackend(session, api.url, api.key);
    expect(await testConnectionText(ok)).toMatch(/^Connected/);
    await screenshot(ok, 'options-connected');
  });

  it('syncs an audit: the server then holds exactly that audit', async () => {
    await configureBackend(session, api.url, api.key);
    const a = await audit();
    await waitForSyncState(session, [a.id], 'synced');
    const res = await fetch(`${api.url}/api/v1/audits/${a.id}`, { headers: { authorization: `Bearer ${api.key}` } });
    expect(res.status).toBe(200);
    const stored = ((await res.json()) as { audit: { id: string; origin: string; score: number } }).audit;
    expect(stored).toMatchObject({ id: a.id, origin: 'extension', score: a.score });
    const popup = await openPopupFor(session, tabId);
    await popup.waitForSelector(`.history li[data-record-id="${a.id}"] [data-sync="synced"]`);
  });

  it('backend down during three audits, then back: all three arrive, once each', async () => {
    await configureBackend(session, api.url, api.key);
    await api.stop();
    const ids: string[] = [];
    try {
      ids.push((await audit()).id, (await audit()).id, (await audit()).id);
      await waitForSyncState(session, ids, 'pending', /unreachable/i);
      const popup = await openPopupFor(session, tabId);
      expect(await popup.locator('.history [data-sync="pending"]').count()).toBeGreaterThanOrEqual(3);
      await screenshot(popup, 'popup-sync-pending');
    } finally {
      await api.start();
    }
    // No nudge: the backoff alarm alone must bring them over.
    await waitForSyncState(session, ids, 'synced');
    const onServer = await serverIds();
    for (const id of ids) expect(onServer.filter((x) => x === id)).toHaveLength(1);
  });

  it('a refused key fails with its reason and is retried once the key is fixed', async () => {
    await configureBackend(session, api.url, `cit_${'y'.repeat(32)}`);
    const a = await audit();
    await waitForSyncState(session, [a.id], 'failed', /401/);
    const popup = await openPopupFor(session, tabId);
    expect(await popup.textContent(`.history li[data-record-id="${a.id}"] .sync`)).toMatch(/Sync failed: API key refused \(401\)/);
    await screenshot(popup, 'popup-sync-failed');
    await configureBackend(session, api.url, api.key);
    await waitForSyncState(session, [a.id], 'synced');
    expect((await serverIds()).filter((x) => x === a.id)).toHaveLength(1);
  });
});
