/**
 * Renders extension/icons/icon.svg (and icon-small.svg for 16 px, simpler so it stays legible) to the
 * PNG sizes the stores and toolbars use, with the system Chromium. The PNGs are committed; run this
 * after changing the SVG: npx tsx extension/icons/render-icons.ts
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const SIZES = [16, 32, 48, 128];
const here = path.dirname(new URL(import.meta.url).pathname);
const out = path.resolve(here, '../public/icon');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox'],
});
try {
  await mkdir(out, { recursive: true });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const size of SIZES) {
    const svg = await readFile(path.join(here, size <= 16 ? 'icon-small.svg' : 'icon.svg'), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: path.join(out, `${size}.png`), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`extension/public/icon/${size}.png`);
  }
} finally {
  await browser.close();
}
