/**
 * The same pages audited in the extension (the real build in Debian Chromium) and by the real server with
 * `render: true`: the same inputs through the same engine give the same rendered verdicts and the same score
 * (docs/audits.md#why-the-extension-and-the-server-can-differ). Each audit records where it was scored and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audit } from '../../shared/types/audit.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { AGREEMENT_PAGES, agreementSite } from './fixtures/agreement-site.js';
import { serveSite } from './fixtures/serve.js';
import { screenshot } from './fixtures/screenshots.js';
import { startApiServer, type ApiServer } from './helpers/api-server.js';
import { call } from './helpers/backend.js';
import { launchWithExtension, openPopupFor, openTab, type ExtensionSession } from './helpers/extension.js';
import { expectAudit, sendAuditMessage } from './helpers/send-audit.js';

/** The rules that read the page after JavaScript, and the rendering summary: what "rendered verdicts" means here. */
const RENDERED_RULES = [
  'rendering.js-only-content',
  'rendering.json-ld-only-after-js',
  'rendering.spa-shell',
  'rendering.no-content-without-js',
];
/** The one rule judged on a clock (how fast the page answered): both fetch the page, at different moments. */
const TIMED_RULE = 'rendering.response-time';

const verdicts = (audit: Audit, rules?: string[]) =>
  audit.issues.filter((i) => (rules ? rules.includes(i.rule) : i.rule !== TIMED_RULE)).map((i) => `${i.rule} ${i.severity}: ${i.detail}`);
const timed = (audit: Audit) => audit.issues.find((i) => i.rule === TIMED_RULE)?.severity ?? 'pass';

describe('the extension and the server agree on the same page', () => {
  let site: FixtureSite;
  let api: ApiServer;
  let session: ExtensionSession;
  beforeAll(async () => {
    site = await serveSite(agreementSite);
    api = await startApiServer();
    session = await launchWithExtension();
  });
  afterAll(async () => {
    await session?.close();
    await api?.dispose();
    await site?.close();
  });

  it.each(Object.keys(AGREEMENT_PAGES) as Array<keyof typeof AGREEMENT_PAGES>)('%s', async (name) => {
    const { path, ready } = AGREEMENT_PAGES[name];
    const url = `${site.url}${path}`;
    const answer = await call<{ audit: Audit }>(api, 'POST', '/audits', { url, render: true });
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    const server = answer.json.audit;
    const { page, tabId } = await openTab(session, url);
    await page.waitForSelector(ready, { state: 'attached' });
    const inBrowser = expectAudit(await sendAuditMessage(session, tabId));

    // Where each was scored, and the inputs both had: the rendered page, the same agent probes, every redirect.
    expect([inBrowser.origin, server.origin]).toEqual(['extension', 'server']);
    expect(inBrowser.inputs).toEqual({ ...server.inputs, runtime_webmcp: true });
    expect(server.inputs).toMatchObject({ rendered: true, runtime_webmcp: false, redirect_hops_hidden: false, unread_files: [] });

    // The same rendered verdicts: the page before and after JavaScript counted alike, the same rules firing alike.
    expect(inBrowser.rendering?.raw).toEqual(server.rendering?.raw);
    expect(inBrowser.rendering?.rendered).toEqual(server.rendering?.rendered);
    expect(inBrowser.rendering?.engine).toMatch(/^Chromium \d+/);
    expect(verdicts(inBrowser, RENDERED_RULES)).toEqual(verdicts(server, RENDERED_RULES));
    if (name !== 'static') expect(verdicts(server, RENDERED_RULES)).not.toEqual([]);

    // Every other verdict too, and so the score. The response time is measured, not read: when the two fetches
    // happened to land on either side of its threshold, only the Rendering category may differ.
    expect(verdicts(inBrowser)).toEqual(verdicts(server));
    expect(inBrowser.crawlers.map((c) => [c.agent, c.robots, c.served?.outcome ?? null])).toEqual(
      server.crawlers.map((c) => [c.agent, c.robots, c.served?.outcome ?? null]),
    );
    const others = (a: Audit) => a.category_scores.filter((c) => c.name !== 'Rendering');
    expect(others(inBrowser)).toEqual(others(server));
    if (timed(inBrowser) === timed(server)) {
      expect(inBrowser.category_scores).toEqual(server.category_scores);
      expect(inBrowser.score).toBe(server.score);
    }
  });

  it('says where each audit was scored: the popup and the server report', async () => {
    const url = `${site.url}${AGREEMENT_PAGES['client-rendered'].path}`;
    const { page, tabId } = await openTab(session, url);
    await page.waitForSelector(AGREEMENT_PAGES['client-rendered'].ready);
    const popup = await openPopupFor(session, tabId);
    expect(await popup.textContent('[data-testid="source-line"]')).toBe(
      'Scored in the browser: includes the page after JavaScript and WebMCP tools registered at run time.',
    );
    await screenshot(popup, 'popup-source-line');

    for (const [render, line] of [
      [true, 'Scored on the server, with the page rendered in a headless browser.'],
      [false, 'Scored on the server, from the HTML without running JavaScript: the checks that need the rendered page were left out.'],
    ] as const) {
      const created = await call<{ audit: Audit }>(api, 'POST', '/audits', { url, render });
      expect(created.json.audit.inputs?.rendered).toBe(render);
      const report = await fetch(`${api.url}/api/v1/audits/${created.json.audit.id}/report`, {
        headers: { authorization: `Bearer ${api.key}` },
      });
      expect(await report.text()).toContain(line);
    }
  });
});
