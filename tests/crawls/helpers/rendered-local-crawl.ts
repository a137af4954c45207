/**
 * A crawl run in this process with `render: 'sample'` and a renderer that waits for `before(path)` (a condition the
 * test sets) and then answers with the page's own HTML: how the crawl schedules around slow renders, without a
 * browser. Returns the stored crawl and the paths in the order they were rendered.
 */
import { startLocalCrawl } from '../../../server/cli/crawl/local-crawl.js';
import { crawlSettingsFor } from '../../../server/crawls/crawl-settings.js';
import type { StoredCrawl } from '../../../server/store/contracts/crawls.js';
import type { Renderer } from '../../../shared/types/renderer.js';
import type { RenderedPage } from '../../../shared/types/snapshot.js';

export async function crawlWithHeldRenders(
  origin: string,
  options: { maxPages: number; concurrency: number; before(path: string): Promise<unknown> },
): Promise<{ stored: StoredCrawl; rendered: string[] }> {
  const rendered: string[] = [];
  const renderer: Renderer = {
    async render(url: string): Promise<RenderedPage> {
      const path = new URL(url).pathname;
      await options.before(path);
      rendered.push(path);
      const html = await (await fetch(url)).text();
      return { html, url, capturedAt: new Date().toISOString(), engine: 'Test' };
    },
  };
  const crawl = startLocalCrawl({
    url: `${origin}/`,
    maxPages: options.maxPages,
    settings: crawlSettingsFor({ auditDeadlineMs: 20_000, concurrency: options.concurrency }),
    allowPrivate: true,
    workerUrl: new URL('file:///nonexistent/audit-worker.mjs'),
    render: { mode: 'sample', renderer },
  });
  await crawl.done;
  const stored = await crawl.read();
  await crawl.close();
  return { stored, rendered };
}
