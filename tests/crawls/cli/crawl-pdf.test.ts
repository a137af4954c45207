/** `citable crawl <url> --pdf FILE`: the site's client report printed by a real Chromium (CHROMIUM_PATH), read back with pdf.js. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../server/cli/crawl-command.js';
import { memoryIo } from '../../cli/cli-io.js';
import { CHROMIUM } from '../../reports/helpers/chromium.js';
import { pdfText } from '../../reports/helpers/pdf-text.js';
import type { ServedSite } from '../helpers/crawl-site.js';
import { startSlowSite } from '../helpers/small-sites.js';

describe('citable crawl --pdf', () => {
  let site: ServedSite;
  let dir: string;
  beforeAll(async () => {
    site = await startSlowSite(6, 0);
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-crawl-pdf-'));
  });
  afterAll(async () => {
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the site report as a PDF naming the site, after the terminal report', async () => {
    const io = memoryIo({ AUDIT_ALLOW_PRIVATE: '1', CHROMIUM_PATH: CHROMIUM });
    const file = path.join(dir, 'site.pdf');
    expect(await run([site.url, '--max-pages', '5', '--pdf', file], io)).toBe(0);
    expect(io.out()).toContain(`Citable site audit of ${site.url}`);
    expect(io.err()).toContain(`PDF report written to ${file}`);
    const pdf = await readFile(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await pdfText(pdf);
    expect(text).toContain(new URL(site.url).host);
    expect(text).toContain('Pages to fix first'); // the worst pages, from the command's shortlist
  }, 60_000);
});
