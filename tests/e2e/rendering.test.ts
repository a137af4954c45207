import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { ARTICLE_PATH } from '../fixtures/sites/good-article.js';
import { serveSite } from './fixtures/serve.js';
import { jsOnlyContentSite } from './fixtures/js-only-content-site.js';
import { screenshot } from './fixtures/screenshots.js';
import { launchWithExtension, openPopupFor, openTab, type ExtensionSession } from './helpers/extension.js';
import { expectAudit, sendAuditMessage } from './helpers/send-audit.js';

/** Content added by JavaScript is invisible to AI crawlers: only the rendered tab can show the gap. */
describe('content only after JavaScript', () => {
  let session: ExtensionSession;
  let site: FixtureSite;
  beforeAll(async () => {
    site = await serveSite(jsOnlyContentSite);
    session = await launchWithExtension();
  });
  afterAll(async () => {
    await session?.close();
    await site?.close();
  });

  it('reports the words that appear only in the rendered DOM', async () => {
    const { page, tabId } = await openTab(session, `${site.url}${ARTICLE_PATH}`);
    await page.waitForSelector('#late-notes');
    const audit = expectAudit(await sendAuditMessage(session, tabId));
    const issue = audit.issues.find((i) => i.rule === 'rendering.js-only-content');
    expect(issue?.category).toBe('Rendering');
    expect(issue?.detail).toMatch(/appear only after JavaScript/);

    const popup = await openPopupFor(session, tabId);
    expect(await popup.locator('[data-rule="rendering.js-only-content"]').count()).toBe(1);
    await screenshot(popup, 'popup-js-only-content');
  });
});
