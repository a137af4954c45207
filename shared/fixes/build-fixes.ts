/**
 * The fixes of an audit or a crawl: plan them from the issues (plan.ts), then let each generator fill in its
 * file, snippet or example from what the site serves (inputs.ts). A generator with nothing to offer (no page
 * to read, no API to catalogue) leaves its fix out. Pure: the host gathers the inputs.
 */
import type { AgentDiscoveryFile, Audit } from '../types/audit.js';
import { templateOf } from '../crawl/template.js';
import { catalogEntry, type FixName } from './catalog.js';
import type { CrawlPageEntry, FixInputs } from './inputs.js';
import { firedRules, pagePath, plannedFix, planFixes, type PlannedFix } from './plan.js';
import type { Fix, FixPolicy } from './types.js';
import type { GenerateContext, Generator } from './generators/context.js';
import { robotsFile } from './generators/robots-file.js';
import { llmsFullTxtFile, llmsTxtFile } from './generators/llms-txt.js';
import { headTags } from './generators/head-tags.js';
import { jsonLdSnippet } from './generators/json-ld.js';
import { markdownConfig, markdownLink, markdownMirror } from './generators/markdown.js';
import { apiCatalog } from './generators/api-catalog.js';

const GENERATORS: Record<FixName, Generator> = {
  'robots.txt': robotsFile,
  'llms.txt': llmsTxtFile,
  'llms-full.txt': llmsFullTxtFile,
  'head-tags': headTags,
  'json-ld': jsonLdSnippet,
  'markdown-mirror': markdownMirror,
  'markdown-link': markdownLink,
  'markdown-nginx': markdownConfig,
  'markdown-cloudflare-worker': markdownConfig,
  'markdown-nextjs-middleware': markdownConfig,
  'api-catalog': apiCatalog,
};

const PAGE_FIXES = new Set<FixName>(['head-tags', 'json-ld', 'markdown-mirror', 'markdown-link']);
const MAX_ROBOTS_PATHS = 20;

export function buildAuditFixes(audit: Audit, inputs: FixInputs, policy: FixPolicy): Fix[] {
  const fired = firedRules(audit);
  const plans = withChoices(planFixes(fired, inputs.pageUrl, policy), fired, inputs.pageUrl, policy);
  const base = { inputs, policy, crawlPages: null, agentFiles: agentFilesOf(audit) };
  return generate(plans, { ...base, robotsPaths: [...new Set([pagePath(inputs.pageUrl), '/'])] });
}

export interface CrawlFixSource {
  /** The rules that fired on any page (the crawl's issues). */
  siteRules: ReadonlySet<string>;
  /** The rules that fired on the start page (for the snippets of that page). */
  startPageRules: ReadonlySet<string>;
  /** The crawl's audited pages, in the order they were audited. */
  pages: CrawlPageEntry[];
  agentFiles: AgentDiscoveryFile[];
}

/** Site files and examples from the whole crawl; snippets for its start page (`inputs` is that page). */
export function buildCrawlFixes(source: CrawlFixSource, inputs: FixInputs, policy: FixPolicy): Fix[] {
  const site = planFixes(source.siteRules, inputs.pageUrl, policy).filter((p) => !PAGE_FIXES.has(p.entry.name));
  const page = planFixes(source.startPageRules, inputs.pageUrl, policy).filter((p) => PAGE_FIXES.has(p.entry.name));
  const plans = withChoices([...site, ...page], source.siteRules, inputs.pageUrl, policy);
  const templates = new Map<string, string>();
  for (const p of source.pages) if (!templates.has(p.template)) templates.set(p.template, pagePath(p.url));
  const robotsPaths = [...new Set(['/', pagePath(inputs.pageUrl), ...templates.values()])].slice(0, MAX_ROBOTS_PATHS);
  return generate(plans, { inputs, policy, crawlPages: source.pages, agentFiles: source.agentFiles, robotsPaths });
}

/** Fixes no rule asks for: robots.txt under block-training, and the agent discovery files the site's API calls for. */
function withChoices(plans: PlannedFix[], fired: ReadonlySet<string>, pageUrl: string, policy: FixPolicy): PlannedFix[] {
  const out = [...plans];
  if (policy === 'block-training' && !out.some((p) => p.entry.name === 'robots.txt'))
    out.unshift(plannedFix(catalogEntry('robots.txt'), fired, pageUrl, policy));
  out.push(plannedFix(catalogEntry('api-catalog'), fired, pageUrl, policy));
  return out;
}

function generate(plans: PlannedFix[], base: Omit<GenerateContext, 'planned'>): Fix[] {
  const fixes: Fix[] = [];
  for (const planned of plans) {
    const body = GENERATORS[planned.entry.name]({ ...base, planned });
    if (!body) continue;
    fixes.push({ id: planned.id, rules: planned.rules, kind: planned.entry.kind, path: planned.path, ...body });
  }
  return fixes;
}

function agentFilesOf(audit: Audit): AgentDiscoveryFile[] {
  return audit.signals.agent_discovery?.files ?? [];
}

/** A crawl page as llms.txt lists it, from its URL and what the crawl kept of it. */
export function crawlPageEntry(url: string, summary: { title: string | null; description: string | null } | undefined): CrawlPageEntry {
  return { url, template: templateOf(url), title: summary?.title ?? null, description: summary?.description ?? null };
}
