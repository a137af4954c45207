import type { FetchErrorCode, FetchedResource } from './fetcher.js';
import type { AgentFileKind, RuntimeWebmcpProbe } from './audit.js';

/** Why a referenced script was not scanned for WebMCP. */
export type ScriptSkipReason =
  | 'cap_count' // beyond the 25-script cap
  | 'cap_bytes' // the 8 MB total budget was spent
  | 'too_large' // bigger than the 3 MB per-script cap (scanned up to the cap: see `truncated`)
  | 'cross_origin' // the host could not read it (extension CORS)
  | 'unreachable' // network error or blocked address
  | 'timeout'
  | 'http_error' // non-2xx
  | 'not_javascript'; // the server answered with HTML or an image

export interface ScriptRef {
  /** Absolute URL of the script. */
  url: string;
  /** How the page references it. */
  via: 'script' | 'module' | 'modulepreload' | 'preload';
  /** Same origin as the final page URL. */
  sameOrigin: boolean;
}

export interface GatheredScript extends ScriptRef {
  /** The fetched script, when it was fetched. */
  resource?: FetchedResource;
  /** Set when the script was not (fully) scanned. */
  skipped?: ScriptSkipReason;
}

/** One link of llms.txt, requested to see whether an agent following it gets a page. */
export interface LinkCheck {
  /** Absolute URL (relative links resolved against /llms.txt). */
  url: string;
  /** Final HTTP status after redirects; 0 when no response arrived. */
  status: number;
  /** Why no response arrived. */
  error?: FetchErrorCode;
}

/** An agent discovery file a page links to (RFC 8288 Link header or `<link>` element), fetched where it points. */
export interface AgentFileLink {
  kind: AgentFileKind;
  via: 'link_header' | 'link_element' | 'robots_txt';
  /** Absolute URL the link (or robots.txt `Agentmap:` line) points to. */
  url: string;
  resource: FetchedResource;
}

/** A card or nested catalog an AI catalog lists by `url`, fetched and judged (shared/agent-discovery/catalog-entries.ts). */
export interface AgentCatalogEntry {
  /** The URL of the catalog that lists it. */
  catalog: string;
  /** Its index in that catalog's `entries`. */
  index: number;
  kind: AgentFileKind;
  url: string;
  resource: FetchedResource;
}

/** One `skill-md` skill of an Agent Skills index whose digest an audit compares. */
export interface SkillDigestTarget {
  /** Its index in the index's `skills`. */
  index: number;
  name: string;
  url: string;
  /** The 64 hex digits the index gives after `sha256:`. */
  expected: string;
}

/** What comparing one skill's digest found; computed while gathering, judged into a note on the index. */
export interface SkillDigestCheck extends SkillDigestTarget {
  outcome: 'match' | 'mismatch' | 'unreadable' | 'not_compared';
  /** The digest of what was served, when it could be computed. */
  actual?: string;
  /** Why it was unreadable or not compared: an HTTP status, "binary", "over 256 KB", "not UTF-8". */
  reason?: string;
}

/** The page as one more AI agent asked for it (an edge probe beyond the named snapshot members). */
export interface AgentProbe {
  /** The agent's robots.txt token (shared/crawlers/agent-requests.ts). */
  agent: string;
  resource: FetchedResource;
}

/** The page after JavaScript ran: the extension's live tab, or the server's headless browser (`render`). */
export interface RenderedPage {
  /** document.documentElement.outerHTML after scripts ran, behind the doctype. */
  html: string;
  url: string;
  capturedAt: string;
  /** The browser and its version, e.g. "Chromium 131.0.6778.85" (absent from captures made before it was recorded). */
  engine?: string;
  /** Milliseconds from the start of loading to the capture. */
  ms?: number;
}

/**
 * Everything the judges may look at. Built by gather() from the network, or by hand in tests.
 * A member is null when it was not fetched (for example, site files when the page itself failed).
 */
export interface Snapshot {
  /** The URL as the user submitted it (trimmed; may lack a scheme). */
  submittedUrl: string;
  /** The absolute URL that was fetched first (scheme added). */
  requestedUrl: string;
  /** The page fetched with a regular browser user agent. */
  page: FetchedResource;
  /**
   * The page fetched as AI agents (shared/gather/agent-probes.ts): a search crawler (OAI-SearchBot), a
   * user-triggered agent (ChatGPT-User), and, from the agent-web checks on, a training crawler (GPTBot) and a
   * second operator's user agent (Claude-User). Null when not fetched (the extension cannot send these
   * user agents); the last two are absent from snapshots made before them.
   */
  pageAsSearchAgent: FetchedResource | null;
  pageAsUserAgent: FetchedResource | null;
  pageAsTrainingAgent?: FetchedResource | null;
  pageAsSecondUserAgent?: FetchedResource | null;
  /**
   * The page as every other agent probed (`agents`: the sample or all, shared/crawlers/probe-selection.ts), in
   * crawler-table order. Absent when none was probed, and from snapshots made before the edge probes.
   */
  agentProbes?: AgentProbe[];
  /** The page fetched with `Accept: text/markdown`. */
  markdown: FetchedResource | null;
  /**
   * The page's Markdown mirror (the page URL with `.md` appended, llmstxt.org), asked only when the page did
   * not answer `Accept: text/markdown` with Markdown. Absent when not asked.
   */
  markdownMirror?: FetchedResource | null;
  robotsTxt: FetchedResource | null;
  llmsTxt: FetchedResource | null;
  /**
   * The llms.txt the page names with rel="describedby" (llms.txt v2) on its own origin, when that is not
   * /llms.txt: a subpath file covering the page. Absent when the page names none.
   */
  describedLlmsTxt?: FetchedResource | null;
  llmsFullTxt: FetchedResource | null;
  /** The sitemap named by robots.txt, else /sitemap.xml. */
  sitemap: FetchedResource | null;
  tdmrep: FetchedResource | null;
  /**
   * Agent discovery files at their well-known paths (docs/api-decisions.md#agent-discovery-signals; shared/agent-discovery/kinds.ts).
   * Absent from snapshots made before them.
   */
  mcpServerCard?: FetchedResource | null;
  a2aAgentCard?: FetchedResource | null;
  aiCatalog?: FetchedResource | null;
  agentSkills?: FetchedResource | null;
  apiCatalog?: FetchedResource | null;
  oauthProtectedResource?: FetchedResource | null;
  oauthAuthorizationServer?: FetchedResource | null;
  webBotAuthDirectory?: FetchedResource | null;
  /** Agent discovery files the page's Link header, `<link>` elements or robots.txt `Agentmap:` lines point to away from the well-known path. */
  agentFileLinks?: AgentFileLink[];
  /** Cards and nested catalogs the AI catalogs list, at most a few per audit; absent when none was fetched. */
  agentCatalogEntries?: AgentCatalogEntry[];
  /** The skills of the Agent Skills index whose SKILL.md was fetched to compare its digest; absent when none. */
  agentSkillDigests?: SkillDigestCheck[];
  /** The first links of llms.txt, each requested once; absent when llms.txt had none or was not read. */
  llmsTxtLinks?: LinkCheck[];
  /** Every script the page references, each fetched or with the reason it was skipped. */
  scripts: GatheredScript[];
  /** The DOM after JavaScript ran: the extension's tab, or the server's browser when the audit asked to render. */
  rendered?: RenderedPage;
  /** Extension only: the runtime WebMCP probe. */
  runtimeWebmcp?: RuntimeWebmcpProbe;
  /** Where the audit runs: the API, the extension, or a site audit (a crawl's page). */
  origin: 'server' | 'extension' | 'crawl';
  /** ISO 8601 time gathering started. */
  startedAt: string;
  /** Milliseconds spent gathering. */
  gatherMs: number;
  /** True when the audit deadline cut gathering short. */
  deadlineHit: boolean;
}
