/**
 * Two crawls of the same site, compared through the API (docs/scaling-out.md runs it on a crawl that went
 * through crashes and on one nothing interrupted):
 *
 *   node --import tsx tests/scale/helpers/compare-crawls.ts BASE KEY CRAWL_A CRAWL_B
 *
 * Pages: the same URLs, each once in each crawl, with the same HTTP status, error, critical flag and score. Rollup: the same
 * but for the crawl's id and times and each issue's `examples` (the first pages found with it, in the order
 * pages happened to finish). One rule measures time, not the site's content: `rendering.response-time` flags
 * a page that answered slowly during that crawl (a busy machine, a process starting), which can cost it a
 * point; its issue is left out, a page it flagged in either crawl may differ in score, and when any did, so
 * may the scores computed from them (the crawl's, its categories', its templates'). Prints what differs, or
 * two lines beginning `same pages` and `same rollup`; exit 1 when anything differs.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TIMED_RULE = 'rendering.response-time';

interface Page {
  url: string;
  score: number | null;
  http_status: number | null;
  critical: boolean;
  error: string | null;
}
type Json = Record<string, any>;

async function getJson(base: string, key: string, path: string): Promise<Json> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Json;
}

async function allPages(base: string, key: string, id: string, rule?: string): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=500${rule ? `&rule=${rule}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = await getJson(base, key, `/crawls/${id}/pages?${query}`);
    pages.push(...(page.pages as Page[]));
    cursor = page.next_cursor as string | null;
  } while (cursor);
  return pages;
}

/** What differs between the two crawls' page lists, given the URLs either found slow. */
export function pageDifferences(a: Page[], b: Page[], slow: Set<string>): string[] {
  const differences: string[] = [];
  const byUrl = (pages: Page[], name: string) => {
    const map = new Map<string, Page>();
    for (const p of pages) {
      if (map.has(p.url)) differences.push(`${p.url} is twice in ${name}'s pages`);
      map.set(p.url, p);
    }
    return map;
  };
  const [mapA, mapB] = [byUrl(a, 'the first crawl'), byUrl(b, 'the second crawl')];
  for (const [url, p] of mapA) {
    const q = mapB.get(url);
    if (!q) differences.push(`${url} only in the first crawl`);
    else if (p.http_status !== q.http_status || p.error !== q.error || p.critical !== q.critical)
      differences.push(`${url}: ${JSON.stringify([p, q])}`);
    else if (p.score !== q.score && !slow.has(url)) differences.push(`${url}: score ${p.score} and ${q.score}`);
  }
  for (const url of mapB.keys()) if (!mapA.has(url)) differences.push(`${url} only in the second crawl`);
  return differences;
}

/** The rollup as compared: no id or times, no examples, no time-measuring rule; no scores if `scores` is false. */
export function comparableRollup(crawl: Json, scores: boolean): Json {
  const { id: _id, created_at: _created, started_at: _started, finished_at: _finished, ...rest } = crawl;
  const issues = (rest.issues as Json[]).filter((i) => i.rule !== TIMED_RULE).map(({ examples: _examples, ...issue }) => issue);
  if (scores) return { ...rest, issues };
  const templates = (rest.templates as Json[]).map(({ score: _score, ...template }) => template);
  return { ...rest, issues, templates, score: null, category_scores: null };
}

export async function compareCrawls(base: string, key: string, a: string, b: string): Promise<{ same: boolean; lines: string[] }> {
  const [pagesA, pagesB, slowA, slowB, crawlA, crawlB] = await Promise.all([
    allPages(base, key, a),
    allPages(base, key, b),
    allPages(base, key, a, TIMED_RULE),
    allPages(base, key, b, TIMED_RULE),
    getJson(base, key, `/crawls/${a}`),
    getJson(base, key, `/crawls/${b}`),
  ]);
  const slow = new Set([...slowA, ...slowB].map((p) => p.url));
  const pages = pageDifferences(pagesA, pagesB, slow);
  const rollupA = JSON.stringify(comparableRollup(crawlA.crawl as Json, slow.size === 0), null, 1);
  const rollupB = JSON.stringify(comparableRollup(crawlB.crawl as Json, slow.size === 0), null, 1);
  const lines = pages.length
    ? pages.slice(0, 20)
    : [`same pages: ${pagesA.length} URLs, each once, with the same status, error and score (${slow.size} found slow by ${TIMED_RULE})`];
  if (rollupA === rollupB)
    lines.push(`same rollup: issues and their page counts, templates, site findings, notes${slow.size ? '' : ', scores'}`);
  else lines.push('the rollups differ:', rollupA, rollupB);
  return { same: pages.length === 0 && rollupA === rollupB, lines };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  const [base, key, a, b] = process.argv.slice(2);
  if (!base || !key || !a || !b) {
    console.error('usage: compare-crawls.ts BASE KEY CRAWL_A CRAWL_B   (BASE: http://host:port/api/v1)');
    process.exit(2);
  }
  const { same, lines } = await compareCrawls(base, key, a, b);
  console.log(lines.join('\n'));
  process.exit(same ? 0 : 1);
}
