import { browser } from 'wxt/browser';
import { flushQueue } from './queue.js';
import { sendAudit } from './send.js';

export const SYNC_ALARM = 'citable-sync';

let running: Promise<void> | null = null;
let again: { force: boolean } | null = null;

/** Single flight: a flush asked for while one runs is run once right after it, never alongside. */
export function requestSync(force = false): Promise<void> {
  if (running) {
    again = { force: force || !!again?.force };
    return running;
  }
  running = (async () => {
    try {
      await flushQueue({ send: (audit, settings) => sendAudit(audit, settings), schedule: scheduleAlarm }, force);
    } catch (err) {
      console.warn('[citable] sync failed', err);
    } finally {
      running = null;
      const next = again;
      again = null;
      if (next) void requestSync(next.force);
    }
  })();
  return running;
}

async function scheduleAlarm(atMs: number | null): Promise<void> {
  if (atMs === null) {
    await browser.alarms.clear(SYNC_ALARM);
    return;
  }
  await browser.alarms.create(SYNC_ALARM, { when: Math.max(atMs, Date.now() + 500) });
}
