/**
 * The browser's own floor for a toolbar popup: an extension whose popup is one static HTML page with no
 * script, no style sheet and nothing to fetch. A real click on it measures what Chromium spends opening
 * a popup before any of an extension's code could run (the same clock as the real extension's figures).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPORT_PAINT_NAME } from '../../extension/components/paint-timing.js';

/** Writes the minimal extension to a new temporary folder and returns the folder. */
export async function writeFloorExtension(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'citable-floor-ext-'));
  const manifest = {
    manifest_version: 3,
    name: 'Popup floor',
    version: '1.0.0',
    action: { default_popup: 'popup.html', default_title: 'Popup floor' },
    // launchWithExtension finds the extension by its service worker and opens options.html to poll the popup.
    background: { service_worker: 'sw.js' },
  };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dir, 'sw.js'), '');
  await writeFile(path.join(dir, 'options.html'), '<!doctype html><title>floor</title>');
  // The element the bench waits for is in the static HTML: nothing of ours runs before it exists.
  // elementtiming: the browser records when the text is painted, the same clock as the real popup's report.
  await writeFile(
    path.join(dir, 'popup.html'),
    `<!doctype html><meta charset="utf-8"><title>floor</title><article class="report" elementtiming="${REPORT_PAINT_NAME}">empty</article>`,
  );
  return dir;
}
