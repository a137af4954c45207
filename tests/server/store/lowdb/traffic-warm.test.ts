/** The server's lowdb traffic store builds each project's blocks of days right after open (warmBlocks). */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LowdbTrafficStore } from '../../../../server/store/lowdb/traffic.js';
import { countsOfDays } from '../../../../server/traffic/traffic-of-days.js';
import { chunkOf, gptHit, trafficIngest } from '../contracts/traffic.js';

const open = { since: NaN, until: NaN };
const all = { agent: null, purpose: null };

describe('lowdb traffic: blocks built at open', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-traffic-warm-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('answers what the days add up to, with a chunk committed while the blocks are built', async () => {
    const first = await LowdbTrafficStore.open(dir);
    await first.createIngest(trafficIngest('ing_one', 'acct_a', 'prj_a'));
    const days = Array.from({ length: 28 }, (_, i) => gptHit(String(i + 1).padStart(2, '0'), `/p${i % 5}`));
    const chunk = chunkOf('ing_one', 0, days);
    await first.commitChunk(chunk);
    await first.close();

    const warm = await LowdbTrafficStore.open(dir, { warmBlocks: true });
    try {
      await warm.commitChunk(chunkOf('ing_one', chunk.to, [gptHit('09', '/late'), gptHit('27', '/late')]));
      const window = await warm.listWindow('prj_a', '2026-08-01', '2026-08-31');
      expect(window.some((b) => b.level > 0)).toBe(true);
      const byDay = (await warm.listDays('prj_a', '2026-08-01', '2026-08-31')).map((d) => ({ level: 0, start: d.date, rollup: d.rollup }));
      const got = countsOfDays(window, open, all).traffic;
      expect(got.parsed).toBe(30);
      expect(got.agents).toEqual(countsOfDays(byDay, open, all).traffic.agents);
      expect(got.series).toEqual(countsOfDays(byDay, open, all).traffic.series);
    } finally {
      await warm.close();
    }
  });
});
