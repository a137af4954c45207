import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { until } from '../helpers/until.js';
import { screenshot } from './fixtures/screenshots.js';
import { axeViolations } from './helpers/axe.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { call, setBackend, startReceiver } from './helpers/backend.js';
import type { ExtensionSession } from './helpers/extension.js';
import { launchStoreBuild } from './helpers/toolbar.js';

/**
 * Citations per prompt and health you can fix, in the store build's dashboard against the real server: each
 * prompt's engines (no provider is configured here, so every engine reads "Engine not set up"), Check now for one prompt
 * with its progress, a webhook edited (the secret rotated on request) and a delivery sent again, a monitor's
 * period changed in its row; axe finds nothing on these screens.
 */
describe.skipIf(!serverAvailable)('dashboard: citations per prompt, webhook and monitor edits', () => {
  let session: ExtensionSession;
  let api: ApiServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  const open = async (hash: string): Promise<Page> => {
    const page = await session.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`chrome-extension://${session.extensionId}/dashboard.html${hash}`);
    return page;
  };

  beforeAll(async () => {
    [api, receiver] = await Promise.all([startApiServer(), startReceiver()]);
    session = await launchStoreBuild();
    await setBackend(session, api.url, api.key);
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    await Promise.all([api?.dispose(), receiver?.close()]);
  });

  it("a prompt's Check now shows the check to its end, then every engine's result", async () => {
    const project = await call<{ project: { id: string } }>(api, 'POST', '/projects', { name: 'Kettle Co', domain: 'kettle.example' });
    const prompt = await call<{ prompt: { id: string } }>(api, 'POST', '/prompts', {
      text: 'quietest electric kettle',
      project_id: project.json.project.id,
    });
    const id = prompt.json.prompt.id;
    const page = await open(`#/projects/${project.json.project.id}`);
    await page.waitForSelector(`li[data-prompt-id="${id}"] .muted`); // "Not checked yet."
    await page.click(`li[data-prompt-id="${id}"] [data-action="check-now"]`);
    const status = page.locator(`li[data-prompt-id="${id}"] [data-check-status="completed"]`);
    await status.waitFor({ timeout: 30_000 });
    const checkId = await status.getAttribute('data-check-id');
    const check = (await call<{ check: { pair_count: number; result_count: number } }>(api, 'GET', `/citations/checks/${checkId}`)).json
      .check;
    expect(check.result_count).toBe(check.pair_count);
    const rows = page.locator(`li[data-prompt-id="${id}"] table.prompt-results tbody tr`);
    await until('the results table', async () => (await rows.count()) === check.pair_count);
    expect(await rows.first().getAttribute('data-presence')).toBe('not-set-up');
    expect(await rows.first().locator('.status').textContent()).toBe('Engine not set up');
    expect(await rows.first().locator('th').textContent()).toMatch(/^[A-Z]/); // an engine's name, not its id
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-prompt-citations');
    await page.close();
  });

  it("a project's competitors: one added (a bad domain refused first) and one removed", async () => {
    const project = (
      await call<{ project: { id: string } }>(api, 'POST', '/projects', {
        name: 'Tea Co',
        domain: 'tea.example',
        competitors: [{ name: 'Leafy', domains: ['leafy.example'] }],
      })
    ).json.project;
    const page = await open(`#/projects/${project.id}`);
    await page.click('.competitors-edit summary');
    await page.fill('input[name="competitor-name"]', 'Brewster');
    await page.fill('input[name="competitor-domains"]', 'not a host');
    await page.click('[data-action="add-competitor"]');
    await page.waitForSelector('.competitors-edit [role="alert"]');
    await page.fill('input[name="competitor-domains"]', 'https://www.brewster.example/shop, brewster.example');
    await page.click('[data-action="add-competitor"]');
    await page.waitForSelector('li[data-competitor="Brewster"]');
    await page.click('li[data-competitor="Leafy"] [data-action="remove-competitor"]');
    await page.waitForFunction(() => !document.querySelector('li[data-competitor="Leafy"]'));
    const stored = (
      await call<{ project: { competitors: Array<{ name: string; domains: string[] }> } }>(api, 'GET', `/projects/${project.id}`)
    ).json.project.competitors;
    expect(stored.map((c) => [c.name, c.domains])).toEqual([['Brewster', ['brewster.example']]]);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('a webhook is edited (a new secret shown once) and a delivery is sent again', async () => {
    const hook = (await call<{ webhook: { id: string } }>(api, 'POST', '/webhooks', { url: receiver.url, events: ['*'] })).json.webhook;
    await call(api, 'POST', `/webhooks/${hook.id}/test`);
    await until('the ping delivered', async () => receiver.received.length >= 1);
    const page = await open(`#/webhooks/${hook.id}`);
    await page.click('.webhook-edit summary');
    await page.selectOption('.webhook-edit select[name="format"]', 'slack');
    await page.check('.webhook-edit input[name="rotate"]');
    await page.click('[data-action="save-webhook"]');
    const secret = await page.locator('.webhook-edit code.secret').textContent({ timeout: 10_000 });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    const stored = (await call<{ webhooks: Array<{ id: string; format: string }> }>(api, 'GET', '/webhooks')).json.webhooks;
    expect(stored.find((w) => w.id === hook.id)?.format).toBe('slack');
    await page.click('tr[data-delivery-id] [data-action="redeliver"]');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-delivery-id]').length === 2);
    await until('the redelivery arrives', async () => receiver.received.length >= 2);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-webhook-edit');
    await page.close();
  });

  it("a monitor's period changes in its row", async () => {
    const m = (
      await call<{ monitor: { id: string } }>(api, 'POST', '/monitors', { url: 'https://shop.example/', kind: 'audit', every: 'week' })
    ).json.monitor;
    const page = await open('#/monitors');
    const select = page.locator(`tr[data-monitor-id="${m.id}"] [data-action="monitor-every"]`);
    await select.selectOption('hour');
    await until('the monitor runs hourly', async () => {
      const list = (await call<{ monitors: Array<{ id: string; every: string }> }>(api, 'GET', '/monitors')).json.monitors;
      return list.find((x) => x.id === m.id)?.every === 'hour';
    });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
