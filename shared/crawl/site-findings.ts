/**
 * `crawl.site` (docs/api-decisions.md#crawls): what concerns the whole site, judged once. robots.txt as the crawler
 * read it (status, what it allows Citable, its Crawl-delay), llms.txt, the sitemaps discovery read, the AI
 * crawler verdicts and the site-file rules of the start page's audit (every page shares the same files), and
 * what the AI-agent and Markdown probes found on the sample pages.
 */
import type { Audit } from '../types/audit.js';
import type { CrawlSite } from '../schema/crawl.js';
import { readRobotsTxt, type RobotsReading } from '../robots/read.js';
import { selectGroup } from '../robots/groups.js';
import type { GatheredSiteFiles } from '../gather/gather-site-files.js';
import { failedResource } from '../gather/failed-resource.js';
import type { Snapshot } from '../types/snapshot.js';
import { auditSnapshot } from '../audit/audit-snapshot.js';
import { ALL_RULES } from '../rules/index.js';
import { CRAWLER_TOKEN } from './crawler-token.js';
import type { RollupState } from './rollup.js';

/** Crawl-delay is honoured up to this (docs/api-decisions.md#crawls). */
export const MAX_CRAWL_DELAY_S = 10;

/** Rules about files every page shares: judged once for the site. */
const SITE_RULE =
  /^(robots\.|llms-txt\.|llms-full-txt\.|site-files\.|optout\.(tdmrep|content-signal-|aipref)|sitemap\.(present|in-robots|lastmod)$)/;

export function isSiteRule(rule: string): boolean {
  return SITE_RULE.test(rule);
}

export type SitemapRead = CrawlSite['sitemaps'][number];

/**
 * What a crawl's own thread keeps of robots.txt: the Citable group's verdict and its delay, without the rules. Parsing
 * and matching a hostile robots.txt (10,000 wildcard rules) takes tens of milliseconds: the server does it on an
 * audit thread (server/crawls/page-runner.ts, readRobots) and its API thread only gets this back.
 */
export interface RobotsVerdict {
  status: CrawlSite['robots_txt']['status'];
  citable: CrawlSite['robots_txt']['citable'];
  /** Seconds asked between requests (not capped); null when none. */
  crawlDelay: number | null;
  /** Why robots.txt could not be read (status `unreachable`). */
  unreachable?: string;
}

/** What the crawl needs of robots.txt: the reading, the Citable group's verdict and its delay. */
export interface CrawlRobots extends RobotsVerdict {
  reading: RobotsReading;
}

/** robots.txt as a crawl starts with it: its verdict, and whether it allows the crawl's start URL. */
export interface StartRobots {
  verdict: RobotsVerdict;
  startAllowed: boolean;
}

/** The verdict alone (what crosses from an audit thread). */
export function robotsVerdict(robots: CrawlRobots): RobotsVerdict {
  const { status, citable, crawlDelay, unreachable } = robots;
  return { status, citable, crawlDelay, ...(unreachable !== undefined ? { unreachable } : {}) };
}

export function crawlRobots(files: GatheredSiteFiles): CrawlRobots {
  const reading = readRobotsTxt(files.files.robotsTxt);
  const status = (
    { parsed: 'found', unavailable: 'missing', unreachable: 'unreachable', 'not-text': 'not_text', 'not-checked': 'not_checked' } as const
  )[reading.kind];
  if (reading.kind === 'unreachable') return { reading, status, citable: 'blocked', crawlDelay: null, unreachable: reading.reason };
  if (reading.kind !== 'parsed') return { reading, status, citable: 'allowed', crawlDelay: null };
  const group = selectGroup(reading.robots, CRAWLER_TOKEN);
  const delays = group.extensions
    .filter((e) => e.key === 'crawl-delay')
    .map((e) => Number(e.value.trim()))
    .filter((n) => Number.isFinite(n) && n >= 0);
  const disallows = group.rules.filter((r) => !r.allow && r.pattern !== '');
  const everything =
    disallows.some((r) => r.pattern === '/' || r.pattern === '/*') &&
    !group.rules.some((r) => r.allow && r.pattern !== '' && r.pattern !== '/robots.txt');
  return {
    reading,
    status,
    citable: everything ? 'blocked' : disallows.length ? 'partly' : 'allowed',
    crawlDelay: delays.length ? Math.max(...delays) : null,
  };
}

const SITE_RULES = ALL_RULES.filter((r) => isSiteRule(r.id));

/**
 * When the start page was not audited (robots.txt refuses Citable, the page failed), the site files are
 * still judged: the site rules and the crawler verdicts over the files alone.
 */
function siteFilesAudit(startUrl: string, files: GatheredSiteFiles): Audit {
  const snapshot: Snapshot = {
    submittedUrl: startUrl,
    requestedUrl: startUrl,
    page: failedResource(startUrl, 'aborted', 'the start page was not audited'),
    pageAsSearchAgent: null,
    pageAsUserAgent: null,
    markdown: null,
    ...files.files,
    scripts: [],
    origin: 'crawl',
    startedAt: new Date(0).toISOString(),
    gatherMs: 0,
    deadlineHit: false,
  };
  return auditSnapshot(snapshot, { id: '00000000-0000-4000-8000-000000000000', rules: SITE_RULES });
}

export function siteFindings(input: {
  startUrl: string;
  startAudit: Audit | null;
  files: GatheredSiteFiles;
  robots: RobotsVerdict;
  sitemaps: SitemapRead[];
  rollup: RollupState;
}): CrawlSite {
  const { robots, rollup } = input;
  const startAudit = input.startAudit ?? siteFilesAudit(input.startUrl, input.files);
  return {
    robots_txt: {
      url: new URL('/robots.txt', input.files.origin).href,
      status: robots.status,
      citable: robots.citable,
      crawl_delay: robots.crawlDelay,
    },
    llms_txt: startAudit.llms_txt,
    sitemaps: input.sitemaps,
    crawlers: startAudit.crawlers,
    issues: startAudit.issues
      .filter((i) => isSiteRule(i.rule))
      .map((i) => ({ rule: i.rule, severity: i.severity, category: i.category, title: i.title, detail: i.detail })),
    sample: {
      pages: [...rollup.sample.pages],
      markdown_served: rollup.sample.markdownServed,
      ai_agents_blocked: rollup.sample.agentsBlocked,
    },
  };
}
