import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH, goodArticleSite } from '../fixtures/sites/good-article.js';
import { startProviderFakes, type ProviderFakes } from '../helpers/fake-providers/index.js';
import { openaiAnswer } from '../helpers/fake-providers/openai.js';
import { perplexityAnswer } from '../helpers/fake-providers/perplexity.js';
import { serveSite } from './fixtures/serve.js';
import { screenshot } from './fixtures/screenshots.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { until } from '../helpers/until.js';
import { call, createReadOnlyKey, setBackend, startReceiver } from './helpers/backend.js';
import type { ExtensionSession } from './helpers/extension.js';
import { launchStoreBuild } from './helpers/toolbar.js';
import { answerConfirm } from './helpers/confirm.js';
import { crowdedLabels } from './helpers/chart-labels.js';

const PROMPT = 'best pour-over coffee guide';

/**
 * dashboard.html of the store build (no host access: the backend answers it through CORS) against the real
 * server, with data made through the API: two audits of a page, a monitor, a webhook with deliveries to a
 * loopback receiver, a project with citation runs from the provider fakes, a share link; then a read-only key.
 */
describe.skipIf(!serverAvailable)('dashboard', () => {
  let session: ExtensionSession;
  let site: FixtureSite;
  let api: ApiServer;
  let fakes: ProviderFakes;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const ids: { first: string; second: string; project: string; webhook: string; share: string; monitor: string } = {
    first: '',
    second: '',
    project: '',
    webhook: '',
    share: '',
    monitor: '',
  };

  const open = async (hash: string, viewport = { width: 1280, height: 900 }): Promise<Page> => {
    const page = await session.context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(`chrome-extension://${session.extensionId}/dashboard.html${hash}`);
    return page;
  };

  beforeAll(async () => {
    fakes = await startProviderFakes();
    [site, receiver] = await Promise.all([serveSite(goodArticleSite), startReceiver()]);
    api = await startApiServer({ ...(fakes.env() as Record<string, string>), CITATION_ENGINES: 'chatgpt,perplexity' });
    const url = `${site.url}${ARTICLE_PATH}`;
    const first = await call<{ audit: { id: string } }>(api, 'POST', '/audits', { url });
    const second = await call<{ audit: { id: string } }>(api, 'POST', '/audits', { url });
    expect([first.status, second.status]).toEqual([201, 201]);
    ids.first = first.json.audit.id;
    ids.second = second.json.audit.id;

    const monitor = await call<{ monitor: { id: string } }>(api, 'POST', '/monitors', { url, kind: 'audit', every: 'week' });
    expect(monitor.status).toBe(201);
    ids.monitor = monitor.json.monitor.id;
    const webhook = await call<{ webhook: { id: string } }>(api, 'POST', '/webhooks', { url: receiver.url, events: ['*'] });
    expect(webhook.status).toBe(201);
    ids.webhook = webhook.json.webhook.id;
    expect((await call(api, 'POST', `/webhooks/${ids.webhook}/test`)).status).toBe(202);

    const project = await call<{ project: { id: string } }>(api, 'POST', '/projects', {
      name: 'Brew Notes',
      domain: 'brewnotes.example',
      brand: { name: 'Brew Notes' },
      competitors: [{ name: 'Bean Daily', domains: ['beandaily.example'] }],
    });
    expect(project.status).toBe(201);
    ids.project = project.json.project.id;
    expect((await call(api, 'POST', '/prompts', { text: PROMPT, project_id: ids.project })).status).toBe(201);
    fakes.openai.on(
      PROMPT,
      openaiAnswer({
        text: 'Brew Notes and Bean Daily both explain it well.',
        cited: [{ url: 'https://brewnotes.example/guide' }, { url: 'https://www.wikipedia.example/wiki/Pour-over' }],
      }),
    );
    fakes.perplexity.on(PROMPT, perplexityAnswer(['https://beandaily.example/pour-over', 'https://brewnotes.example/guide']));
    expect((await call(api, 'POST', '/citations/checks')).status).toBe(202);
    await until(
      'two runs in the project summary',
      async () =>
        (await call<{ summary: { runs: number } }>(api, 'GET', `/citations/summary?project_id=${ids.project}`)).json.summary.runs >= 2,
      { everyMs: 200 },
    );

    const share = await call<{ share: { id: string; url: string } }>(api, 'POST', `/audits/${ids.second}/share`, {});
    expect(share.status).toBe(201);
    ids.share = share.json.share.id;
    // The test ping and the audits' events reach the receiver: the delivery log has delivered rows.
    await until(
      'a delivered row in the delivery log',
      async () =>
        (await call<{ deliveries: Array<{ status: string }> }>(api, 'GET', `/webhooks/${ids.webhook}/deliveries`)).json.deliveries.some(
          (d) => d.status === 'delivered',
        ),
      { everyMs: 200 },
    );

    session = await launchStoreBuild();
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    await Promise.all([site?.close(), api?.dispose(), receiver?.close(), fakes?.close()]);
  });

  it('without a backend: says so and links to Options', async () => {
    await setBackend(session, '', '');
    const page = await open('#/audits');
    await page.waitForSelector('[data-state="not-configured"]');
    expect(await page.getAttribute('[data-state="not-configured"] a', 'href')).toMatch(/options\.html$/);
    await screenshot(page, 'dashboard-not-configured');
    // Saving the settings elsewhere updates the open page.
    await setBackend(session, api.url, api.key);
    await page.waitForSelector('.audits-table');
    await page.close();
  });

  it('audits: the list, the filters, one audit with its diff against the previous one and its report', async () => {
    await setBackend(session, api.url, api.key);
    const page = await open('#/audits');
    await page.waitForSelector(`.audits-table tr[data-audit-id="${ids.second}"]`);
    // The two audits made above, and the monitor's first run.
    const onServer = (await call<{ audits: Array<{ id: string; builder: string }> }>(api, 'GET', '/audits?limit=100')).json.audits;
    expect(onServer.length).toBeGreaterThanOrEqual(2);
    expect(await page.locator('.audits-table tbody tr').count()).toBe(onServer.length);
    // A builder no fingerprint matched reads as the popup says it, not "Unknown".
    const builders = (await page.locator('.audits-table td[data-col="builder"]').allTextContents()).sort();
    expect(builders).toEqual(onServer.map((a) => (a.builder === 'Unknown' ? 'Not recognised' : a.builder)).sort());
    expect(builders).toContain('Not recognised');
    await screenshot(page, 'dashboard-audits');
    await page.fill('input[name="url"]', 'no-such-page');
    await page.waitForSelector('[data-state="empty"]');
    expect(await page.textContent('[data-testid="audit-count"]')).toMatch(new RegExp(`^0 of ${onServer.length} audits`));
    await page.fill('input[name="url"]', 'pour-over');
    await page.fill('input[name="minScore"]', '101');
    expect(await page.textContent('.action-error')).toContain('whole number from 0 to 100');
    await page.fill('input[name="minScore"]', '0');
    await page.waitForSelector('.audits-table tbody tr');
    expect(await page.locator('.audits-table tbody tr').count()).toBe(onServer.length);

    await page.click(`tr[data-audit-id="${ids.second}"] a`);
    await page.waitForSelector(`[data-testid="diff"][data-from="${ids.first}"][data-to="${ids.second}"]`);
    const frame = page.frameLocator('[data-testid="report-frame"]');
    await frame.locator(`main.report[data-audit-id="${ids.second}"]`).waitFor();
    expect(await frame.locator('h2').allTextContents()).toEqual(expect.arrayContaining(['What matters most', 'Scores by category']));
    await screenshot(page, 'dashboard-audit');
    // The first audit has nothing before it.
    await page.goto(`chrome-extension://${session.extensionId}/dashboard.html#/audits/${ids.first}`);
    await page.waitForSelector('[data-testid="diff-none"]');
    await page.close();
  });

  it("an unknown audit shows the backend's own error message", async () => {
    const page = await open('#/audits/00000000-0000-4000-8000-000000000000');
    await page.waitForSelector('[data-state="error"]');
    const said = (await call<{ error: string }>(api, 'GET', '/audits/00000000-0000-4000-8000-000000000000')).json.error;
    expect(await page.textContent('[data-state="error"]')).toContain(said);
    await screenshot(page, 'dashboard-error');
    await page.close();
  });

  it('monitors: list, create, pause, resume, delete', async () => {
    const page = await open('#/monitors');
    await page.waitForSelector(`tr[data-monitor-id="${ids.monitor}"]`);
    await page.fill('form[aria-label="New monitor"] input[name="url"]', `${site.url}/`);
    await page.selectOption('form[aria-label="New monitor"] select >> nth=1', 'hour');
    await page.click('[data-action="create-monitor"]');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-monitor-id]').length === 2);
    const listed = (await call<{ monitors: Array<{ id: string; url: string; every: string }> }>(api, 'GET', '/monitors')).json.monitors;
    const made = listed.find((m) => m.id !== ids.monitor)!;
    expect(made).toMatchObject({ url: `${site.url}/`, every: 'hour' });
    // Pause the new monitor in the dashboard: the server has it paused, the row says so and offers no run now.
    const row = `tr[data-monitor-id="${made.id}"]`;
    await page.click(`${row} [data-action="pause"]`);
    await page.waitForSelector(`${row}[data-paused="true"] [data-action="resume"]`);
    type Listed = { monitors: Array<{ id: string; paused: boolean; paused_at: string | null }> };
    const pausedOnServer = (await call<Listed>(api, 'GET', '/monitors')).json.monitors.find((m) => m.id === made.id)!;
    expect(pausedOnServer.paused).toBe(true);
    expect(Date.parse(pausedOnServer.paused_at!)).not.toBeNaN();
    expect(await page.textContent(`${row} [data-monitor-state]`)).toBe('Paused');
    expect(await page.locator(`${row} [data-action="run"]`).count()).toBe(0);
    expect(await page.locator(`tr[data-monitor-id="${ids.monitor}"][data-paused="false"] [data-action="run"]`).count()).toBe(1);
    expect(await page.textContent('#h-monitors ~ p.small')).not.toContain('delete it and add it again');
    await screenshot(page, 'dashboard-monitors');
    await page.click(`${row} [data-action="resume"]`);
    await page.waitForSelector(`${row}[data-paused="false"] [data-action="pause"]`);
    expect((await call<Listed>(api, 'GET', '/monitors')).json.monitors.find((m) => m.id === made.id)).toMatchObject({
      paused: false,
      paused_at: null,
    });
    // Delete asks first and names the monitor; keeping it changes nothing and gives focus back to the button.
    await page.click(`${row} [data-action="delete"]`);
    await answerConfirm(page, false, new RegExp(`Delete the monitor of ${site.url.replace(/^https?:\/\//, '')}\\?`));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('delete');
    expect(await page.locator('tr[data-monitor-id]').count()).toBe(2);
    await page.click(`${row} [data-action="delete"]`);
    await answerConfirm(page, true, /audits and crawls it already made stay/);
    await page.waitForFunction(() => document.querySelectorAll('tr[data-monitor-id]').length === 1);
    // The row and its button are gone: focus is on what the deletion did, not on the page's body.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'done-note');
    expect(await page.textContent('[data-testid="done-note"]')).toMatch(/^The monitor of .+ was deleted\.$/);
    expect((await call<{ monitors: unknown[] }>(api, 'GET', '/monitors')).json.monitors).toHaveLength(1);
    // A refused body shows the server's message.
    await page.fill('form[aria-label="New monitor"] input[name="url"]', 'ftp://example.com/');
    await page.click('[data-action="create-monitor"]');
    await page.waitForSelector('form[aria-label="New monitor"] .action-error');
    expect((await page.textContent('form[aria-label="New monitor"] .action-error'))!.length).toBeGreaterThan(5);
    await page.close();
  });

  it('webhooks: the delivery log from the loopback receiver, a test ping, create and delete', async () => {
    const page = await open('#/webhooks');
    await page.waitForSelector(`tr[data-webhook-id="${ids.webhook}"]`);
    const before = receiver.received.length;
    await page.click(`tr[data-webhook-id="${ids.webhook}"] [data-action="test"]`);
    await page.waitForSelector('p.ok[role="status"]');
    await until('the test ping at the receiver', () => receiver.received.length > before, { everyMs: 200 });
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ type: 'ping' });
    await page.click(`tr[data-webhook-id="${ids.webhook}"] a.button-link`);
    await page.waitForSelector('tr[data-delivery-id][data-status="delivered"]');
    expect(await page.locator('tr[data-delivery-id] >> text=ping').count()).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'dashboard-webhook-deliveries');

    await page.goto(`chrome-extension://${session.extensionId}/dashboard.html#/webhooks`);
    await page.fill('form[aria-label="New webhook"] input[type="url"]', `${receiver.url}/second`);
    await page.click('[data-action="create-webhook"]');
    await page.waitForSelector('[data-testid="webhook-secret"] code');
    expect(await page.textContent('[data-testid="webhook-secret"] code')).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    await screenshot(page, 'dashboard-webhooks');
    const second = (await call<{ webhooks: Array<{ id: string; url: string }> }>(api, 'GET', '/webhooks')).json.webhooks.find((w) =>
      w.url.endsWith('/second'),
    )!;
    await page.click(`tr[data-webhook-id="${second.id}"] [data-action="delete"]`);
    await answerConfirm(page, true, /signing secret is lost/);
    await page.waitForFunction((id) => !document.querySelector(`tr[data-webhook-id="${id}"]`), second.id);
    expect((await call<{ webhooks: unknown[] }>(api, 'GET', '/webhooks')).json.webhooks).toHaveLength(1);
    await page.close();
  });

  it('projects: visibility, share of voice and sources from the citation runs, as charts', async () => {
    const page = await open('#/projects');
    await page.waitForSelector(`tr[data-project-id="${ids.project}"]`);
    const summary = (
      await call<{ summary: { visibility: number; share_of_voice: number } }>(api, 'GET', `/citations/summary?project_id=${ids.project}`)
    ).json.summary;
    const row = await page.textContent(`tr[data-project-id="${ids.project}"]`);
    expect(row).toContain(`${Math.round(summary.visibility * 100)}%`);
    await page.click(`tr[data-project-id="${ids.project}"] a`);
    await page.waitForSelector('[data-testid="citation-figures"]');
    expect(await page.locator('g[data-series="Visibility"] circle').count()).toBe(1);
    await page.waitForSelector('li[data-source="brewnotes.example"][data-kind="owned"]', { state: 'attached' });
    expect(await page.locator('li[data-source="beandaily.example"][data-kind="competitor"]').count()).toBe(1);
    await page.waitForSelector('g[data-column] rect');
    expect(await page.textContent('[data-testid="citation-figures"]')).toContain(`${Math.round(summary.share_of_voice * 100)}%`);
    expect(await crowdedLabels(page)).toEqual([]);
    expect(await page.locator('figure.chart svg text.axis').count()).toBeGreaterThan(5);
    // Engines by their names, not the API's ids.
    expect(await page.textContent('tr[data-engine="chatgpt"] strong')).toBe('ChatGPT');
    expect(await page.textContent('tr[data-engine="perplexity"] strong')).toBe('Perplexity');
    await screenshot(page, 'dashboard-project');
    await page.close();
  });

  it('projects: create one in the dashboard, then track a prompt for it', async () => {
    const page = await open('#/projects');
    await page.waitForSelector(`tr[data-project-id="${ids.project}"]`);
    await page.fill('form[aria-label="New project"] input >> nth=0', 'Kettle Co');
    await page.fill('form[aria-label="New project"] input >> nth=1', 'kettle.example');
    await page.click('[data-action="create-project"]');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-project-id]').length === 2);
    const made = (
      await call<{ projects: Array<{ id: string; name: string; domain: string }> }>(api, 'GET', '/projects')
    ).json.projects.find((p) => p.id !== ids.project)!;
    expect(made).toMatchObject({ name: 'Kettle Co', domain: 'kettle.example' });
    await page.click(`tr[data-project-id="${made.id}"] a`);
    await page.waitForSelector('form[aria-label="New prompt"]');
    await page.fill('form[aria-label="New prompt"] input', 'quietest electric kettle');
    await page.click('[data-action="create-prompt"]');
    await page.waitForSelector('li[data-prompt-id]');
    const prompts = (
      await call<{ prompts: Array<{ id: string; text: string; project_id: string | null; domain: string }> }>(api, 'GET', '/prompts')
    ).json.prompts;
    const tracked = prompts.find((p) => p.text === 'quietest electric kettle')!;
    expect(tracked).toMatchObject({ project_id: made.id, domain: 'kettle.example' });
    expect(await page.getAttribute('li[data-prompt-id]', 'data-prompt-id')).toBe(tracked.id);
    await screenshot(page, 'dashboard-project-prompts');
    // A refused body shows the server's message (a prompt already tracked for this domain).
    await page.fill('form[aria-label="New prompt"] input', 'quietest electric kettle');
    await page.click('[data-action="create-prompt"]');
    await page.waitForSelector('form[aria-label="New prompt"] .action-error');
    expect(await page.locator('li[data-prompt-id]').count()).toBe(1);
    await page.close();
  });

  it('share links: listed, and revoking one makes its link answer 404', async () => {
    const page = await open('#/shares');
    await page.waitForSelector(`tr[data-share-id="${ids.share}"]`);
    // Named after the page the report is about, not "audit 30441f1e".
    expect(await page.textContent(`tr[data-share-id="${ids.share}"] td >> nth=0`)).toMatch(/^Audit of 127\.0\.0\.1:\d+\//);
    await screenshot(page, 'dashboard-shares');
    // A link made in the dashboard works without a key.
    await page.goto(`chrome-extension://${session.extensionId}/dashboard.html#/audits/${ids.first}`);
    await page.click('[data-action="share"]');
    const link = await page.inputValue('[data-testid="share-link"] input');
    expect((await fetch(link)).status).toBe(200);
    await page.goto(`chrome-extension://${session.extensionId}/dashboard.html#/shares`);
    await page.waitForFunction(() => document.querySelectorAll('tr[data-share-id]').length === 2);
    const made = (await call<{ shares: Array<{ id: string; target_id: string }> }>(api, 'GET', '/shares')).json.shares.find(
      (s) => s.target_id === ids.first,
    )!;
    await page.click(`tr[data-share-id="${made.id}"] [data-action="revoke"]`);
    await answerConfirm(
      page,
      true,
      /Revoke the share link of the audit of 127\.0\.0\.1:\d+\/.*The link stops working at once: whoever has it \(your client\)/s,
    );
    await page.waitForFunction((id) => !document.querySelector(`tr[data-share-id="${id}"]`), made.id);
    expect((await fetch(link)).status).toBe(404);
    await page.close();
  });

  it('a read-only key: every view reads, every write is disabled with the reason', async () => {
    await setBackend(session, api.url, createReadOnlyKey(api));
    const page = await open('#/webhooks');
    await page.waitForSelector('[data-testid="read-only"]');
    await page.waitForSelector(`tr[data-webhook-id="${ids.webhook}"]`);
    const writes = page.locator('[data-write]');
    expect(await writes.count()).toBeGreaterThan(2);
    for (const b of await writes.all()) {
      expect(await b.isDisabled()).toBe(true);
      expect(await b.getAttribute('title')).toMatch(/read-only/);
    }
    await screenshot(page, 'dashboard-read-only');
    for (const [hash, ready] of [
      ['#/audits', '.audits-table'],
      ['#/monitors', 'tr[data-monitor-id]'],
      ['#/projects', 'tr[data-project-id]'],
      ['#/shares', 'tr[data-share-id]'],
      [`#/webhooks/${ids.webhook}`, 'tr[data-delivery-id]'],
    ] as const) {
      await page.goto(`chrome-extension://${session.extensionId}/dashboard.html${hash}`);
      await page.waitForSelector(ready);
      expect(await page.locator('[data-state="error"]').count()).toBe(0);
    }
    // Pause and resume are writes too: disabled, with the reason.
    await page.goto(`chrome-extension://${session.extensionId}/dashboard.html#/monitors`);
    await page.waitForSelector('[data-testid="read-only"]');
    const pause = page.locator(`tr[data-monitor-id="${ids.monitor}"] [data-action="pause"]`);
    await pause.waitFor();
    expect(await pause.isDisabled()).toBe(true);
    expect(await pause.getAttribute('title')).toMatch(/read-only/);
    await page.close();
    await setBackend(session, api.url, api.key);
  });

  it('keyboard: skip link, the sections in order, Enter opens one and focus lands on it; focus is visible', async () => {
    const page = await open('#/audits');
    await page.waitForSelector('.audits-table');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    const order: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
    }
    expect(order).toEqual(['Audits', 'Crawls', 'Monitors', 'Webhooks', 'Projects', 'Share links']);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
    await screenshot(page, 'dashboard-keyboard-focus');
    await page.keyboard.press('Shift+Tab'); // back to Projects
    await page.keyboard.press('Enter');
    await page.waitForSelector(`tr[data-project-id="${ids.project}"]`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // Onwards from the view: the first controls are the new project form's, then the table's own (filter, export, the
    // sortable headers), then the project's link.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('form[aria-label="New project"]'))).toBe(true);
    const inControls = () => page.evaluate(() => !!document.activeElement?.closest('form, .table-tools, thead'));
    for (let i = 0; i < 15 && (await inControls()); i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Brew Notes');
    await page.close();
  });

  it('at 200 % zoom (640 CSS pixels wide) nothing scrolls sideways', async () => {
    for (const hash of ['#/audits', `#/audits/${ids.second}`, `#/projects/${ids.project}`, `#/webhooks/${ids.webhook}`]) {
      const page = await open(hash, { width: 640, height: 900 });
      await page.waitForSelector('h1');
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, hash).toBeLessThanOrEqual(0);
      if (hash === '#/audits') await screenshot(page, 'dashboard-audits-zoom-200');
      if (hash.startsWith('#/projects')) {
        await page.waitForSelector('g[data-column] rect');
        expect(await crowdedLabels(page), hash).toEqual([]);
        await screenshot(page, 'dashboard-project-zoom-200');
      }
      await page.close();
    }
  });
});
