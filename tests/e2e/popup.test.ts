import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH, goodArticleSite } from '../fixtures/sites/good-article.js';
import { spaShellSite } from '../fixtures/sites/discovery-sites.js';
import { serveSite } from './fixtures/serve.js';
import { SCREENSHOT_DIR, screenshot } from './fixtures/screenshots.js';
import { launchWithExtension, openPopupFor, openTab, openTabById, type ExtensionSession } from './helpers/extension.js';

/** The popup as a user meets it: result on a good and a bad page, at 400 px, by keyboard. */
describe('popup', () => {
  let session: ExtensionSession;
  let good: FixtureSite;
  let bad: FixtureSite;
  beforeAll(async () => {
    [good, bad] = await Promise.all([serveSite(goodArticleSite), serveSite(spaShellSite)]);
    session = await launchWithExtension();
  });
  afterAll(async () => {
    await session?.close();
    await Promise.all([good?.close(), bad?.close()]);
  });

  it('audits a good page: gauge, six category bars, builder, WebMCP and crawler sections', async () => {
    const { tabId } = await openTab(session, `${good.url}${ARTICLE_PATH}`);
    const popup = await openPopupFor(session, tabId);
    const gauge = await popup.getAttribute('svg.gauge', 'aria-label');
    expect(gauge).toMatch(/^Score \d{1,3} out of 100$/);
    expect(await popup.locator('.categories g[data-category]').count()).toBe(6);
    expect(await popup.locator('.categories g[data-category] .chart-label').allTextContents()).toContain('Crawler Access');
    expect(await popup.textContent('[data-testid="builder"]')).toBeTruthy();
    expect(await popup.locator('#webmcp-title').count()).toBe(1);
    expect(await popup.locator('#crawlers-title').count()).toBe(1);
    // The audit was stored in the history with a sync state.
    expect(await popup.locator('.history li[data-record-id] .sync').count()).toBeGreaterThan(0);
    // Readable at 400 px: nothing wider than the popup.
    expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    expect(existsSync(await screenshot(popup, 'popup-good-page'))).toBe(true);
  });

  it('audits a bad page (client-rendered shell): a critical issue and a capped score', async () => {
    const { tabId } = await openTab(session, `${bad.url}${ARTICLE_PATH}`);
    const popup = await openPopupFor(session, tabId);
    const score = Number((await popup.getAttribute('svg.gauge', 'aria-label'))!.match(/\d+/)![0]);
    expect(score).toBeLessThanOrEqual(49);
    expect(await popup.locator('details.sev-critical[open] .issue').count()).toBeGreaterThan(0);
    expect(await popup.locator('[data-rule="rendering.no-content-without-js"]').count()).toBe(1);
    expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    expect(existsSync(await screenshot(popup, 'popup-bad-page'))).toBe(true);
  });

  it('is keyboard navigable: Tab reaches every control with a visible focus ring', async () => {
    const { tabId } = await openTab(session, `${bad.url}${ARTICLE_PATH}`);
    const popup = await openPopupFor(session, tabId);
    // The secondary actions sit in a menu: opened, its items join the Tab order.
    await popup.click('[data-action="menu"]');
    await popup.click('header h1'); // Tab starts again from the top
    const seen: Array<{ tag: string; text: string; outline: string }> = [];
    for (let i = 0; i < 50; i++) {
      await popup.keyboard.press('Tab');
      const el = await popup.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        if (!a || a === document.body) return null;
        return { tag: a.tagName.toLowerCase(), text: (a.textContent ?? '').trim().slice(0, 40), outline: getComputedStyle(a).outlineStyle };
      });
      if (el) seen.push(el);
    }
    const texts = seen.map((s) => s.text);
    expect(texts).toContain('Audit again');
    expect(texts).toContain('Options');
    expect(seen.some((s) => s.tag === 'summary')).toBe(true);
    expect(seen.some((s) => s.tag === 'button' && /\d/.test(s.text))).toBe(true); // a history entry
    expect(seen.every((s) => s.outline !== 'none')).toBe(true);
    // Enter on an issue group toggles it, as a button would.
    await popup.focus('details.issue-group > summary');
    const before = await popup.evaluate(() => (document.querySelector('details.issue-group') as HTMLDetailsElement).open);
    await popup.keyboard.press('Enter');
    expect(await popup.evaluate(() => (document.querySelector('details.issue-group') as HTMLDetailsElement).open)).toBe(!before);
    await screenshot(popup, 'popup-keyboard-focus');
  });

  it('says plainly that a browser page cannot be audited', async () => {
    const { tabId } = await openTabById(session, 'chrome://version');
    const popup = await openPopupFor(session, tabId);
    expect(await popup.textContent('.notice h2')).toBe('This page cannot be audited');
    expect(await popup.locator('.notice-error').count()).toBe(0);
    await screenshot(popup, 'popup-restricted-page');
  });

  it('sets its text at 14 px on every page, not the 10.5 px of the extension sheet (body at 75 %)', async () => {
    const { tabId } = await openTab(session, `${good.url}${ARTICLE_PATH}`);
    const popup = await openPopupFor(session, tabId);
    const sizes = async (page: typeof popup) =>
      page.evaluate(() => ({
        body: getComputedStyle(document.body).fontSize,
        text: getComputedStyle(document.querySelector('.verdict, .options label, .dash-main p') ?? document.body).fontSize,
      }));
    expect((await sizes(popup)).body).toBe('14px');
    expect(Number.parseFloat((await sizes(popup)).text)).toBeGreaterThanOrEqual(13);
    for (const name of ['options', 'dashboard']) {
      const page = await session.context.newPage();
      await page.goto(`chrome-extension://${session.extensionId}/${name}.html`);
      await page.waitForSelector('.options label, .dash-main p');
      const size = await sizes(page);
      expect(size.body).toBe('14px');
      expect(Number.parseFloat(size.text)).toBeGreaterThanOrEqual(14);
      await page.close();
    }
  });

  it('shows the score, the verdict and the critical issues first; one primary action, the rest in a menu', async () => {
    const { tabId } = await openTab(session, `${bad.url}${ARTICLE_PATH}`);
    const popup = await openPopupFor(session, tabId);
    // The real toolbar popup is about 430 by 510 px: the verdict and the first critical issue fit without scrolling.
    await popup.setViewportSize({ width: 400, height: 510 });
    const bottom = (selector: string) =>
      popup
        .locator(selector)
        .first()
        .evaluate((el) => el.getBoundingClientRect().bottom);
    expect(await bottom('.verdict')).toBeLessThan(510);
    expect(await bottom('details.sev-critical .issue h3')).toBeLessThan(510);
    // No button comes before the verdict and the critical issues; two are visible before the menu is opened.
    const order = await popup.evaluate(() => {
      const all = Array.from(document.querySelectorAll('.verdict, details.sev-critical, button'));
      return all.map((el) => (el.matches('button') ? 'button' : 'content'));
    });
    expect(order.slice(0, 2)).toEqual(['content', 'content']);
    expect(await popup.locator('.action-bar > button:visible, .action-bar .more-menu > button:visible').count()).toBe(2);
    expect(await popup.isVisible('[data-action="diff"]')).toBe(false);
    await popup.click('[data-action="menu"]');
    expect(await popup.getAttribute('[data-action="menu"]', 'aria-expanded')).toBe('true');
    // Focus moves to the first item once the menu has rendered: a frame later on a busy machine.
    await expect.poll(() => popup.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('dashboard');
    expect(await popup.isVisible('[data-action="diff"]')).toBe(true);
    await screenshot(popup, 'popup-menu-open');
    await popup.keyboard.press('Escape');
    expect(await popup.isVisible('[data-action="diff"]')).toBe(false);
    expect(await popup.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('menu');
    // At 200 % zoom the popup is still 400 CSS px wide but only about 300 high: the score and the verdict come first.
    await popup.setViewportSize({ width: 400, height: 300 });
    await popup.evaluate(() => scrollTo(0, 0));
    expect(await popup.locator('svg.gauge').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(await bottom('svg.gauge')).toBeLessThan(300);
    expect(
      await popup
        .locator('.verdict')
        .first()
        .evaluate((el) => el.getBoundingClientRect().top),
    ).toBeLessThan(300);
    await popup.screenshot({ path: `${SCREENSHOT_DIR}/popup-first-screen-zoom.png` });
  });

  it('announces the result to screen readers and keeps focus off the body after "Audit again"', async () => {
    const { tabId } = await openTab(session, `${good.url}${ARTICLE_PATH}`);
    const popup = await openPopupFor(session, tabId);
    const first = await popup.getAttribute('article.report', 'data-audit-id');
    await popup.focus('[data-action="again"]');
    await popup.keyboard.press('Enter');
    await popup.waitForFunction((id) => {
      const shown = document.querySelector('article.report')?.getAttribute('data-audit-id');
      return !!shown && shown !== id;
    }, first);
    await popup.waitForFunction(() => document.activeElement?.getAttribute('data-action') === 'again');
    const score = (await popup.getAttribute('svg.gauge', 'aria-label'))!.match(/\d+/)![0];
    expect(await popup.textContent('[data-testid="announcer"]')).toMatch(
      new RegExp(`^Audit done: score ${score} out of 100, \\d+ critical issues?\\.$`),
    );
    expect(await popup.getAttribute('[data-testid="announcer"]', 'role')).toBe('status');
  });
});
