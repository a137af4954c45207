/**
 * The embedded store's pre-aggregated figures, in memory, rebuilt at open from the rows' tallies and kept
 * up to date on every write: per scope (a project, or an account's prompts without one) and engine, a
 * DaySeries of the summary counts, one per competitor name, one per cited domain and one per cited URL.
 * A year of daily checks of 500 prompts is a few thousand series; summaries and sources read two
 * running totals per series instead of scanning runs.
 */
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { RowTally } from './row-tally.js';
import { compareSources, TOP_URLS, type SourceTally } from './source-tally.js';
import type { DayTally } from './day-tally.js';
import { dayNumber, dayOfNumber, type DayWindow } from './days.js';
import { DaySeries } from './day-series.js';

/** runs, visible, mentioned, cited, position_sum, position_count */
const SUMMARY_COLUMNS = 6;

class EngineRollup {
  readonly summary = new DaySeries(SUMMARY_COLUMNS);
  readonly competitors = new Map<string, DaySeries>();
  /** domain → [citations, runs] */
  readonly domains = new Map<string, DaySeries>();
  /** domain → url → citations */
  readonly urls = new Map<string, Map<string, DaySeries>>();
}

const seriesIn = <K>(map: Map<K, DaySeries>, key: K, columns: number): DaySeries => {
  let series = map.get(key);
  if (!series) map.set(key, (series = new DaySeries(columns)));
  return series;
};

export class MemoryRollups {
  readonly #scopes = new Map<string, Map<CitationEngineId, EngineRollup>>();

  /** Adds a row's tally (sign 1) or takes it away (sign -1, its prompt was deleted). */
  apply(tally: RowTally, sign: 1 | -1 = 1): void {
    let engines = this.#scopes.get(tally.scope);
    if (!engines) this.#scopes.set(tally.scope, (engines = new Map()));
    let rollup = engines.get(tally.engine);
    if (!rollup) engines.set(tally.engine, (rollup = new EngineRollup()));
    const day = dayNumber(tally.day);
    rollup.summary.add(day, [tally.runs, tally.visible, tally.mentioned, tally.cited, tally.position_sum, tally.position_count].map((v) => v * sign));
    for (const [name, visible] of tally.competitors) seriesIn(rollup.competitors, name, 1).add(day, [visible * sign]);
    for (const [domain, citations, runs] of tally.domains) seriesIn(rollup.domains, domain, 2).add(day, [citations * sign, runs * sign]);
    for (const [url, domain, citations] of tally.urls) {
      let urls = rollup.urls.get(domain);
      if (!urls) rollup.urls.set(domain, (urls = new Map()));
      seriesIn(urls, url, 1).add(day, [citations * sign]);
    }
  }

  dropScope(scope: string): void {
    this.#scopes.delete(scope);
  }

  /** Daily tallies per engine over the window, summed over the scopes. */
  dayTallies(scopes: readonly string[], window: DayWindow, engine?: CitationEngineId): DayTally[] {
    const [from, to] = [dayNumber(window.since), dayNumber(window.until)];
    const out = new Map<string, DayTally>();
    const at = (day: number, id: CitationEngineId): DayTally => {
      const key = `${day}|${id}`;
      let tally = out.get(key);
      if (!tally) out.set(key, (tally = { day: dayOfNumber(day), engine: id, runs: 0, visible: 0, mentioned: 0, cited: 0, position_sum: 0, position_count: 0, competitors: {} }));
      return tally;
    };
    for (const [id, rollup] of this.#rollups(scopes, engine)) {
      for (const [day, [runs, visible, mentioned, cited, positionSum, positionCount]] of rollup.summary.days(from, to)) {
        const t = at(day, id);
        t.runs += runs!;
        t.visible += visible!;
        t.mentioned += mentioned!;
        t.cited += cited!;
        t.position_sum += positionSum!;
        t.position_count += positionCount!;
      }
      for (const [name, series] of rollup.competitors) {
        for (const [day, [visible]] of series.days(from, to)) {
          const t = at(day, id);
          t.competitors[name] = (t.competitors[name] ?? 0) + visible!;
        }
      }
    }
    return [...out.values()];
  }

  /** The `limit` most cited domains over the window, each with its most cited URLs. */
  sourceTallies(scopes: readonly string[], window: DayWindow, engine: CitationEngineId | undefined, limit: number): SourceTally[] {
    const [from, to] = [dayNumber(window.since), dayNumber(window.until)];
    const rollups = [...this.#rollups(scopes, engine)];
    const domains = new Map<string, { citations: number; runs: number; engines: Set<CitationEngineId> }>();
    const sum = [0, 0];
    for (const [id, rollup] of rollups) {
      for (const [domain, series] of rollup.domains) {
        sum[0] = 0;
        sum[1] = 0;
        series.sumInto(from, to, sum);
        if (sum[0]! <= 0) continue;
        let d = domains.get(domain);
        if (!d) domains.set(domain, (d = { citations: 0, runs: 0, engines: new Set() }));
        d.citations += sum[0]!;
        d.runs += sum[1]!;
        d.engines.add(id);
      }
    }
    const top = [...domains].map(([domain, d]) => ({ domain, ...d })).sort(compareSources).slice(0, limit);
    return top.map((d) => {
      const urls = new Map<string, number>();
      for (const [, rollup] of rollups) {
        for (const [url, series] of rollup.urls.get(d.domain) ?? []) {
          const [citations] = series.sumInto(from, to, [0]);
          if (citations! > 0) urls.set(url, (urls.get(url) ?? 0) + citations!);
        }
      }
      return {
        domain: d.domain,
        citations: d.citations,
        runs: d.runs,
        engines: CITATION_ENGINE_IDS.filter((id) => d.engines.has(id)),
        top_urls: [...urls]
          .map(([url, citations]) => ({ url, citations }))
          .sort((a, b) => b.citations - a.citations || (a.url < b.url ? -1 : 1))
          .slice(0, TOP_URLS),
      };
    });
  }

  /** Bytes held by the series arrays (the benchmark reports it). */
  get bytes(): number {
    let total = 0;
    for (const engines of this.#scopes.values()) {
      for (const r of engines.values()) {
        total += r.summary.bytes;
        for (const s of r.competitors.values()) total += s.bytes;
        for (const s of r.domains.values()) total += s.bytes;
        for (const urls of r.urls.values()) for (const s of urls.values()) total += s.bytes;
      }
    }
    return total;
  }

  *#rollups(scopes: readonly string[], engine?: CitationEngineId): Generator<[CitationEngineId, EngineRollup]> {
    for (const scope of scopes) {
      for (const [id, rollup] of this.#scopes.get(scope) ?? []) if (engine === undefined || id === engine) yield [id, rollup];
    }
  }
}
