/** The crawl's `site` findings, read defensively: each member is used only when present and well formed. */
import type { CrawlerVerdict, LlmsTxtSummary } from '../types/audit.js';
import type { AgentDiscoveryFile, CrawlSite } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface SiteFindings {
  crawlers: CrawlerVerdict[] | null;
  llmsTxt: LlmsTxtSummary | null;
  sitemaps: NonNullable<CrawlSite['sitemaps']>;
  agentDiscovery: AgentDiscoveryFile[];
}

export function siteFindings(site: unknown): SiteFindings {
  const s = isObject(site) ? site : {};
  const crawlers = Array.isArray(s.crawlers)
    ? s.crawlers.filter((c): c is CrawlerVerdict => isObject(c) && typeof c.agent === 'string' && typeof c.robots === 'string')
    : null;
  const llms = isObject(s.llms_txt) && typeof s.llms_txt.status === 'string' ? (s.llms_txt as unknown as LlmsTxtSummary) : null;
  const sitemaps = Array.isArray(s.sitemaps)
    ? s.sitemaps.filter((m): m is { url: string } => isObject(m) && typeof m.url === 'string')
    : [];
  const discovery = isObject(s.agent_discovery) && Array.isArray(s.agent_discovery.files) ? s.agent_discovery.files : [];
  return {
    crawlers,
    llmsTxt: llms
      ? {
          status: llms.status,
          valid: Boolean(llms.valid),
          problems: Array.isArray(llms.problems) ? llms.problems.filter((p) => typeof p === 'string') : [],
        }
      : null,
    sitemaps,
    agentDiscovery: discovery.filter(
      (f): f is AgentDiscoveryFile =>
        isObject(f) && typeof f.kind === 'string' && typeof f.url === 'string' && typeof f.status === 'string',
    ),
  };
}
