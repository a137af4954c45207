/**
 * One render, in a fresh browser context whose only way out is its guarded proxy: load the page, let its
 * scripts run until the network is quiet, and read the DOM as the extension does (the doctype, then
 * `document.documentElement.outerHTML`). Every fault ends in a RenderFault naming what happened; the caller
 * closes the context whatever the outcome.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BROWSER_USER_AGENT } from '../../shared/gather/user-agents.js';
import type { RenderErrorCode } from '../../shared/audit/errors.js';

/** The page's network counts as settled after this long without a request in flight. */
export const QUIET_MS = 100;
/** After `load`, at most this long is spent waiting for the network to settle. */
export const SETTLE_MAX_MS = 2_000;
/** Main-frame navigations (script or meta redirects) beyond which the page is said to never stay put. */
export const MAX_NAVIGATIONS = 20;

/** The same capture as the extension's (extension/lib/probe/rendered-page.ts), as a string: the server has no DOM types. */
const CAPTURE = `(() => {
  const d = document.doctype;
  return { html: (d ? '<!DOCTYPE ' + d.name + '>' : '') + document.documentElement.outerHTML, url: location.href };
})()`;

export class RenderFault extends Error {
  constructor(
    readonly code: RenderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RenderFault';
  }
}

export interface PageCapture {
  html: string;
  url: string;
  /** Milliseconds from the start of loading to the capture. */
  ms: number;
}

export interface RenderStep {
  browser: Browser;
  url: string;
  proxyUrl: string;
  /** Epoch ms by which the DOM must be read. */
  deadline: number;
  timeoutMs: number;
}

/** A fresh context: its proxy, no service workers, no downloads, no permissions; every other window is closed at once. */
export async function openRenderContext(browser: Browser, proxyUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    proxy: { server: proxyUrl, bypass: '<-loopback>' },
    serviceWorkers: 'block',
    acceptDownloads: false,
    permissions: [],
    userAgent: BROWSER_USER_AGENT,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  context.on('page', (other) => {
    if (other !== page) void other.close().catch(() => undefined);
  });
  page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
  page.on('download', (download) => void download.cancel().catch(() => undefined));
  return { context, page };
}

/** Loads, settles and captures. Rejects with RenderFault. */
export async function loadAndCapture(page: Page, step: RenderStep): Promise<PageCapture> {
  const started = Date.now();
  const network = watchNetwork(page);
  const reserve = Math.min(2_000, Math.round(step.timeoutMs * 0.2));
  try {
    await load(page, step.url, step.deadline - reserve);
    await network.quiet(Math.min(Date.now() + SETTLE_MAX_MS, step.deadline - reserve));
    if (network.navigations() > MAX_NAVIGATIONS) {
      throw new RenderFault(
        'navigation',
        `the page navigated more than ${MAX_NAVIGATIONS} times without settling (a redirect loop in its scripts?)`,
      );
    }
    const captured = await capture(page, step);
    return { ...captured, ms: Date.now() - started };
  } finally {
    network.stop();
  }
}

/** `goto` until `load`; a page still loading at `until` is captured as it is, a page that cannot load is a fault. */
async function load(page: Page, url: string, until: number): Promise<void> {
  try {
    await page.goto(url, { waitUntil: 'load', timeout: Math.max(1, until - Date.now()) });
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    if ((error as Error)?.name === 'TimeoutError') return; // still loading: what is there is read
    if (/interrupted by another navigation|frame was detached/i.test(message)) return; // a script moved on: settle, then read
    if (/crash/i.test(message)) throw new RenderFault('crashed', 'the page crashed its renderer (out of memory?)');
    const net = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
    throw new RenderFault(
      'navigation',
      net ? `the browser could not load the page (${net})` : `the browser could not load the page (${firstLine(message)})`,
    );
  }
}

/** Reads the DOM, again while the page is between two documents, until the deadline. */
async function capture(page: Page, step: RenderStep): Promise<{ html: string; url: string }> {
  for (;;) {
    const left = step.deadline - Date.now();
    if (left <= 0) break;
    try {
      return await withTimeout(page.evaluate(CAPTURE) as Promise<{ html: string; url: string }>, left);
    } catch (error) {
      if (error instanceof RenderFault) throw error;
      const message = String((error as Error)?.message ?? error);
      if (/crash/i.test(message)) throw new RenderFault('crashed', 'the page crashed its renderer (out of memory?)');
      if (!/context was destroyed|navigat/i.test(message))
        throw new RenderFault('navigation', `the DOM could not be read (${firstLine(message)})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new RenderFault(
    'timeout',
    `the page did not yield its DOM within ${Math.round(step.timeoutMs / 1000)} s (a script that never ends, or a page that keeps navigating)`,
  );
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RenderFault('timeout', 'capture timed out')), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

interface NetworkWatch {
  /** Resolves once no request has been in flight for QUIET_MS, or at `until`. */
  quiet(until: number): Promise<void>;
  navigations(): number;
  stop(): void;
}

/** Requests in flight and main-frame navigations, from the events Playwright already receives (no interception). */
function watchNetwork(page: Page): NetworkWatch {
  let inFlight = 0;
  let lastChange = Date.now();
  let navigations = 0;
  const started = () => {
    inFlight++;
    lastChange = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  const navigated = (frame: { parentFrame(): unknown }) => {
    if (!frame.parentFrame()) navigations++;
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('framenavigated', navigated);
  return {
    async quiet(until) {
      while (Date.now() < until && navigations <= MAX_NAVIGATIONS) {
        const calm = inFlight === 0 ? QUIET_MS - (Date.now() - lastChange) : QUIET_MS;
        if (inFlight === 0 && calm <= 0) return;
        await new Promise((resolve) => setTimeout(resolve, Math.max(10, Math.min(calm, until - Date.now()))));
      }
    },
    navigations: () => navigations,
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
      page.off('framenavigated', navigated);
    },
  };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.slice(0, 200);
}
