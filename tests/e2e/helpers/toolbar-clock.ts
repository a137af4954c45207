/**
 * The clock of a real toolbar click (bench/extension-click.bench.ts, bench/extension-floor-trace.ts).
 *
 * It starts when Extensions.triggerAction is sent (the click; the DevTools session and the tab's target are
 * found before, so their round trips are not counted) and stops twice:
 *  - "seen": a poll in an extension page (every 5 ms) finds the awaited element in the popup's DOM;
 *  - "painted": the browser's own record (Element Timing) of when the popup first painted that element's
 *    text, read afterwards: no poll involved. The popup marks its report's first text with
 *    `elementtiming="citable-report"`; the floor's static popup marks its only element the same way.
 */
import type { CDPSession, Page } from 'playwright-core';
import type { ExtensionSession } from './extension.js';
import { closePopup } from './toolbar.js';

/** The CDP target id of the tab showing `url` (tab targets are listed only when asked for). */
export async function findTabTarget(cdp: CDPSession, url: string): Promise<string> {
  const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{}] } as never)) as {
    targetInfos: Array<{ type: string; url: string; targetId: string }>;
  };
  const tab = targetInfos.find((t) => t.type === 'tab' && t.url === url);
  if (!tab) throw new Error(`no tab target for ${url}`);
  return tab.targetId;
}

/**
 * Makes the tab's browser window `width` px wide. Playwright opens each window as wide as the page's
 * viewport (400 px here), too narrow for a pinned icon to stay in the toolbar.
 */
export async function setWindowWidth(cdp: CDPSession, targetId: string, width: number): Promise<void> {
  const { windowId } = (await cdp.send('Browser.getWindowForTarget', { targetId } as never)) as { windowId: number };
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { width } } as never);
}

export interface ClickTiming {
  /** Click → the element in the popup's DOM, seen by the poll. */
  seen: number;
  /** Click → the element's text painted (Element Timing); null when the browser recorded none. */
  painted: number | null;
  /** Click → the popup document's start (its performance.timeOrigin): the browser's share. */
  docStart: number;
  /** From the popup document's start to our first script (citable:start); null when the popup has none. */
  firstScript: number | null;
}

/** The toolbar button of one extension on one tab, pressed with the clock described above. */
export class ToolbarClock {
  private constructor(
    private readonly session: ExtensionSession,
    private readonly cdp: CDPSession,
    private targetId: string,
  ) {}

  static async open(session: ExtensionSession, page: Page): Promise<ToolbarClock> {
    const cdp = await session.context.browser()!.newBrowserCDPSession();
    return new ToolbarClock(session, cdp, await findTabTarget(cdp, page.url()));
  }

  /** The tab's window width (see setWindowWidth). */
  widen(width: number): Promise<void> {
    return setWindowWidth(this.cdp, this.targetId, width);
  }

  /** Closes any open popup, clicks, and times the popup until `selector` is in it and painted. */
  async click(selector: string, paintName: string): Promise<ClickTiming> {
    await closePopup(this.session);
    const t0 = Date.now();
    await this.cdp.send('Extensions.triggerAction' as never, { id: this.session.extensionId, targetId: this.targetId } as never);
    const seenHandle = await this.session.extensionPage.waitForFunction(
      (sel) => {
        const view = chrome.extension.getViews({ type: 'popup' })[0];
        return view?.document.querySelector(sel) ? { at: Date.now(), origin: view.performance.timeOrigin } : null;
      },
      selector,
      { polling: 5, timeout: 30_000 },
    );
    const seen = (await seenHandle.jsonValue()) as { at: number; origin: number };
    const marks = await this.session.extensionPage.evaluate(async (name) => {
      const view = chrome.extension.getViews({ type: 'popup' })[0] as (Window & typeof globalThis) | undefined;
      if (!view) return { painted: null, start: null };
      const start = view.performance.getEntriesByName('citable:start')[0]?.startTime ?? null;
      // Element entries are buffered for the observer; wait up to 2 s for the paint after the DOM had it.
      const painted = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), 2_000);
        new view.PerformanceObserver((list, observer) => {
          const entry = list.getEntries().find((e) => (e as PerformanceEntry & { identifier?: string }).identifier === name) as
            (PerformanceEntry & { renderTime: number }) | undefined;
          if (!entry) return;
          clearTimeout(timer);
          observer.disconnect();
          resolve(entry.renderTime || entry.startTime);
        }).observe({ type: 'element', buffered: true });
      });
      return { painted: painted === null ? null : view.performance.timeOrigin + painted, start };
    }, paintName);
    return {
      seen: seen.at - t0,
      painted: marks.painted === null ? null : marks.painted - t0,
      docStart: seen.origin - t0,
      firstScript: marks.start,
    };
  }

  async close(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }
}
