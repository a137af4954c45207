import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchWithExtension, type ExtensionSession, type LaunchOptions } from './extension.js';

/** The store build: exactly what users install (activeTab only, no host access of its own). */
export const STORE_EXTENSION_DIR = path.resolve(process.env.CITABLE_STORE_EXTENSION ?? '.output/chrome-mv3');

/**
 * The store build in Chromium with the DevTools extension domain enabled, so a test can press the
 * toolbar button for real (docs/research/extension-testing.md#toolbar-click-and-firefox): the real popup opens and activeTab is
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
  await session.extensionPage.waitForFunction(() => chrome.extension.getViews({ type: 'popup' }).length === 0, null, {
    timeout: 10_000,
    polling: 10,
  });
}

/**
 * PNGs of the real toolbar popup, one per screenful from the top, through the DevTools protocol (the popup
 * is not a Playwright page). A popup cannot render beyond its window (`captureBeyondViewport` tiled its
 * visible part down the image), so it is scrolled a screenful at a time, and back to the top after.
 */
export async function popupScreens(session: ExtensionSession): Promise<Buffer[]> {
  const cdp = await session.context.browser()!.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{}] } as never)) as {
      targetInfos: Array<{ type: string; url: string; targetId: string }>;
    };
    const target = targetInfos.find((t) => t.type === 'page' && t.url.startsWith(`chrome-extension://${session.extensionId}/popup.html`));
    if (!target) throw new Error('no popup open');
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
    let nextId = 0;
    const pending = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();
    cdp.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
      if (e.sessionId !== sessionId) return;
      const msg = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = msg.id === undefined ? undefined : pending.get(msg.id);
      if (!waiting) return;
      pending.delete(msg.id!);
      if (msg.error) waiting.reject(new Error(msg.error.message));
      else waiting.resolve(msg.result);
    });
    const send = async <T>(method: string, params: object = {}): Promise<T> => {
      const id = ++nextId;
      const answer = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) } as never);
      return (await answer) as T;
    };
    /**
     * Scrolls the popup to `top` and waits two frames (painted); returns the document's width, the viewport's height and the document's
     * height.
     */
    const scrollTo = async (top: number) =>
      JSON.parse(
        (
          await send<{ result: { value: string } }>('Runtime.evaluate', {
            expression: `(async () => { document.scrollingElement.scrollTop = ${top}; await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); return JSON.stringify([document.scrollingElement.scrollWidth, innerHeight, document.scrollingElement.scrollHeight]); })()`,
            awaitPromise: true,
          })
        ).result.value,
      ) as [number, number, number];
    const [width, view, total] = await scrollTo(0);
    const screens: Buffer[] = [];
    for (let top = 0; top < total; top += view) {
      if (top > 0) await scrollTo(top);
      // Headless Chromium's popup surface is smaller than its layout: the clip (in document coordinates) asks for the screenful as laid
      // out.
      const clip = { x: 0, y: top, width, height: Math.min(view, total - top), scale: 1 };
      screens.push(
        Buffer.from(
          (await send<{ data: string }>('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true, clip })).data,
          'base64',
        ),
      );
    }
    await scrollTo(0);
    return screens;
  } finally {
    await cdp.detach();
  }
}

/** Writes the popup's screens as `<name>.png` (the top, what opens) and `<name>-2.png`, `-3`… below it; returns the files. */
export async function savePopupScreens(session: ExtensionSession, dir: string, name: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const screens = await popupScreens(session);
  const files = screens.map((_, i) => path.join(dir, `${name}${i === 0 ? '' : `-${i + 1}`}.png`));
  await Promise.all(screens.map((png, i) => writeFile(files[i]!, png)));
  return files;
}
