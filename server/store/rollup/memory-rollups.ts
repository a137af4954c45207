/**
 * The embedded store's pre-aggregated figures, in memory, rebuilt at open from the rows' tallies and kept
 * up to date on every write. Per scope (a project, or an account's prompts without one) and engine: a
 * DaySeries of the summary counts and one per competitor name, and the cited domains and URLs as columns
 * of one DayMatrix. Per scope, also the cited domains and URLs over all engines together, which is what
 * GET /citations/sources ranks when no engine is asked for (as PostgreSQL's '*' rollup rows). Reading a
 * window is two running totals per series or column, never a scan of runs: a window is located once per
 * matrix, then each of its thousands of domains and URLs costs two array reads.
 */
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { RowTally } from './row-tally.js';
import { compareSources, TOP_URLS, type SourceTally } from './source-tally.js';
import type { DayTally } from './day-tally.js';
import { dayNumber, dayOfNumber, type DayWindow } from './days.js';
import { DaySeries } from './day-series.js';
import { DayMatrix, type DayRange } from './day-matrix.js';

/** runs, visible, mentioned, cited, position_sum, position_count */
const SUMMARY_COLUMNS = 6;

/** A cited domain's columns in its rollup's DayMatrix: citations, runs, and one per cited URL. */
interface DomainColumns {
  citations: number;
  runs: number;
  urls: Map<string, number>;
}

/** What a source listing reads: cited domains and their pages, as columns over one list of days. */
class SourceRollup {
  readonly matrix = new DayMatrix();
  readonly domains = new Map<string, DomainColumns>();

  add(tally: RowTally, day: number, sign: 1 | -1): void {
    for (const [domain, citations, runs] of tally.domains) {
      const d = this.#domain(domain);
      this.matrix.add(day, d.citations, citations * sign);
      this.matrix.add(day, d.runs, runs * sign);
    }
    for (const [url, domain, citations] of tally.urls) {
      const urls = this.#domain(domain).urls;
      let column = urls.get(url);
      if (column === undefined) urls.set(url, (column = this.matrix.addColumn()));
      this.matrix.add(day, column, citations * sign);
    }
  }

  get bytes(): number {
    return this.matrix.bytes;
  }

  #domain(domain: string): DomainColumns {
    let d = this.domains.get(domain);
    if (!d) this.domains.set(domain, (d = { citations: this.matrix.addColumn(), runs: this.matrix.addColumn(), urls: new Map() }));
    return d;
  }
}

class EngineRollup extends SourceRollup {
  readonly summary = new DaySeries(SUMMARY_COLUMNS);
  readonly competitors = new Map<string, DaySeries>();

  override get bytes(): number {
    let total = super.bytes + this.summary.bytes;
    for (const s of this.competitors.values()) total += s.bytes;
    return total;
  }
}

interface ScopeRollups {
  engines: Map<CitationEngineId, EngineRollup>;
  all: SourceRollup;
}

const seriesIn = <K>(map: Map<K, DaySeries>, key: K, columns: number): DaySeries => {
  let series = map.get(key);
  if (!series) map.set(key, (series = new DaySeries(columns)));
  return series;
};

export class MemoryRollups {
  readonly #scopes = new Map<string, ScopeRollups>();

  /** Adds a row's tally (sign 1) or takes it away (sign -1, its prompt was deleted). */
  apply(tally: RowTally, sign: 1 | -1 = 1): void {
    let scope = this.#scopes.get(tally.scope);
    if (!scope) this.#scopes.set(tally.scope, (scope = { engines: new Map(), all: new SourceRollup() }));
    let rollup = scope.engines.get(tally.engine);
    if (!rollup) scope.engines.set(tally.engine, (rollup = new EngineRollup()));
    const day = dayNumber(tally.day);
    rollup.summary.add(day, [
      tally.runs * sign,
      tally.visible * sign,
      tally.mentioned * sign,
      tally.cited * sign,
      tally.position_sum * sign,
      tally.position_count * sign,
    ]);
    for (const [name, visible] of tally.competitors) seriesIn(rollup.competitors, name, 1).add(day, [visible * sign]);
    rollup.add(tally, day, sign);
    scope.all.add(tally, day, sign);
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
      if (!tally)
        out.set(
          key,
          (tally = {
            day: dayOfNumber(day),
            engine: id,
            runs: 0,
            visible: 0,
            mentioned: 0,
            cited: 0,
            position_sum: 0,
            position_count: 0,
            competitors: {},
          }),
        );
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

  /**
   * The `limit` most cited domains over the window, each with its most cited URLs. Without an engine it
   * ranks on the all-engines series and asks the per-engine ones only which engines cited the top domains.
   */
  sourceTallies(scopes: readonly string[], window: DayWindow, engine: CitationEngineId | undefined, limit: number): SourceTally[] {
    const [from, to] = [dayNumber(window.since), dayNumber(window.until)];
    const perEngine = [...this.#rollups(scopes, engine)];
    const sources: SourceRollup[] =
      engine === undefined ? scopes.flatMap((s) => this.#scopes.get(s)?.all ?? []) : perEngine.map(([, r]) => r);
    const ranged: Array<[SourceRollup, DayRange]> = [];
    for (const rollup of sources) {
      const range = rollup.matrix.range(from, to);
      if (range) ranged.push([rollup, range]);
    }
    const domains = new Map<string, { domain: string; citations: number; runs: number }>();
    for (const [rollup, range] of ranged) {
      const m = rollup.matrix;
      for (const [domain, columns] of rollup.domains) {
        const citations = m.total(columns.citations, range);
        if (citations <= 0) continue;
        const runs = m.total(columns.runs, range);
        const d = domains.get(domain);
        if (d) {
          d.citations += citations;
          d.runs += runs;
        } else domains.set(domain, { domain, citations, runs });
      }
    }
    const top = [...domains.values()].sort(compareSources).slice(0, limit);
    const engineRanges = perEngine.map(([id, rollup]) => [id, rollup, rollup.matrix.range(from, to)] as const);
    return top.map((d) => {
      const citedBy = new Set<CitationEngineId>();
      for (const [id, rollup, range] of engineRanges) {
        const columns = range && rollup.domains.get(d.domain);
        if (columns && rollup.matrix.total(columns.citations, range!) > 0) citedBy.add(id);
      }
      return { ...d, engines: CITATION_ENGINE_IDS.filter((id) => citedBy.has(id)), top_urls: topUrls(ranged, d.domain) };
    });
  }

  /** Bytes held by the series arrays (the benchmark reports it). */
  get bytes(): number {
    let total = 0;
    for (const scope of this.#scopes.values()) {
      total += scope.all.bytes;
      for (const r of scope.engines.values()) total += r.bytes;
    }
    return total;
  }

  *#rollups(scopes: readonly string[], engine?: CitationEngineId): Generator<[CitationEngineId, EngineRollup]> {
    for (const scope of scopes) {
      for (const [id, rollup] of this.#scopes.get(scope)?.engines ?? []) if (engine === undefined || id === engine) yield [id, rollup];
    }
  }
}

/** A domain's most cited URLs over the ranged rollups: one pass that keeps the best few, no full sort. */
function topUrls(ranged: ReadonlyArray<readonly [SourceRollup, DayRange]>, domain: string): Array<{ url: string; citations: number }> {
  const best: Array<{ url: string; citations: number }> = [];
  const offer = (url: string, citations: number) => {
    if (citations <= 0) return;
    let i = best.length;
    while (i > 0 && (citations > best[i - 1]!.citations || (citations === best[i - 1]!.citations && url < best[i - 1]!.url))) i--;
    if (i >= TOP_URLS) return;
    best.splice(i, 0, { url, citations });
    if (best.length > TOP_URLS) best.pop();
  };
  if (ranged.length === 1) {
    // One scope (a project): each URL has one column, nothing to merge.
    const [rollup, range] = ranged[0]!;
    for (const [url, column] of rollup.domains.get(domain)?.urls ?? []) offer(url, rollup.matrix.total(column, range));
    return best;
  }
  const merged = new Map<string, number>();
  for (const [rollup, range] of ranged) {
    for (const [url, column] of rollup.domains.get(domain)?.urls ?? [])
      merged.set(url, (merged.get(url) ?? 0) + rollup.matrix.total(column, range));
  }
  for (const [url, citations] of merged) offer(url, citations);
  return best;
}
