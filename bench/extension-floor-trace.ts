/**
 * Where the browser's floor goes: a Chromium trace (CDP Tracing on the browser target) of real toolbar
 * clicks on the floor extension (an empty static popup, bench/lib/floor-extension.ts). Writes the raw
 * trace to FLOOR_TRACE (default /tmp/floor-trace.json) for chrome://tracing or Perfetto, and prints per
 * click the time from the click to each milestone the trace shows. Run: npx tsx bench/extension-floor-trace.ts
 * FLOOR_ARGS="--flag --flag2" adds Chromium flags (e.g. to compare process models); PINNED=1 pins the icon to the toolbar;
 * WINDOW_WIDTH=1280 widens the browser window (Playwright makes it as wide as the 400 px viewport).
 */
import { writeFile, rm } from 'node:fs/promises';
import type { CDPSession } from 'playwright-core';
import { loadavg } from 'node:os';
import { ARTICLE_PATH, goodArticleSite } from '../tests/fixtures/sites/good-article.js';
import { serveSite } from '../tests/e2e/fixtures/serve.js';
import { launchWithExtension } from '../tests/e2e/helpers/extension.js';
import { closePopup } from '../tests/e2e/helpers/toolbar.js';
import { writeFloorExtension } from './lib/floor-extension.js';
import { findTabTarget, setWindowWidth } from '../tests/e2e/helpers/toolbar-clock.js';

const CLICKS = Number(process.env.CLICKS ?? 4);
/** NO_EXTENSION_PAGE=1: no extension page stays open (as for a user), so the popup may need a new process. */
const NO_EXTENSION_PAGE = process.env.NO_EXTENSION_PAGE === '1';
const OUT = process.env.FLOOR_TRACE ?? '/tmp/floor-trace.json';
const CATEGORIES = [
  'toplevel',
  'navigation',
  'loading',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'extensions',
  'ui',
  'views',
  'browser',
  'content',
  'blink',
  'renderer_host',
  'ipc',
  'mojom',
  'benchmark',
  'startup',
  'gpu',
  'viz',
  'cc',
  'rail',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'loading',
  'netlog',
];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

const site = await serveSite((origin) => goodArticleSite(origin));
const dir = await writeFloorExtension();
const session = await launchWithExtension(
  ['--enable-unsafe-extension-debugging', ...(process.env.FLOOR_ARGS?.split(' ').filter(Boolean) ?? [])],
  dir,
  { pinned: process.env.PINNED === '1' },
);
try {
  const page = await session.context.newPage();
  await page.goto(`${site.url}${ARTICLE_PATH}`, { waitUntil: 'load' });
  const cdp = await session.context.browser()!.newBrowserCDPSession();
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected' as never, ((e: { value: TraceEvent[] }) => events.push(...e.value)) as never);
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete' as never, (() => resolve()) as never));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordContinuously' },
    transferMode: 'ReportEvents',
  } as never);
  const targetId = await findTabTarget(cdp, page.url());
  if (process.env.WINDOW_WIDTH) await setWindowWidth(cdp, targetId, Number(process.env.WINDOW_WIDTH));
  const clicks: Array<{ wall: number; seenAfter: number }> = [];
  if (NO_EXTENSION_PAGE) await session.extensionPage.close();
  for (let i = 0; i < CLICKS; i++) {
    if (NO_EXTENSION_PAGE) {
      // No extension page open: close the popup through its target and mark the click in the tab instead.
      await closePopupTargets(cdp, session.extensionId);
      await new Promise((r) => setTimeout(r, 300));
      await page.evaluate((n) => performance.mark(`floor-click-${n}`), i);
      const t0 = Date.now();
      await cdp.send('Extensions.triggerAction' as never, { id: session.extensionId, targetId } as never);
      await new Promise((r) => setTimeout(r, 1_000));
      clicks.push({ wall: t0, seenAfter: NaN });
      continue;
    }
    await closePopup(session);
    await new Promise((r) => setTimeout(r, 300));
    // A user-timing mark in the extension page right before the click puts the click on the trace's clock.
    await session.extensionPage.evaluate((n) => performance.mark(`floor-click-${n}`), i);
    const t0 = Date.now();
    await cdp.send('Extensions.triggerAction' as never, { id: session.extensionId, targetId } as never);
    const at = await session.extensionPage.waitForFunction(
      () => (chrome.extension.getViews({ type: 'popup' })[0]?.document.querySelector('article.report') ? Date.now() : null),
      null,
      { polling: 5, timeout: 30_000 },
    );
    clicks.push({ wall: t0, seenAfter: ((await at.jsonValue()) as number) - t0 });
  }
  await cdp.send('Tracing.end' as never);
  await done;
  await writeFile(OUT, JSON.stringify({ traceEvents: events }));
  console.log(
    `trace: ${events.length} events in ${OUT}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  report(
    events,
    clicks.map((c) => c.seenAfter),
  );
} finally {
  await session.close();
  await site.close();
  await rm(dir, { recursive: true, force: true });
}

/** Closes the extension's open popups through their DevTools targets (no extension page needed). */
async function closePopupTargets(cdp: CDPSession, extensionId: string): Promise<void> {
  const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{}] } as never)) as {
    targetInfos: Array<{ type: string; url: string; targetId: string }>;
  };
  for (const t of targetInfos) {
    if (t.url.startsWith(`chrome-extension://${extensionId}/popup.html`))
      await cdp.send('Target.closeTarget', { targetId: t.targetId } as never).catch(() => undefined);
  }
}

/** Per click: the milestones after the click's mark, in trace time (ms after the mark). */
function report(events: TraceEvent[], seen: number[]): void {
  const marks = events
    .filter(
      (e) =>
        e.name.startsWith('floor-click-') && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b' || e.ph === 'X' || e.ph === 'i'),
    )
    .sort((a, b) => a.ts - b.ts);
  const uniq = new Map<string, number>();
  for (const m of marks) if (!uniq.has(m.name)) uniq.set(m.name, m.ts);
  const starts = [...uniq.values()].sort((a, b) => a - b);
  starts.forEach((start, i) => {
    const end = starts[i + 1] ?? Infinity;
    const inWindow = events.filter((e) => e.ts >= start && e.ts < end && e.ts - start < 1_000_000);
    const rows = inWindow
      .filter((e) => (e.dur ?? 0) >= 2000 || e.ph === 'I' || e.ph === 'i' || e.ph === 'R' || e.ph === 'b' || e.ph === 'n')
      .map(
        (e) =>
          `${((e.ts - start) / 1000).toFixed(1).padStart(7)} ms ${e.dur ? `(${(e.dur / 1000).toFixed(1)} ms)` : ''} ${e.cat} ${e.name} pid=${e.pid} tid=${e.tid}`,
      );
    console.log(`\n=== click ${i} (seen by the poll after ${seen[i]} ms)`);
    console.log(rows.slice(0, Number(process.env.ROWS ?? 150)).join('\n'));
  });
}
