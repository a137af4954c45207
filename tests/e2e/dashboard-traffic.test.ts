import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './fixtures/screenshots.js';
import { axeViolations } from './helpers/axe.js';
import { crowdedLabels } from './helpers/chart-labels.js';
import { serverAvailable, startApiServer, type ApiServer } from './helpers/api-server.js';
import { call, setBackend } from './helpers/backend.js';
import type { ExtensionSession } from './helpers/extension.js';
import { launchStoreBuild } from './helpers/toolbar.js';
import { accessLog } from './helpers/traffic-log.js';

/**
 * The Traffic view of a project in dashboard.html of the store build, against the real server: the empty state
 * says how logs get in; a gzip log uploaded from the view shows its progress to the end, then the agents (a
 * spoofed one marked), the referrals and the status mix; the agents' CSV holds the rows; a refused file says why;
 * axe finds nothing in light and dark; the view fits a 640 px window (1280 px at 200 %); German with a German UI.
 */
/** The lines each cell's text is laid out on (a text node wrapped in two has a box on each). */
function textLines(page: Page, cells: string): Promise<number[]> {
  return page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll(selector)).map((cell) => {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const tops = new Set<number>();
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(text);
          for (const box of Array.from(range.getClientRects())) tops.add(Math.round(box.top));
        }
        return tops.size;
      }),
    cells,
  );
}

/** How far the agents table is wider than its box, in pixels (0: it fits, nothing to scroll). */
const agentsOverflow = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('tr[data-agent]')!.closest('.table-wrap')!;
    return box.scrollWidth - box.clientWidth;
  });

describe.skipIf(!serverAvailable)('dashboard: traffic', () => {
  let session: ExtensionSession;
  let api: ApiServer;
  let dir = '';
  let projectId = '';

  const open = async (s: ExtensionSession, width = 1280): Promise<Page> => {
    const page = await s.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`chrome-extension://${s.extensionId}/dashboard.html#/projects/${projectId}/traffic`);
    return page;
  };

  beforeAll(async () => {
    api = await startApiServer();
    const created = await call<{ project: { id: string } }>(api, 'POST', '/projects', { name: 'Brew Notes', domain: 'brew.example' });
    expect(created.status).toBe(201);
    projectId = created.json.project.id;
    dir = await mkdtemp(path.join(tmpdir(), 'citable-traffic-'));
    session = await launchStoreBuild();
    await setBackend(session, api.url, api.key);
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    await api?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('says how to get logs in, then shows an uploaded gzip log: agents, a spoofed one, referrals, CSV', async () => {
    const page = await open(session);
    await page.waitForSelector('[data-state="empty"]');
    expect(await page.locator('[data-state="empty"] code').first().textContent()).toContain(`/api/v1/projects/${projectId}/logs`);
    expect(await axeViolations(page)).toEqual([]);

    const log = accessLog();
    const file = path.join(dir, 'access.log.gz');
    await writeFile(file, gzipSync(log.text));
    await page.setInputFiles('[data-testid="log-file"]', file);
    await page.click('[data-action="upload-log"]');
    await page.waitForSelector('.traffic-progress[data-phase="done"]', { timeout: 60_000 });
    expect(await page.locator('.traffic-progress progress').evaluate((p) => (p as HTMLProgressElement).value)).toBe(1);
    const stored = (await call<{ traffic: { lines: number } }>(api, 'GET', `/projects/${projectId}/traffic`)).json.traffic;
    expect(stored.lines).toBe(log.lines);
    expect(await page.locator('.traffic-progress [role="status"]').textContent()).toBe(
      `Done: ${log.lines.toLocaleString('en')} lines read.`,
    );

    await page.waitForSelector('tr[data-agent="GPTBot"]');
    expect(await page.getAttribute('tr[data-agent="GPTBot"]', 'data-verdict')).toBe('verified');
    expect(await page.getAttribute('tr[data-agent="OAI-SearchBot"]', 'data-verdict')).toBe('spoofed');
    expect(await page.locator('tr[data-agent="OAI-SearchBot"] .pill.critical').textContent()).toBe('spoofed');
    expect(await page.locator('tr[data-agent="GPTBot"] td.num').first().textContent()).toBe('6');
    expect(await page.locator('[data-testid="traffic-figures"]').textContent()).toContain('Spoofed hits3');
    expect(await page.locator('.traffic-engines [data-engine="ChatGPT"]').textContent()).toContain('2 visits');
    expect(await page.locator('[data-testid="purpose-summary"]').textContent()).toMatch(/Training 6, Search 3/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-action="export-csv"]').first().click()]);
    expect(download.suggestedFilename()).toMatch(/^citable-traffic-agents-\d{4}-\d\d-\d\d\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).split('\r\n');
    expect(csv[0]).toBe('Agent,Operator,Purpose,Hits,Verified,Spoofed,Unverified,Verification,Pages,Last seen');
    expect(csv[1]).toMatch(/^GPTBot,OpenAI,training,6,6,0,0,verified,3,/);
    expect(csv[2]).toMatch(/^OAI-SearchBot,OpenAI,search,3,0,3,0,spoofed,1,/);

    // The same bytes again: the first ingest, nothing counted twice.
    await page.click('[data-action="upload-log"]');
    await page.waitForSelector('.traffic-progress[data-phase="done"] [role="status"]:has-text("uploaded before")');
    expect((await call<{ traffic: { lines: number } }>(api, 'GET', `/projects/${projectId}/traffic`)).json.traffic.lines).toBe(log.lines);
    expect(await page.locator('tr[data-agent="GPTBot"] td.num').first().textContent()).toBe('6');

    expect(await page.locator('.chart g[data-column]').count()).toBe(6);
    await page.check('input[name="traffic-window"][value="7"]');
    await page.waitForFunction(() => document.querySelectorAll('.chart g[data-column]').length === 7);
    expect(await page.locator('[data-testid="traffic-figures"]').textContent()).toContain('Spoofed hits3');
    await page.check('input[name="traffic-window"][value="30"]');
    await page.waitForFunction(() => document.querySelectorAll('.chart g[data-column]').length === 6);

    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-traffic');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-traffic-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 640, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(640);
    // The agents table scrolls inside its box; a verdict keeps to one line and a time to two (date, then time), where
    // both used to wrap word by word into four.
    expect(await textLines(page, 'tr[data-agent] td.nowrap')).toEqual([1, 1]);
    expect(await textLines(page, 'tr[data-agent] td[data-col="last_seen"]')).toEqual([2, 2]);
    await screenshot(page, 'dashboard-traffic-640');
    for (const [days, columns] of [
      [7, 7],
      [90, 13],
      [365, 12],
      [30, 6],
    ] as const) {
      await page.check(`input[name="traffic-window"][value="${days}"]`);
      await page.waitForFunction((n) => document.querySelectorAll('.chart g[data-column]').length === n, columns);
      expect(await crowdedLabels(page), `${days} days`).toEqual([]);
    }
    await page.close();
  });

  it('a refused file says the server’s reason', async () => {
    const page = await open(session);
    await page.waitForSelector('[data-action="upload-log"]');
    await page.setInputFiles('[data-testid="log-file"]', { name: 'empty.log', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
    await page.click('[data-action="upload-log"]');
    const alert = page.locator('.traffic-upload [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^The file was refused: The body is empty/);
    await page.close();
  });

  it('German with a German UI', async () => {
    const german = await launchStoreBuild(['--lang=de']);
    try {
      await setBackend(german, api.url, api.key);
      const page = await open(german);
      await page.waitForSelector('tr[data-agent="OAI-SearchBot"]');
      expect(await page.locator('h1').textContent()).toBe('KI-Crawler-Verkehr: Brew Notes');
      expect(await page.locator('tr[data-agent="OAI-SearchBot"] .pill.critical').textContent()).toBe('gefälscht');
      expect(await page.locator('[data-testid="traffic-figures"]').textContent()).toContain('Gefälschte Zugriffe');
      expect(await page.locator('[data-testid="purpose-summary"]').textContent()).toContain('Modelltraining 6');
      // The chart's days are German dates ("24. Nov."), not English ones ("24 Nov").
      const days = (await page.locator('figure.chart svg text.axis').allTextContents()).filter((x) => /\p{L}/u.test(x));
      expect(days.length).toBeGreaterThan(0);
      for (const day of days) expect(day).toMatch(/^\d{1,2}\. \p{L}+\.?$/u);
      // German words are longer: at 1280 px the agents table still fits its box (its times break after the date).
      expect(await agentsOverflow(page)).toBe(0);
      await screenshot(page, 'dashboard-traffic-de');
      await page.close();
    } finally {
      await german.close();
    }
  }, 120_000);
});
