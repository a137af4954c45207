/**
 * Prints report HTML to PDF with headless Chromium (playwright-core driving CHROMIUM_PATH). One browser per
 * process, started on first use and started again if it dies; one context with JavaScript off and every
 * request refused (the report needs none: defence in depth), and at most `concurrency` pages in it, each
 * reused from PDF to PDF (a new page costs 300-600 ms on two cores; `setContent` replaces the whole
 * document, and without scripts nothing of one report survives into the next). A page that failed or ran
 * late is closed, never reused. A bounded line waits behind the slots, and one deadline covers waiting and
 * printing together. Chromium is a separate process, so printing never blocks the API's event loop.
 */
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Paper } from '../../../shared/report/types.js';
import { Semaphore } from '../../audits/semaphore.js';
import { PdfBusyError, PdfTimeoutError, PdfUnavailableError } from './pdf-errors.js';
import { lowerPriorityOfChromium } from './lower-priority.js';
import { randomBytes } from 'node:crypto';

export interface PdfJob {
  html: string;
  paper: Paper;
  /** Chromium's footer template (page numbers): see shared/report/pdf-footer.tsx. */
  footerTemplate: string;
}

/** Whose PDF it is: the account, and the share link it was asked through (fair-printer.ts queues by them). */
export interface PdfLane {
  account: string;
  /** The share's id, for a report asked through its link (GET /r/{token}). */
  share?: string;
}

export interface PdfRenderer {
  /** `lane`: used by the fair printer (fair-printer.ts); the renderers themselves print in arrival order. */
  render(job: PdfJob, lane?: PdfLane): Promise<Buffer>;
  /** PDFs printing or waiting. */
  readonly pending: number;
  close(): Promise<void>;
}

export interface PdfRendererOptions {
  chromiumPath: string;
  concurrency: number;
  timeoutMs: number;
  /** PDFs allowed to wait for a slot; beyond that PdfBusyError (default 8 per slot). */
  queueLimit?: number;
}

/** The margins of the print CSS (shared/report/styles.ts): the footer template is drawn in the bottom one. */
const MARGIN = { top: '16mm', right: '14mm', bottom: '18mm', left: '14mm' };

const ARGS = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--mute-audio',
];

export function createPdfRenderer(options: PdfRendererOptions): PdfRenderer {
  const slots = new Semaphore(options.concurrency, options.queueLimit ?? options.concurrency * 8);
  let session: Promise<Session> | null = null;
  let closed = false;

  const sessionOnce = (): Promise<Session> => {
    if (!session) {
      const starting = startSession(options.chromiumPath);
      session = starting;
      starting.then(
        (s) =>
          s.browser.on('disconnected', () => {
            if (session === starting) session = null; // crashed or killed: the next PDF starts a new one
          }),
        () => {
          if (session === starting) session = null; // a failed start is tried again next time
        },
      );
    }
    return session;
  };

  return {
    get pending() {
      return slots.running + slots.waiting;
    },
    async render(job) {
      if (closed) throw new PdfUnavailableError('The server is shutting down');
      const deadline = Date.now() + options.timeoutMs;
      const acquiring = slots.acquire();
      const release = await beforeDeadline(acquiring, deadline, options.timeoutMs, () => void acquiring.then((r) => r?.()));
      if (!release) throw new PdfBusyError();
      let page: Page | null = null;
      let reusable = false;
      let current: Session | null = null;
      try {
        current = await beforeDeadline(sessionOnce(), deadline, options.timeoutMs);
        page = current.idle.pop() ?? (await newPage(current));
        const printing = print(page, job, deadline);
        const late = page;
        const pdf = await beforeDeadline(printing, deadline, options.timeoutMs, () => void late.close().catch(() => undefined));
        reusable = true;
        return pdf;
      } finally {
        if (page && current) {
          if (reusable && !closed && !page.isClosed()) current.idle.push(page);
          else await page.close().catch(() => undefined);
        }
        release();
      }
    },
    async close() {
      closed = true;
      const running = session;
      session = null;
      await running?.then((s) => s.browser.close()).catch(() => undefined);
    },
  };
}

interface Session {
  browser: Browser;
  /** The switch in its command line that finds its processes (lower-priority.ts). */
  marker: string;
  context: BrowserContext;
  /** Pages done printing, ready for the next PDF. */
  idle: Page[];
}

async function startSession(chromiumPath: string): Promise<Session> {
  // A switch Chromium ignores, to find this browser's processes and lower their priority (lower-priority.ts).
  const marker = `--citable-pdf-printer=${randomBytes(6).toString('hex')}`;
  const browser = await launch(chromiumPath, marker);
  const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', offline: true });
  return { browser, marker, context, idle: [] };
}

async function newPage(session: Session): Promise<Page> {
  const page = await session.context.newPage();
  await page.route('**/*', (route) => route.abort('blockedbyclient'));
  // Chromium sets its renderers' priority itself when it starts them: lower the new one too.
  lowerPriorityOfChromium(session.marker);
  return page;
}

async function print(page: Page, job: PdfJob, deadline: number): Promise<Buffer> {
  await page.setContent(job.html, { waitUntil: 'load', timeout: Math.max(1, deadline - Date.now()) });
  return page.pdf({
    format: job.paper,
    preferCSSPageSize: true,
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: job.footerTemplate,
    margin: MARGIN,
  });
}

async function launch(chromiumPath: string, marker: string): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new PdfUnavailableError(
      `PDF reports need Chromium: CHROMIUM_PATH (${chromiumPath}) does not exist. Install Chromium or set CHROMIUM_PATH to its executable`,
    );
  }
  const { chromium } = await import('playwright-core');
  // Chromium refuses to start its sandbox as root; the page it prints is our own HTML, with scripts and requests off.
  const args = process.getuid?.() === 0 ? [...ARGS, '--no-sandbox'] : ARGS;
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: [...args, marker], timeout: 30_000 });
    lowerPriorityOfChromium(marker);
    return browser;
  } catch (error) {
    const reason = String((error as Error)?.message ?? error).split('\n')[0];
    throw new PdfUnavailableError(`PDF reports need Chromium: CHROMIUM_PATH (${chromiumPath}) did not start (${reason})`, { cause: error });
  }
}

/** `work`, unless the deadline passes first (PdfTimeoutError, after `onLate` tidies up what `work` will leave). */
function beforeDeadline<T>(work: Promise<T>, deadline: number, timeoutMs: number, onLate?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => {
        onLate?.();
        reject(new PdfTimeoutError(timeoutMs));
      },
      Math.max(0, deadline - Date.now()),
    );
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
