/**
 * A year of citation checks made up deterministically for the citation benchmarks: one project with 500
 * prompts (default), 5 competitors, six engines, one row of 3 runs per (prompt, engine, day). Each prompt
 * cites from its own pool of 6 pages on 3 sites of its own plus 100 popular sites shared by all prompts
 * (review sites, forums), so a year holds about 1,600 cited domains and 3,000 pages per engine, with the
 * long tail real trackers report. The same generator feeds the embedded store (journal lines) and the
 * storage sample (real appends with answer texts).
 */
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../shared/schema/citation-engines.js';
import type { RunRecord } from '../../shared/schema/citation-intelligence.js';
import type { RowTally } from '../../server/store/rollup/row-tally.js';

export const PROJECT_ID = 'prj_BenchProject0001';
export const BENCH_ACCOUNT = 'acct_benchAccount';
export const COMPETITORS = ['Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay'];
export const RUNS_PER_ROW = 3;
export const ENGINES: readonly CitationEngineId[] = CITATION_ENGINE_IDS;

/** xorshift32 seeded from the inputs: the same row always comes out the same. */
export function rng(...seed: number[]): () => number {
  let x = seed.reduce((h, v) => Math.imul(h ^ (v + 0x9e3779b9), 0x85ebca6b) >>> 0, 0x12345678) || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x100000000;
  };
}

/** The benchmarks' project: Acme, with the five competitors, each on a site the prompts cite. */
export const benchProject = {
  id: PROJECT_ID,
  account_id: BENCH_ACCOUNT,
  name: 'Acme',
  domain: 'acme.example',
  aliases: [],
  brand: { name: 'Acme', aliases: [], case_sensitive: [] },
  competitors: COMPETITORS.map((name, i) => ({ name, domains: [`site${i}.example`], aliases: [], case_sensitive: [] })),
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

export const promptId = (p: number) => `prm_bench${String(p).padStart(11, '0')}`;

/** The pages prompt p can cite: 3 of its own sites (2 pages each) ... with popular sites mixed in per run. */
function pagesOf(p: number): Array<[string, string]> {
  const own = [0, 1, 2].map((k) => `site${(p * 3 + k) % 1500}.example`);
  return own.flatMap(
    (d) =>
      [
        [d, `https://${d}/guide`],
        [d, `https://${d}/pricing`],
      ] as Array<[string, string]>,
  );
}

export interface SynthRow {
  tally: RowTally;
  cited: boolean;
  position: number | null;
  citedUrls: string[];
  runs: RunRecord[];
}

export function synthRow(p: number, engine: number, dayIndex: number, day: string, accountId: string, withRuns = false): SynthRow {
  const r = rng(p, engine, dayIndex);
  const pool = pagesOf(p);
  const domains = new Map<string, [number, number]>();
  const urls = new Map<string, [string, number]>();
  let visible = 0;
  let mentioned = 0;
  let cited = 0;
  let positionSum = 0;
  const competitorVisible = COMPETITORS.map(() => 0);
  const runs: RunRecord[] = [];
  let best: number | null = null;
  const bestUrls: string[] = [];
  for (let run = 0; run < RUNS_PER_ROW; run++) {
    const picks: Array<[string, string]> = [];
    for (const page of pool) if (r() < 0.55) picks.push(page);
    const popular = Math.floor(r() * r() * 100);
    picks.splice(Math.floor(r() * (picks.length + 1)), 0, [
      `popular${popular}.example`,
      `https://popular${popular}.example/best-${p % 40}`,
    ]);
    const brandAt = r() < 0.35 ? Math.floor(r() * (picks.length + 1)) : -1;
    if (brandAt >= 0) picks.splice(brandAt, 0, ['acme.example', `https://acme.example/${['pricing', 'blog/agencies', 'features'][p % 3]}`]);
    const isMentioned = r() < 0.45;
    const inRun = new Set<string>();
    for (const [domain, url] of picks) {
      const d = domains.get(domain) ?? [0, 0];
      d[0]++;
      if (!inRun.has(domain)) d[1]++;
      inRun.add(domain);
      domains.set(domain, d);
      const u = urls.get(url) ?? [domain, 0];
      u[1]++;
      urls.set(url, u);
    }
    const isCited = brandAt >= 0;
    if (isCited) {
      cited++;
      positionSum += brandAt + 1;
      best = best === null ? brandAt + 1 : Math.min(best, brandAt + 1);
      if (bestUrls.length === 0) bestUrls.push(picks[brandAt]![1]);
    }
    if (isMentioned) mentioned++;
    if (isCited || isMentioned) visible++;
    const competitors = COMPETITORS.map((name, i) => {
      const v = r() < 0.3 + i * 0.05;
      if (v) competitorVisible[i]!++;
      return { name, mentioned: v, cited: false };
    });
    if (withRuns)
      runs.push({
        status: 'ok',
        answer: answerText(r, isMentioned),
        answer_truncated: false,
        cited_urls: picks.map(([, u]) => u),
        retrieved_urls: [],
        search_queries: [`best tool for agencies ${p}`],
        mentioned: isMentioned,
        cited: isCited,
        position: isCited ? brandAt + 1 : null,
        competitors,
      });
  }
  return {
    tally: {
      scope: PROJECT_ID,
      day,
      engine: ENGINES[engine]!,
      runs: RUNS_PER_ROW,
      visible,
      mentioned,
      cited,
      position_sum: positionSum,
      position_count: cited,
      competitors: COMPETITORS.map((name, i) => [name, competitorVisible[i]!]),
      domains: [...domains].map(([d, [c, n]]) => [d, c, n]),
      urls: [...urls].map(([u, [d, c]]) => [u, d, c]),
    },
    cited: cited > 0,
    position: best,
    citedUrls: bestUrls,
    runs,
  };
}

const WORDS =
  'agencies teams clients projects pricing integrations reporting invoices time tracking workflow automation dashboard templates collaboration support onboarding security enterprise small budget features review compare'.split(
    ' ',
  );

/**
 * An answer of the length answer engines write (1,500 to 6,000 characters, a few up to 20,000), naming competitors and sometimes the brand.
 */
export function answerText(r: () => number, mentionBrand: boolean): string {
  const target = r() < 0.03 ? 20_000 : 1_500 + Math.floor(r() * 4_500);
  const parts: string[] = [];
  let length = 0;
  while (length < target) {
    const sentence = `${COMPETITORS[Math.floor(r() * COMPETITORS.length)]} ${Array.from({ length: 8 + Math.floor(r() * 12) }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ')}.`;
    parts.push(sentence);
    length += sentence.length + 1;
  }
  if (mentionBrand) parts.splice(Math.floor(r() * parts.length), 0, 'Acme is a strong choice for small agencies.');
  return parts.join(' ').slice(0, 20_000);
}
