import { describe, expect, it } from 'vitest';
import { blockKey, buildBlocks, coverWindow } from '../../../../server/store/rollup/traffic-blocks.js';
import { TrafficState, type TrafficLine } from '../../../../server/store/lowdb/traffic-state.js';
import { chunkOf, gptHit } from '../contracts/traffic.js';

const daysOfAugust = (count: number) =>
  chunkOf(
    'ing',
    0,
    Array.from({ length: count }, (_, i) => gptHit(String(i + 1).padStart(2, '0'), `/p${i}`)),
  ).days;

describe('building the blocks of stored days', () => {
  it('lets other work run while it merges, so a large project does not hold up the process', async () => {
    const order: string[] = [];
    const built = buildBlocks(daysOfAugust(16)).then(() => order.push('built'));
    setImmediate(() => order.push('other work'));
    await built;
    expect(order).toEqual(['other work', 'built']);
  });

  it('builds every block a window needs, each holding the hits of its days', async () => {
    const blocks = await buildBlocks(daysOfAugust(16));
    const window = coverWindow('2026-08-01', '2026-08-16').filter((b) => b.level > 0);
    expect(window.length).toBeGreaterThan(0);
    for (const ref of window) expect(blocks.has(blockKey(ref))).toBe(true);
    const hits = window.reduce(
      (sum, ref) => sum + (blocks.get(blockKey(ref))!.counts.agents.find(([n]) => n === 'GPTBot')?.[1].hits ?? 0),
      0,
    );
    const dayHits = coverWindow('2026-08-01', '2026-08-16').filter((b) => b.level === 0).length;
    expect(hits + dayHits).toBe(16);
  });
});

describe('the embedded store’s blocks, built while chunks arrive', () => {
  const ingestLine = (id: string) =>
    ({
      t: 'ingest',
      ingest: {
        id,
        project_id: 'prj_a',
        account_id: 'acc',
        sha256: id,
        status: 'running',
        bytes: 1,
        lines: 0,
        offset: 0,
        problems: [],
        error: null,
        created_at: '',
        updated_at: '',
      },
    }) as unknown as TrafficLine;

  it('adds a chunk applied during the build to the blocks it ends with', async () => {
    const state = new TrafficState();
    state.apply(ingestLine('ing'));
    const first = chunkOf(
      'ing',
      0,
      Array.from({ length: 16 }, (_, i) => gptHit(String(i + 1).padStart(2, '0'), '/a')),
    );
    state.apply({ t: 'chunk', chunk: first });
    state.live = true;
    const building = state.blocksOf('prj_a');
    state.apply({ t: 'chunk', chunk: chunkOf('ing', first.to, [gptHit('03', '/late')]) });
    const blocks = await building;
    const hitsOfLevel = (level: number) =>
      [...blocks.entries()]
        .filter(([key]) => key.startsWith(`${level}:`))
        .reduce((sum, [, r]) => sum + (r.counts.agents.find(([n]) => n === 'GPTBot')?.[1].hits ?? 0), 0);
    for (let level = 1; level <= 9; level++) expect(hitsOfLevel(level)).toBe(17);
  });

  it('keeps no blocks for a project deleted while they were built', async () => {
    const state = new TrafficState();
    state.apply(ingestLine('ing'));
    state.apply({ t: 'chunk', chunk: chunkOf('ing', 0, [gptHit('01', '/a'), gptHit('02', '/a')]) });
    const building = state.blocksOf('prj_a');
    state.apply({ t: 'delete', project_id: 'prj_a' });
    expect((await building).size).toBe(0);
    expect((await state.blocksOf('prj_a')).size).toBe(0);
  });
});
