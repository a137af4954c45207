/**
 * A PNG of one PDF page, drawn by pdf.js in Chromium (no PDF rasteriser is installed on the machine): a loopback
 * server serves pdf.js and a blank page, the PDF goes in as base64, the canvas is the screenshot.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startFixtureSite } from '../../helpers/fixture-server.js';

const require = createRequire(import.meta.url);

/** Runs in the page (served as a module, so no test transform touches its import). */
const RENDER = `
import * as pdfjs from '/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
window.renderPdfPage = async (data, n) => {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  const doc = await pdfjs.getDocument({ data: bytes }).promise;
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: 1.5 });
  const canvas = document.getElementById('c');
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
  return { width: viewport.width, height: viewport.height };
};
window.pdfReady = true;
`;
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));

export async function screenshotPdfPage(browser: Browser, pdf: Uint8Array, file: string, pageNumber = 1): Promise<void> {
  const [lib, worker] = await Promise.all([
    readFile(path.join(PDFJS_DIR, 'build/pdf.min.mjs')),
    readFile(path.join(PDFJS_DIR, 'build/pdf.worker.min.mjs')),
  ]);
  const js = { 'content-type': 'text/javascript' };
  const site = await startFixtureSite({
    '/': {
      body: '<!doctype html><body style="margin:0;background:#888"><canvas id="c"></canvas><script type="module" src="/render.mjs"></script></body>',
    },
    '/render.mjs': { headers: js, body: RENDER },
    '/pdf.mjs': { headers: js, body: lib },
    '/pdf.worker.mjs': { headers: js, body: worker },
  });
  const page = await browser.newPage();
  try {
    await page.goto(site.url);
    await page.waitForFunction(() => (window as unknown as { pdfReady?: boolean }).pdfReady === true);
    const size = await page.evaluate(
      ([data, n]) =>
        (window as unknown as { renderPdfPage(d: string, n: number): Promise<{ width: number; height: number }> }).renderPdfPage(
          data as string,
          n as number,
        ),
      [Buffer.from(pdf).toString('base64'), pageNumber] as const,
    );
    await page.setViewportSize({ width: Math.ceil(size.width), height: Math.ceil(size.height) });
    await page.locator('#c').screenshot({ path: file });
  } finally {
    await page.close();
    await site.close();
  }
}
