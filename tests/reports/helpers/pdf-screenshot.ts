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
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));

export async function screenshotPdfPage(browser: Browser, pdf: Uint8Array, file: string, pageNumber = 1): Promise<void> {
  const [lib, worker] = await Promise.all([readFile(path.join(PDFJS_DIR, 'build/pdf.min.mjs')), readFile(path.join(PDFJS_DIR, 'build/pdf.worker.min.mjs'))]);
  const js = { 'content-type': 'text/javascript' };
  const site = await startFixtureSite({
    '/': { body: '<!doctype html><body style="margin:0;background:#888"><canvas id="c"></canvas></body>' },
    '/pdf.mjs': { headers: js, body: lib },
    '/pdf.worker.mjs': { headers: js, body: worker },
  });
  const page = await browser.newPage();
  try {
    await page.goto(site.url);
    const size = await page.evaluate(
      async ({ data, n }) => {
        const pdfjs = await import('/pdf.mjs' as string);
        pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const doc = await pdfjs.getDocument({ data: bytes }).promise;
        const pdfPage = await doc.getPage(n);
        const viewport = pdfPage.getViewport({ scale: 1.5 });
        const canvas = document.getElementById('c') as HTMLCanvasElement;
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        await pdfPage.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
        return { width: viewport.width, height: viewport.height };
      },
      { data: Buffer.from(pdf).toString('base64'), n: pageNumber },
    );
    await page.setViewportSize({ width: Math.ceil(size.width), height: Math.ceil(size.height) });
    await page.locator('#c').screenshot({ path: file });
  } finally {
    await page.close();
    await site.close();
  }
}
