/** The words of a report, written for a client who is not technical: one place, so every view says the same. */
import type { CategoryName, CrawlerPurpose, Severity, WebmcpStatus } from '../types/audit.js';
import { UNKNOWN_BUILDER } from '../builder/unknown.js';
import type { Translator } from '../i18n/translator.js';
import type { MessageKey } from '../i18n/catalogue.js';

/** One sentence on what a score means for AI answer engines, in a report's language. */
export function verdictIn(tr: Translator, score: number, judged: boolean): string {
  if (!judged) return tr.t('verdict.notJudged');
  return tr.t(score >= 80 ? 'verdict.good' : score >= 50 ? 'verdict.fair' : 'verdict.poor');
}

export function siteVerdictIn(tr: Translator, score: number): string {
  return tr.t(score >= 80 ? 'siteVerdict.good' : score >= 50 ? 'siteVerdict.fair' : 'siteVerdict.poor');
}

/** A category's name in a report's language (the audit keeps the English name, its key); a name no catalogue knows stays. */
export function categoryNameIn(tr: Translator, name: CategoryName | string): string {
  return tr.has(`category.${name}`) ? tr.t(`category.${name}` as MessageKey) : name;
}

/** What a category covers, in a report's language; '' for a name no catalogue knows. */
export function categoryInfoIn(tr: Translator, name: CategoryName | string): string {
  return tr.has(`categoryInfo.${name}`) ? tr.t(`categoryInfo.${name}` as MessageKey) : '';
}

/** "Built with Webflow" in a report's language, or null when no builder was recognised. */
export function builtWithIn(tr: Translator, builder: string | null | undefined): string | null {
  return builder && builder !== UNKNOWN_BUILDER ? tr.t('report.builtWith', { builder }) : null;
}

/** One sentence on what a score means for AI answer engines. */
export function verdict(score: number, judged: boolean): string {
  if (!judged) return 'Nothing on this page could be judged (it is not a web page AI engines read as text).';
  if (score >= 80) return 'AI answer engines can read, use and cite this page well.';
  if (score >= 50) return 'AI answer engines can read this page, but the fixes below would make it easier to use and cite.';
  return 'AI answer engines have serious trouble reading or using this page: start with the critical issues below.';
}

export function siteVerdict(score: number): string {
  if (score >= 80) return 'AI answer engines can read, use and cite this site well.';
  if (score >= 50) return 'AI answer engines can read most of this site, but the fixes below would make it easier to use and cite.';
  return 'AI answer engines have serious trouble reading or using much of this site: start with the critical issues below.';
}

export const CAP_EXPLANATION = 'A page with a critical issue scores at most 49 until that issue is fixed, however good the rest is.';

export const CATEGORY_EXPLANATIONS: Record<CategoryName, string> = {
  'Crawler Access': 'Whether AI crawlers and assistants are allowed in and get the page: robots.txt, bot blocking, HTTP status.',
  Rendering: 'Whether the content is in the page the server sends, without running JavaScript.',
  'Structured Data': 'Machine-readable facts about the page and the organisation behind it (schema.org, Open Graph).',
  'Content Structure': 'Title, description, headings, language: what lets an engine understand and quote the page.',
  'AI Discovery': 'Files that point AI engines to the content: llms.txt, sitemap, Markdown versions, canonical URL.',
  Trust: 'Signs that the content is credible: author, dates, about and contact pages, HTTPS, sources.',
};

export const NOT_APPLICABLE_EXPLANATION = 'n/a: nothing in this category applied here, so it is left out of the score.';

export const SEVERITY_LABELS: Record<Severity, string> = { critical: 'Critical', warning: 'Warning', notice: 'Notice' };

export const PURPOSE_LABELS: Record<CrawlerPurpose, string> = {
  search: 'AI search',
  user: 'Fetches for a user',
  training: 'Model training',
  archive: 'Archive',
};

export const CRAWLER_NOTE =
  'Blocking training crawlers is a legitimate choice and costs nothing here. Blocking AI search and user agents keeps the site out of AI answers.';

export const WEBMCP_TEXT: Record<WebmcpStatus, string> = {
  detected: 'The site offers tools that AI agents in the browser can call (WebMCP).',
  not_found: 'No WebMCP tools were found: AI agents in the browser have no site-made tools to call here.',
  inconclusive: 'Some scripts could not be checked, so WebMCP tools may exist that were not seen.',
};

export const LLMS_TXT_TEXT = {
  present: 'The site publishes an llms.txt file: a short guide to its content for AI engines.',
  missing: 'The site has no llms.txt file (a short guide to its content for AI engines).',
  error: 'The llms.txt file could not be read.',
} as const;

export const AGENT_DISCOVERY_KINDS: Record<string, string> = {
  mcp_server_card: 'MCP server card',
  a2a_agent_card: 'A2A agent card',
  ai_catalog: 'AI catalog',
  agent_skills: 'Agent skills',
  api_catalog: 'API catalog (RFC 9727)',
  oauth_protected_resource: 'OAuth protected resource (RFC 9728)',
  oauth_authorization_server: 'OAuth authorization server (RFC 8414)',
  web_bot_auth: 'Web Bot Auth key directory',
};

export const AGENT_DISCOVERY_STATUS: Record<string, string> = {
  found: 'Found',
  invalid: 'Invalid',
  not_found: 'Not found',
  error: 'Could not be read',
};

export const CRAWL_STATUS_TEXT: Record<string, string> = {
  queued: 'This site audit has not started yet: the figures below are empty until it runs.',
  running: 'This site audit is still running: the figures below cover the pages audited so far.',
  cancelled: 'This site audit was cancelled: the figures below cover the pages audited before that.',
  failed: 'This site audit failed',
};

/** "Built with Webflow", or null when no builder was recognised: a report then says nothing rather than "Unknown". */
export function builtWith(builder: string | null | undefined): string | null {
  return builder && builder !== UNKNOWN_BUILDER ? `Built with ${builder}` : null;
}
