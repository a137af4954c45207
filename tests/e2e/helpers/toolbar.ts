import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchWithExtension, type ExtensionSession, type LaunchOptions } from './extension.js';

/** The store build: exactly what users install (activeTab only, no host access of its own). */
export const STORE_EXTENSION_DIR = path.resolve(process.env.CITABLE_STORE_EXTENSION ?? '.output/chrome-mv3');

/**
 * The store build in Chromium with the DevTools extension domain enabled, so a test can press the
 * toolbar button for real (extension-testing.md section 6): the real popup opens and activeTab is
 * granted exactly as a user's click grants it.
 */
export function launchStoreBuild(extraArgs: string[] = [], options: LaunchOptions = {}): Promise<ExtensionSession> {
  return launchWithExtension(['--enable-unsafe-extension-debugging', ...extraArgs], STORE_EXTENSION_DIR, options);
}

/**
 * Presses the extension's toolbar button on the tab showing `page` (CDP Extensions.triggerAction).
 * `url`: the address the tab shows when it differs from the page's (a browser error page).
 */
export async function clickToolbar(session: ExtensionSession, page: Page, url: string = page.url()): Promise<void> {
  const cdp = await session.context.browser()!.newBrowserCDPSession();
  try {
    // Tab targets are listed only when asked for (the default filter hides them). A tab that has just
    // failed to load may show no address for a moment: look again briefly.
    const wanted = new Set([url, page.url()].filter((u) => u !== ''));
    const deadline = Date.now() + 5_000;
    let targets: Array<{ type: string; url: string; targetId: string }> = [];
    for (;;) {
      targets = ((await cdp.send('Target.getTargets', { filter: [{}] } as never)) as { targetInfos: typeof targets }).targetInfos;
      const tab = targets.find((t) => t.type === 'tab' && wanted.has(t.url));
      if (tab) {
        await cdp.send('Extensions.triggerAction' as never, { id: session.extensionId, targetId: tab.targetId } as never);
        return;
      }
      if (Date.now() > deadline) throw new Error(`no tab target for ${url}: ${JSON.stringify(targets.map((t) => [t.type, t.url]))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await cdp.detach();
  }
}

/** Waits until the open toolbar popup shows `selector` (Playwright does not list the popup as a page). */
export async function waitForPopup(session: ExtensionSession, selector: string, timeoutMs = 30_000): Promise<void> {
  await session.extensionPage.waitForFunction(
    (sel) => !!chrome.extension.getViews({ type: 'popup' })[0]?.document.querySelector(sel),
    selector,
    { timeout: timeoutMs, polling: 10 },
  );
}

/** Runs `fn` with the open toolbar popup's window (same extension origin as the page reading it). */
export async function popupEvaluate<T, A>(session: ExtensionSession, fn: (popup: Window, arg: A) => T, arg: A): Promise<T> {
  const view = await session.extensionPage.evaluateHandle(() => chrome.extension.getViews({ type: 'popup' })[0] as Window);
  try {
    return (await view.evaluate(fn as never, arg as never)) as T;
  } finally {
    await view.dispose();
  }
}

/** The text of the first element matching `selector` in the open toolbar popup ("" when none). */
export function popupText(session: ExtensionSession, selector: string): Promise<string> {
  return popupEvaluate(session, (w, sel) => w.document.querySelector(sel)?.textContent ?? '', selector);
}

/** Whether a toolbar popup is open. */
export function popupOpen(session: ExtensionSession): Promise<boolean> {
  return session.extensionPage.evaluate(() => chrome.extension.getViews({ type: 'popup' }).length > 0);
}

/**
 * Closes the open toolbar popup (as clicking elsewhere would) and waits until it is gone: a closing popup
 * still listed by getViews would otherwise be taken for the next click's popup, then vanish under the test.
 */
export async function closePopup(session: ExtensionSession): Promise<void> {
  await session.extensionPage.evaluate(() => chrome.extension.getViews({ type: 'popup' }).forEach((v: Window) => v.close()));
  await session.extensionPage.waitForFunction(() => chrome.extension.getViews({ type: 'popup' }).length === 0, null, { timeout: 10_000, polling: 10 });
}

/** A PNG of the real toolbar popup, through the DevTools protocol (the popup is not a Playwright page). */
export async function popupScreenshot(session: ExtensionSession): Promise<Buffer> {
  const cdp = await session.context.browser()!.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{}] } as never)) as { targetInfos: Array<{ type: string; url: string; targetId: string }> };
    const target = targetInfos.find((t) => t.type === 'page' && t.url.startsWith(`chrome-extension://${session.extensionId}/popup.html`));
    if (!target) throw new Error('no popup open');
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
    const answer = new Promise<string>((resolve, reject) => {
      cdp.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
        if (e.sessionId !== sessionId) return;
        const msg = JSON.parse(e.message) as { id?: number; result?: { data: string }; error?: { message: string } };
        if (msg.id !== 1) return;
        if (msg.error) reject(new Error(msg.error.message));
        else resolve(msg.result!.data);
      });
    });
    const message = JSON.stringify({ id: 1, method: 'Page.captureScreenshot', params: { format: 'png', captureBeyondViewport: true } });
    await cdp.send('Target.sendMessageToTarget', { sessionId, message } as never);
    return Buffer.from(await answer, 'base64');
  } finally {
    await cdp.detach();
  }
}
