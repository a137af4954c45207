/** The wire shape of an audit: the API's base fields plus Citable's decisions (docs/api-decisions.md#audit-object, docs/api-decisions.md#webmcp-signal). */

export const CATEGORY_NAMES = ['Crawler Access', 'Rendering', 'Structured Data', 'Content Structure', 'AI Discovery', 'Trust'] as const;
export type CategoryName = (typeof CATEGORY_NAMES)[number];

export const SEVERITIES = ['critical', 'warning', 'notice'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface CategoryScore {
  name: CategoryName;
  /** 0–100. A category that is not applicable keeps the neutral 100 but counts for nothing. */
  score: number;
  /**
   * False when no scored rule of the category applied (a PDF has no headings, a 404 page no structured data):
   * the category is left out of the overall mean and every view shows it as "n/a" (docs/api-decisions.md#what-audits-could-not-judge).
   */
  applicable: boolean;
}

/** A rule that threw instead of judging: recorded, logged by the host, never read as "not applicable". */
export interface RuleError {
  /** The rule's id. */
  rule: string;
  message: string;
}

/** Why the overall score is lower than the categories' mean: the critical cap of docs/api-decisions.md#audit-object. */
export interface ScoreCap {
  max: number;
  /** "1 critical issue", "2 critical issues". */
  reason: string;
}

export interface Issue {
  severity: Severity;
  category: CategoryName;
  title: string;
  detail: string;
  position: number;
  /** Stable rule id, e.g. `robots.search-agents-blocked`. */
  rule: string;
}

export type CrawlerPurpose = 'training' | 'search' | 'user' | 'archive';

/**
 * What an agent probe got, judged against the browser's copy (docs/audits.md#what-each-agent-is-served):
 * `blocked` 401/403/451 or a refused connection; `payment_required` 402; `challenge` a bot-challenge page, any
 * status; `rate_limited` 429/503 with Retry-After; `redirected_away` a redirect to another site or to a login;
 * `different_content` 2xx, but its visible text is less than half alike the browser's; `error` timeout, TLS, reset.
 */
export const SERVED_OUTCOMES = [
  'ok',
  'blocked',
  'payment_required',
  'challenge',
  'rate_limited',
  'redirected_away',
  'different_content',
  'error',
] as const;
export type ServedOutcome = (typeof SERVED_OUTCOMES)[number];

export interface Served {
  outcome: ServedOutcome;
  /** The final status the agent got; null when no response arrived. */
  http_status: number | null;
  /** Visible words in what the agent got. */
  words: number;
  /** How alike its visible text is to the browser's copy, 0 to 1 (4 decimals). */
  similarity: number;
}

export interface CrawlerVerdict {
  agent: string;
  operator: string;
  purpose: CrawlerPurpose;
  /** RFC 9309 verdict for the audited URL's path. */
  robots: 'allowed' | 'blocked';
  /** Status the page answered with when fetched as this agent (only agents we fetched as). */
  http_status?: number;
  /** True when that response was a bot challenge or a block the browser did not get. */
  challenged?: boolean;
  /** What the page served this agent when probed as it; null when it was not probed. */
  served: Served | null;
}

export interface LlmsTxtSummary {
  status: 'present' | 'missing' | 'error';
  valid: boolean;
  problems: string[];
  /** The llms.txt the page names with rel="describedby", when that file was judged instead of /llms.txt. */
  url?: string;
}

export type WebmcpStatus = 'detected' | 'not_found' | 'inconclusive';
export type WebmcpSource = 'none' | 'html' | 'inline_script' | 'external_script' | 'header' | 'runtime' | 'mixed';

export type WebmcpEvidenceKind =
  | 'imperative-registerTool'
  | 'legacy-provideContext'
  | 'declarative-form'
  | 'declarative-attr-in-bundle'
  | 'registerTool-dynamic'
  | 'angular-signal-form'
  | 'polyfill-runtime'
  | 'script-src-fingerprint'
  | 'api-reference'
  | 'origin-trial-token'
  | 'permissions-policy-disabled'
  | 'iframe-allow-tools'
  | 'mcp-sdk-style'
  | 'webmcp-widget'
  | 'runtime-tool';

export interface WebmcpEvidence {
  kind: WebmcpEvidenceKind;
  confidence: 'high' | 'medium' | 'low';
  location: {
    type: 'html' | 'inline-script' | 'external-script' | 'header' | 'runtime';
    url: string;
    scriptIndex?: number;
    offset?: number;
    line?: number;
    column?: number;
  };
  /** At most 160 characters around the hit, whitespace collapsed. */
  snippet: string;
  toolName?: string;
  description?: string;
  surface?: 'document' | 'navigator-legacy' | 'agent-legacy' | 'declarative' | 'unknown';
  library?: string;
  /** True when this evidence counts as a registration (drives `detected`). */
  registers?: boolean;
  /**
   * For a tool whose `inputSchema` could be read (a literal in the script, or the live tool list): what keeps it from
   * being a sound JSON Schema (2020-12) with an object root; empty when it is one. Absent when it could not be read.
   */
  schemaProblems?: string[];
}

export interface RuntimeWebmcpTool {
  name: string;
  description: string;
  /** Where the runtime saw it: native getTools(), a polyfill, the declarative DOM, or the deep-probe recorder. */
  via?: 'native' | 'polyfill' | 'declarative' | 'recorder' | 'legacy-testing';
  /** Registration call site from the deep-probe recorder, e.g. `https://site/app.js:11:56`. */
  stack?: string[];
  /** The tool's inputSchema as the live page exposed it, serialised to JSON (cut at 8 KB: then not judged). */
  inputSchema?: string;
}

export interface RuntimeWebmcpProbe {
  apiAvailable: boolean;
  tools: RuntimeWebmcpTool[];
  checkedAt: string;
  /** Which object answered: `document.modelContext`, legacy `navigator.modelContext`, or none. */
  surface?: 'document' | 'navigator-legacy' | 'none';
  /** True when the API object is a JavaScript polyfill rather than the browser's own. */
  polyfill?: boolean;
  /** Names of forms carrying `toolname` in the live DOM. */
  declarativeForms?: string[];
  /** True when the optional deep probe (document_start recorder) was active. */
  deepProbe?: boolean;
  /** Problems the probe hit (getTools threw, timed out ...). */
  errors?: string[];
  /** Set when the browser lacks the API: says that this is the browser's state, not the site's. */
  note?: string;
}

export interface WebmcpSignal {
  status: WebmcpStatus;
  evidence: WebmcpEvidence[];
  source: WebmcpSource;
  bundlesScanned: number;
  bundlesTotal: number;
  /** Extension only. */
  runtime?: RuntimeWebmcpProbe;
}

/** The agent discovery files of docs/api-decisions.md#agent-discovery-signals, each at its well-known path. */
export const AGENT_FILE_KINDS = [
  'mcp_server_card',
  'a2a_agent_card',
  'ai_catalog',
  'agent_skills',
  'api_catalog',
  'oauth_protected_resource',
  'oauth_authorization_server',
  'web_bot_auth',
] as const;
export type AgentFileKind = (typeof AGENT_FILE_KINDS)[number];

/** `found`: parses and holds its format's required members; `invalid`: `problems` says what is wrong. */
export type AgentFileStatus = 'found' | 'invalid' | 'not_found' | 'error';
/** How the file was reached: its well-known path, a link on the page pointing at it, or an `Agentmap:` line of robots.txt. */
export type AgentFileVia = 'well_known' | 'link_header' | 'link_element' | 'robots_txt';

export interface AgentDiscoveryFile {
  kind: AgentFileKind;
  url: string;
  status: AgentFileStatus;
  /** What is wrong (`invalid`), why it could not be read (`error`), or why a 2xx answer was not taken for the file. */
  problems: string[];
  /** Informational remarks that leave the status alone (a legacy shape, a stricter specification's rules); absent when none. */
  notes?: string[];
  /** Every way this URL was reached: `well_known`, a page link that points at it, and/or robots.txt. */
  via: AgentFileVia[];
}

/** signals.agent_discovery (docs/api-decisions.md#agent-discovery-signals): informational like webmcp, never scored. */
export interface AgentDiscoverySignal {
  files: AgentDiscoveryFile[];
}

export interface Signals {
  webmcp: WebmcpSignal;
  /** Absent from audits made before agent discovery was added; always present in new ones. */
  agent_discovery?: AgentDiscoverySignal;
}

/** One version of the page, as `audit.rendering` compares them: what a reader of that version gets. */
export interface PageSummary {
  /** Words of visible text (script, style, template and noscript left out). */
  words: number;
  /** Links (`<a href>`) to http(s) URLs. */
  links: number;
  /** Inline `<script type="application/ld+json">` blocks. */
  json_ld: number;
  /** The first `<title>`, trimmed; null when there is none. */
  title: string | null;
}

/**
 * The page before and after JavaScript (docs/audits.md#rendering-on-the-server): `raw` is the server's HTML, what
 * AI crawlers that do not run JavaScript read; `rendered` the DOM once the browser ran the page's scripts.
 */
export interface AuditRendering {
  /** The browser and its version, e.g. "Chromium 131.0.6778.85". */
  engine: string;
  /** Milliseconds from the start of loading to the capture of the DOM. */
  ms: number;
  raw: PageSummary;
  rendered: PageSummary;
}

/** The inputs that differ between a browser and a server (docs/audits.md#why-the-extension-and-the-server-can-differ). */
export interface AuditInputs {
  /** The DOM after JavaScript ran was judged: the extension's tab, or the server's headless browser (`render`). */
  rendered: boolean;
  /** WebMCP tools registered at run time were looked for in the live page (the extension only). */
  runtime_webmcp: boolean;
  /** How many AI agents the page was fetched as (edge probes); 0 when none was (an extension without access to the site). */
  agent_probes: number;
  /** The page's fetch followed redirects without seeing the hops (a browser sees only where it ended). */
  redirect_hops_hidden: boolean;
  /** Site files the browser would not let the extension read (robots.txt, sitemap, llms.txt, llms-full.txt), by URL. */
  unread_files: string[];
}

export interface Audit {
  id: string;
  url: string;
  final_url: string;
  /** `crawl`: a page of a site audit (docs/api-decisions.md#crawls), stored with its `crawl_id`. */
  origin: 'server' | 'extension' | 'crawl';
  /** The site audit this page audit belongs to (origin `crawl` only). */
  crawl_id?: string;
  builder: string;
  score: number;
  /** Set when the critical cap lowered `score` below the categories' weighted mean; null otherwise. */
  score_cap: ScoreCap | null;
  status: 'complete';
  category_scores: CategoryScore[];
  scanned_at: string;
  duration_ms: number;
  issues: Issue[];
  /** Rules that threw; empty when every rule ran. */
  rule_errors: RuleError[];
  crawlers: CrawlerVerdict[];
  llms_txt: LlmsTxtSummary;
  signals: Signals;
  /**
   * The page before and after JavaScript; null when the audit did not render it. Absent from audits made
   * before rendering on the server existed.
   */
  rendering?: AuditRendering | null;
  /**
   * What the audit was judged from where the browser extension and the server can see different things
   * (docs/audits.md#why-the-extension-and-the-server-can-differ). Absent from audits made before it was recorded.
   */
  inputs?: AuditInputs;
}
