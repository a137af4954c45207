/** Debian's Chromium for the report tests (playwright-core with executablePath; never `playwright install`). */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the screenshots of the reports are kept for a person to look at (test-results/ is ignored by git). */
export const ARTEFACTS = path.resolve('test-results/reports');

export async function launchChromium(): Promise<Browser> {
  await mkdir(ARTEFACTS, { recursive: true });
  const args = [
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-extensions',
  ];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}
