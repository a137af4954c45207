/**
 * Where one real click's time goes on the normal page: every request the fixture server receives (time
 * after the click, path, Accept), requests asked twice, and the popup's own marks. A diagnosis for the
 * click benchmark, not a figure. Run: npx tsx bench/extension-click-requests.ts (the store build in
 * .output/chrome-mv3, or CITABLE_STORE_EXTENSION=<dir>). CLICKS=<n> clicks (default 3, after one warm-up);
 * CACHED=1 clicks the same URL again each time (the cached result: no request, the popup's marks).
 */
import { loadavg } from 'node:os';
import { ARTICLE_PATH, goodArticleSite } from '../tests/fixtures/sites/good-article.js';
import { serveSite } from '../tests/e2e/fixtures/serve.js';
import { launchStoreBuild } from '../tests/e2e/helpers/toolbar.js';
import { ToolbarClock } from '../tests/e2e/helpers/toolbar-clock.js';
import { REPORT_PAINT_NAME } from '../extension/components/paint-timing.js';

const CLICKS = Number(process.env.CLICKS ?? 3);
const site = await serveSite((origin) => goodArticleSite(origin));
const session = await launchStoreBuild([], { pinned: true });
try {
  const page = await session.context.newPage();
  await page.goto(`${site.url}${ARTICLE_PATH}?run=open`, { waitUntil: 'load' });
  const clock = await ToolbarClock.open(session, page);
  await clock.widen(1280);
  for (let i = 0; i <= CLICKS; i++) {
    if (!process.env.CACHED || i === 0) await page.goto(`${site.url}${ARTICLE_PATH}?run=${i}`, { waitUntil: 'load' });
    await new Promise((r) => setTimeout(r, 200));
    const from = site.requests.length;
    const t0 = Date.now();
    const timing = await clock.click('article.report', REPORT_PAINT_NAME);
    const requests = site.requests.slice(from);
    const marks = await session.extensionPage.evaluate(() => {
      const view = chrome.extension.getViews({ type: 'popup' })[0];
      if (!view) return [];
      const nav = view.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const browserMarks = nav
        ? {
            responseEnd: nav.responseEnd,
            domInteractive: nav.domInteractive,
            DOMContentLoaded: nav.domContentLoadedEventStart,
            load: nav.loadEventStart,
          }
        : {};
      const paints = view.performance.getEntriesByType('paint').map((p: PerformanceEntry) => [p.name, p.startTime] as const);
      return [
        ...view.performance.getEntriesByType('mark').map((m: PerformanceEntry) => [m.name, m.startTime] as const),
        ...Object.entries(browserMarks),
        ...paints,
      ]
        .sort((a, b) => a[1] - b[1])
        .map(([name, at]) => `${name} ${at.toFixed(0)}`);
    });
    const audit = await session.worker.evaluate(async () => {
      const { records } = (await chrome.storage.local.get('records')) as { records?: Array<{ id: string }> };
      const id = records?.[0]?.id;
      const stored = id
        ? ((await chrome.storage.local.get(`audit:${id}`)) as Record<string, { duration_ms?: number }>)[`audit:${id}`]
        : undefined;
      return { duration_ms: stored?.duration_ms };
    });
    if (i === 0) continue;
    console.log(
      `\n=== click ${i}: painted ${timing.painted?.toFixed(0)} ms, seen ${timing.seen} ms, popup document at ${timing.docStart.toFixed(0)} ms; audit duration_ms ${audit.duration_ms}`,
    );
    const reportPainted = timing.painted === null ? '' : `, report painted ${(timing.painted - timing.docStart).toFixed(0)}`;
    console.log(`popup marks (ms after its document start): ${marks.join(', ')}${reportPainted}`);
    const seen = new Map<string, number>();
    for (const r of requests) {
      const key = `${r.path} ${String(r.headers.accept ?? '')}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      console.log(`${String(r.at - t0).padStart(5)} ms  ${r.path}  [${String(r.headers.accept ?? '').slice(0, 40)}]`);
    }
    const twice = [...seen].filter(([, n]) => n > 1);
    console.log(
      `${requests.length} requests; asked more than once: ${twice.length ? twice.map(([k, n]) => `${k} ×${n}`).join('; ') : 'none'}`,
    );
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  await clock.close();
} finally {
  await session.close();
  await site.close();
}
