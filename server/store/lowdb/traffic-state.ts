/**
 * The traffic journal replayed: ingests, daily rollups and fetched-page bitmaps as lowdb/traffic.ts keeps them in
 * memory, and as `citable migrate` reads them to copy.
 */
import type { IngestStatus, StoredIngest, TrafficChunk } from '../contracts/traffic.js';
import { mergeRollups, type DayRollup } from '../rollup/traffic-days.js';
import { setDay, YEAR_BYTES, yearDay } from '../rollup/page-days.js';
import { addDaysToBlocks, buildBlocks } from '../rollup/traffic-blocks.js';

export type TrafficLine =
  | { t: 'ingest'; ingest: StoredIngest }
  | { t: 'chunk'; chunk: TrafficChunk }
  | { t: 'status'; id: string; status: IngestStatus; error: string | null; at: string }
  | { t: 'delete'; project_id: string };

export class TrafficState {
  readonly ingests = new Map<string, StoredIngest>();
  /** `project:sha256` to the ingest's id. */
  readonly byHash = new Map<string, string>();
  /** Per project, per date. */
  readonly days = new Map<string, Map<string, DayRollup>>();
  /** Per project, per path, per year: the days it was fetched. */
  readonly pages = new Map<string, Map<string, Map<number, Uint8Array>>>();
  /**
   * Per project, its blocks of days by key (../rollup/traffic-blocks.ts): built when first asked for (not while
   * the journal is replayed), then kept up to date by each chunk. A project with no days yet has them at once.
   */
  readonly #blocks = new Map<string, Map<string, DayRollup>>();
  /** Set once the journal is replayed: from then on a new project's blocks are kept from its first chunk. */
  live = false;

  /**
   * Per project whose blocks are being built: the build, and the days of chunks applied meanwhile (the build
   * reads the days as they were when it started, so those are added when it ends).
   */
  readonly #building = new Map<string, { blocks: Promise<Map<string, DayRollup>>; since: TrafficChunk['days'][] }>();

  /** The project's blocks, built from its days the first time (without holding up the event loop). */
  blocksOf(projectId: string): Promise<Map<string, DayRollup>> {
    const blocks = this.#blocks.get(projectId);
    if (blocks) return Promise.resolve(blocks);
    const running = this.#building.get(projectId);
    if (running) return running.blocks;
    const days = [...(this.days.get(projectId) ?? [])].sort(([a], [b]) => (a < b ? -1 : 1));
    const build: { blocks: Promise<Map<string, DayRollup>>; since: TrafficChunk['days'][] } = {
      blocks: Promise.resolve(new Map()),
      since: [],
    };
    build.blocks = buildBlocks(days.map(([date, rollup]) => ({ date, rollup }))).then((built) => {
      // A project deleted while its blocks were built has none to keep.
      if (this.#building.get(projectId) !== build) return new Map<string, DayRollup>();
      this.#building.delete(projectId);
      for (const chunkDays of build.since) addDaysToBlocks(built, chunkDays);
      this.#blocks.set(projectId, built);
      return built;
    });
    this.#building.set(projectId, build);
    return build.blocks;
  }

  apply(line: TrafficLine): void {
    if (line.t === 'ingest') {
      this.ingests.set(line.ingest.id, { ...line.ingest });
      this.byHash.set(`${line.ingest.project_id}:${line.ingest.sha256}`, line.ingest.id);
    } else if (line.t === 'status') {
      const i = this.ingests.get(line.id);
      if (i) Object.assign(i, { status: line.status, error: line.error, updated_at: line.at });
    } else if (line.t === 'chunk') this.#applyChunk(line.chunk);
    else this.#forget(line.project_id);
  }

  #applyChunk(chunk: TrafficChunk): void {
    const ingest = this.ingests.get(chunk.ingest_id);
    if (!ingest || ingest.offset !== chunk.from) return;
    ingest.offset = chunk.to;
    ingest.lines += chunk.lines;
    ingest.problems = [...ingest.problems, ...chunk.problems].slice(0, 20);
    ingest.updated_at = chunk.at;
    let days = this.days.get(chunk.project_id);
    if (!days) this.days.set(chunk.project_id, (days = new Map()));
    if (this.live && days.size === 0 && !this.#blocks.has(chunk.project_id)) this.#blocks.set(chunk.project_id, new Map());
    const blocks = this.#blocks.get(chunk.project_id);
    if (blocks) addDaysToBlocks(blocks, chunk.days);
    this.#building.get(chunk.project_id)?.since.push(chunk.days);
    for (const { date, rollup } of chunk.days) {
      const had = days.get(date);
      days.set(date, had ? mergeRollups(had, rollup) : rollup);
    }
    let pages = this.pages.get(chunk.project_id);
    if (!pages) this.pages.set(chunk.project_id, (pages = new Map()));
    for (const { path: p, dates } of chunk.pages) {
      let years = pages.get(p);
      if (!years) pages.set(p, (years = new Map()));
      // Straight into the path's bitmaps: a bitmap per path and chunk was most of a replay's garbage.
      for (const date of dates) {
        const { year, day } = yearDay(date);
        let bits = years.get(year);
        if (!bits) years.set(year, (bits = new Uint8Array(YEAR_BYTES)));
        setDay(bits, day);
      }
    }
  }

  #forget(projectId: string): void {
    this.days.delete(projectId);
    this.pages.delete(projectId);
    this.#blocks.delete(projectId);
    this.#building.delete(projectId);
    for (const [id, i] of this.ingests) {
      if (i.project_id !== projectId) continue;
      this.ingests.delete(id);
      this.byHash.delete(`${projectId}:${i.sha256}`);
    }
  }
}
