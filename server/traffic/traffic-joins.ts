/**
 * The joins a project's traffic answers beside the logs' own counts: `not_crawled`, the pages of the project's
 * latest finished crawl of its site that no AI agent fetched in the window, and `cited_pages`, the project's pages
 * the answer engines cited (its prompts' results in the window) with the hits their operators' crawlers made on them.
 */
import type { TrafficAggregate } from '../../shared/logs/aggregate/traffic-aggregate.js';
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../shared/schema/citation-engines.js';
import type { Traffic } from '../../shared/schema/traffic.js';
import type { StoredProject } from '../store/contracts/projects.js';
import type { Store } from '../store/contracts/store.js';

/** Who runs each engine's crawlers, as the crawler table names operators. */
export const ENGINE_OPERATORS: Record<CitationEngineId, string> = {
  chatgpt: 'OpenAI',
  perplexity: 'Perplexity',
  claude: 'Anthropic',
  gemini: 'Google',
  google_ai_mode: 'Google',
  google_ai_overviews: 'Google',
};

export const NOT_CRAWLED_LIMIT = 500;
export const CITED_PAGES_LIMIT = 100;
const CRAWLS_LOOKED_AT = 200;
const RESULT_ROWS_READ = 2_000;

export interface JoinWindow {
  /** Dates, inclusive. */
  since: string;
  until: string;
  /** Epoch ms, NaN when open. */
  sinceMs: number;
  untilMs: number;
}

const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');

function pageOf(url: string, hosts: ReadonlySet<string>): { url: string; path: string } | null {
  try {
    const u = new URL(url);
    return hosts.has(bare(u.hostname)) ? { url: u.href, path: u.pathname || '/' } : null;
  } catch {
    return null;
  }
}

export async function notCrawled(store: Store, project: StoredProject, window: JoinWindow): Promise<Traffic['not_crawled']> {
  const hosts = new Set([project.domain, ...project.aliases].map(bare));
  const crawls = await store.crawls();
  const { crawls: recent } = await crawls.listCrawls(project.account_id, { limit: CRAWLS_LOOKED_AT });
  const latest = recent.find((c) => c.status === 'complete' && pageOf(c.start_url, hosts) !== null);
  if (!latest) return null;
  const pages: { url: string; path: string }[] = [];
  const seen = new Set<string>(); // a crawl of thousands of pages: no scan of the list per page
  for (let after: number | undefined; ;) {
    const page = await crawls.listPages(project.account_id, latest.id, { limit: 100, ...(after !== undefined ? { after } : {}) });
    if (!page) break;
    for (const row of page.pages) {
      const p = pageOf(row.url, hosts);
      if (p && !seen.has(p.path)) {
        seen.add(p.path);
        pages.push(p);
      }
    }
    if (page.next === null) break;
    after = page.next;
  }
  const fetched = await (
    await store.traffic()
  ).fetchedPaths(
    project.id,
    pages.map((p) => p.path),
    window.since,
    window.until,
  );
  const missing = pages.filter((p) => !fetched.has(p.path));
  return { crawl_id: latest.id, pages: missing.length, urls: missing.slice(0, NOT_CRAWLED_LIMIT) };
}

export async function citedPages(
  store: Store,
  project: StoredProject,
  window: JoinWindow,
  counts: TrafficAggregate,
): Promise<Traffic['cited_pages']> {
  const hosts = new Set([project.domain, ...project.aliases].map(bare));
  const citations = await store.citations();
  const prompts = (await citations.listPrompts(project.account_id)).filter((p) => p.project_id === project.id);
  const cited = new Map<string, { url: string; path: string; citations: number; engines: Set<CitationEngineId> }>();
  let read = 0;
  for (const prompt of prompts) {
    for (let after: Parameters<typeof citations.listResults>[1]['after']; read < RESULT_ROWS_READ;) {
      const page = await citations.listResults(project.account_id, {
        limit: 100,
        history: true,
        promptId: prompt.id,
        ...(Number.isNaN(window.sinceMs) ? {} : { since: window.sinceMs }),
        ...(Number.isNaN(window.untilMs) ? {} : { until: window.untilMs + 1 }),
        ...(after ? { after } : {}),
      });
      read += page.rows.length;
      for (const row of page.rows)
        for (const url of row.cited_urls) {
          const p = pageOf(url, hosts);
          if (!p) continue;
          const c = cited.get(p.path) ?? { ...p, citations: 0, engines: new Set<CitationEngineId>() };
          c.citations++;
          c.engines.add(row.engine);
          cited.set(p.path, c);
        }
      if (!page.next) break;
      after = page.next;
    }
  }
  return [...cited.values()]
    .sort((a, b) => b.citations - a.citations || (a.path < b.path ? -1 : 1))
    .slice(0, CITED_PAGES_LIMIT)
    .map((c) => {
      const operators = new Set([...c.engines].map((e) => ENGINE_OPERATORS[e]));
      const agents = [...counts.agents]
        .filter(([, a]) => operators.has(a.operator) && a.pages.has(c.path))
        .map(([agent, a]) => ({ agent, hits: a.pages.get(c.path)! }))
        .sort((x, y) => y.hits - x.hits || (x.agent < y.agent ? -1 : 1));
      return {
        url: c.url,
        path: c.path,
        citations: c.citations,
        engines: CITATION_ENGINE_IDS.filter((e) => c.engines.has(e)),
        hits: agents.reduce((s, a) => s + a.hits, 0),
        agents,
      };
    });
}
