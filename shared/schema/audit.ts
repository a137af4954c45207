/**
 * The Audit wire type as a zod schema: mirrors shared/types/audit.ts exactly (checked at compile time below),
 * so the API's validation, the extension and the OpenAPI document read one definition.
 * Objects are strict: a member the engine does not produce is a drift worth naming, not silently dropping.
 */
import { z } from 'zod';
import { AGENT_FILE_KINDS, CATEGORY_NAMES, SERVED_OUTCOMES, SEVERITIES, type Audit } from '../types/audit.js';
import type { AuditBeforeSection9 } from '../audit/upgrade-audit.js';
import type { Equal, Expect } from './type-equality.js';
import { sixCategoriesMessage } from './audit-invariants.js';

const score = z.number().int().min(0).max(100);
const isoTimestamp = z.iso.datetime({ offset: true });

export const categoryNameSchema = z.enum(CATEGORY_NAMES);
export const severitySchema = z.enum(SEVERITIES);

export const categoryScoreSchema = z.strictObject({
  name: categoryNameSchema,
  score,
  applicable: z.boolean().meta({
    description: 'False when no scored rule of the category applied: left out of the overall score and shown as "n/a".',
  }),
});

export const ruleErrorSchema = z.strictObject({
  rule: z.string(),
  message: z.string(),
});

export const scoreCapSchema = z.strictObject({
  max: score,
  reason: z.string(),
});

export const issueSchema = z.strictObject({
  severity: severitySchema,
  category: categoryNameSchema,
  title: z.string(),
  detail: z.string(),
  position: z.number().int().min(0),
  rule: z.string(),
});

export const servedSchema = z
  .strictObject({
    outcome: z.enum(SERVED_OUTCOMES).meta({
      description:
        '`ok`; `blocked` (401/403/451 or a refused connection); `payment_required` (402); `challenge` (a bot-challenge page, any status); ' +
        '`rate_limited` (429/503 with Retry-After); `redirected_away` (a redirect to another site or to a login); ' +
        '`different_content` (2xx, but `similarity` below 0.5); `error` (timeout, TLS, reset).',
    }),
    http_status: z.number().int().nullable().meta({ description: 'The final status the agent got; null when no response arrived.' }),
    words: z.number().int().min(0).meta({ description: 'Visible words in what the agent got.' }),
    similarity: z.number().min(0).max(1).meta({
      description:
        "How alike the agent's visible text is to the page as a browser gets it: Jaccard index of word 3-shingles, 0 to 1, 4 decimals.",
    }),
  })
  .meta({
    description:
      "What the page served when fetched with this agent's published User-Agent and headers. A user-agent probe cannot see rules that verify " +
      'crawlers by IP address, so `ok` does not prove the real crawler is let in.',
  });

export const crawlerVerdictSchema = z.strictObject({
  agent: z.string(),
  operator: z.string(),
  purpose: z.enum(['training', 'search', 'user', 'archive']),
  robots: z.enum(['allowed', 'blocked']),
  http_status: z.number().int().optional(),
  challenged: z.boolean().optional(),
  served: servedSchema.nullable().meta({ description: 'Null when the page was not fetched as this agent (see `agents` of POST /audits).' }),
});

export const llmsTxtSummarySchema = z.strictObject({
  status: z.enum(['present', 'missing', 'error']),
  valid: z.boolean(),
  problems: z.array(z.string()),
  url: z.string().optional().meta({
    description:
      'The llms.txt judged when it is not the origin\'s /llms.txt: the file the page names with rel="describedby" (llms.txt v2, a subpath file covering the page). Absent when /llms.txt was judged.',
  }),
});

export const webmcpEvidenceSchema = z.strictObject({
  kind: z.enum([
    'imperative-registerTool',
    'legacy-provideContext',
    'declarative-form',
    'declarative-attr-in-bundle',
    'registerTool-dynamic',
    'angular-signal-form',
    'polyfill-runtime',
    'script-src-fingerprint',
    'api-reference',
    'origin-trial-token',
    'permissions-policy-disabled',
    'iframe-allow-tools',
    'mcp-sdk-style',
    'webmcp-widget',
    'runtime-tool',
  ]),
  confidence: z.enum(['high', 'medium', 'low']),
  location: z.strictObject({
    type: z.enum(['html', 'inline-script', 'external-script', 'header', 'runtime']),
    url: z.string(),
    scriptIndex: z.number().int().optional(),
    offset: z.number().int().optional(),
    line: z.number().int().optional(),
    column: z.number().int().optional(),
  }),
  snippet: z.string().max(160),
  toolName: z.string().optional(),
  description: z.string().optional(),
  surface: z.enum(['document', 'navigator-legacy', 'agent-legacy', 'declarative', 'unknown']).optional(),
  library: z.string().optional(),
  registers: z.boolean().optional(),
  schemaProblems: z.array(z.string()).optional().meta({
    description:
      'For a tool whose inputSchema could be read: what keeps it from being a sound JSON Schema (2020-12) with an object root; empty when it is one.',
  }),
});

export const runtimeWebmcpToolSchema = z.strictObject({
  name: z.string(),
  description: z.string(),
  via: z.enum(['native', 'polyfill', 'declarative', 'recorder', 'legacy-testing']).optional(),
  stack: z.array(z.string()).optional(),
  inputSchema: z.string().optional(),
});

export const runtimeWebmcpProbeSchema = z.strictObject({
  apiAvailable: z.boolean(),
  tools: z.array(runtimeWebmcpToolSchema),
  checkedAt: z.string(),
  surface: z.enum(['document', 'navigator-legacy', 'none']).optional(),
  polyfill: z.boolean().optional(),
  declarativeForms: z.array(z.string()).optional(),
  deepProbe: z.boolean().optional(),
  errors: z.array(z.string()).optional(),
  note: z.string().optional().meta({
    description:
      "Set when the browser lacks the WebMCP API: that is the browser's state (flag or origin trial), not evidence about the site.",
  }),
});

export const webmcpSignalSchema = z.strictObject({
  status: z.enum(['detected', 'not_found', 'inconclusive']),
  evidence: z.array(webmcpEvidenceSchema),
  source: z.enum(['none', 'html', 'inline_script', 'external_script', 'header', 'runtime', 'mixed']),
  bundlesScanned: z.number().int().min(0),
  bundlesTotal: z.number().int().min(0),
  runtime: runtimeWebmcpProbeSchema.optional(),
});

export const agentDiscoveryFileSchema = z.strictObject({
  kind: z.enum(AGENT_FILE_KINDS),
  url: z.string(),
  status: z.enum(['found', 'invalid', 'not_found', 'error']).meta({
    description:
      "`found`: parses and holds its format's required members; `invalid`: `problems` says what is wrong; `error`: it could not be read.",
  }),
  problems: z.array(z.string()),
  notes: z.array(z.string()).optional().meta({
    description:
      'Informational remarks that leave `status` alone: an A2A 0.x card labelled legacy, what Agentic Resource Discovery asks of an AI catalog beyond the checks. Absent when none.',
  }),
  via: z.array(z.enum(['well_known', 'link_header', 'link_element', 'robots_txt'])).meta({
    description:
      'How the URL was reached: its well-known path, an RFC 8288 Link header or `<link>` element of the page pointing at it, and/or an `Agentmap:` line of robots.txt.',
  }),
});

export const agentDiscoverySignalSchema = z
  .strictObject({
    files: z.array(agentDiscoveryFileSchema),
  })
  .meta({
    description:
      'Agent discovery files (docs/api-decisions.md#agent-discovery-signals): MCP server card, A2A agent card, AI catalog, agent skills index, RFC 9727 API catalog, ' +
      'RFC 9728 and RFC 8414 OAuth metadata, Web Bot Auth key directory. Informational: never moves a score.',
  });

export const signalsSchema = z.strictObject({
  webmcp: webmcpSignalSchema,
  agent_discovery: agentDiscoverySignalSchema.optional().meta({
    description: 'Present in every audit made since agent discovery was added; absent from older stored audits.',
  }),
});

export const pageSummarySchema = z.strictObject({
  words: z.number().int().min(0).meta({ description: 'Words of visible text (script, style, template and noscript left out).' }),
  links: z.number().int().min(0).meta({ description: 'Links (`<a href>`) to http(s) URLs.' }),
  json_ld: z.number().int().min(0).meta({ description: 'Inline `<script type="application/ld+json">` blocks.' }),
  title: z.string().nullable().meta({ description: 'The first `<title>`, trimmed; null when there is none.' }),
});

export const auditRenderingSchema = z
  .strictObject({
    engine: z.string().meta({ description: 'The browser and its version, e.g. "Chromium 131.0.6778.85".' }),
    ms: z.number().int().min(0).meta({ description: 'Milliseconds from the start of loading to the capture of the DOM.' }),
    raw: pageSummarySchema.meta({ description: "The server's HTML: what AI crawlers that do not run JavaScript read." }),
    rendered: pageSummarySchema.meta({ description: "The DOM once the browser ran the page's scripts." }),
  })
  .meta({ description: 'The page before and after JavaScript (POST /audits with `render: true`, or the extension).' });

export const auditInputsSchema = z
  .strictObject({
    rendered: z
      .boolean()
      .meta({ description: "The DOM after JavaScript ran was judged: the extension's tab, or the server's browser (`render`)." }),
    runtime_webmcp: z
      .boolean()
      .meta({ description: 'WebMCP tools registered at run time were looked for in the live page (the extension only).' }),
    agent_probes: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'How many AI agents the page was fetched as (edge probes); 0 when none was.' }),
    redirect_hops_hidden: z
      .boolean()
      .meta({ description: "The page's fetch followed redirects without seeing the hops (a browser sees only where it ended)." }),
    unread_files: z.array(z.string()).meta({
      description: 'Site files the browser would not let the extension read (robots.txt, sitemap, llms.txt, llms-full.txt), by URL.',
    }),
  })
  .meta({
    description:
      'What the audit was judged from where the browser extension and the server can see different things: with `origin`, it says why two audits of one page may differ.',
  });

/**
 * Exactly the six categories, in contract order. JSON Schema says so with prefixItems (one `name` const per
 * position); zod checks the count here and the order in audit-invariants.ts, which names the first problem.
 */
function categoryList<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .length(CATEGORY_NAMES.length, { error: (issue) => sixCategoriesMessage(Array.isArray(issue.input) ? issue.input.length : 0) })
    .meta({
      description: `The six categories, always all of them, in this order: ${CATEGORY_NAMES.join(', ')}.`,
      prefixItems: CATEGORY_NAMES.map((name) => ({ properties: { name: { const: name } } })),
    });
}

const ISSUES_DESCRIPTION =
  'Ordered by severity (critical, warning, notice), then category in contract order, then weight; each `position` is its zero-based index in this list.';

export const auditSchema = z.strictObject({
  id: z.uuid(),
  url: z.string().min(1).meta({
    description: 'The URL as submitted (trimmed): an http(s) URL, or a bare host such as `example.com`. No other scheme.',
    pattern: '^(?:[Hh][Tt][Tt][Pp][Ss]?://|(?![A-Za-z][A-Za-z0-9+.-]*:(?![0-9])))',
  }),
  final_url: z
    .string()
    .regex(/^https?:\/\//, 'must be an absolute http or https URL')
    .meta({ description: "The page's URL after redirects: absolute, http or https." }),
  origin: z.enum(['server', 'extension', 'crawl']),
  crawl_id: z.uuid().optional().meta({ description: 'The site audit (crawl) this page audit belongs to; only when `origin` is `crawl`.' }),
  builder: z.string(),
  score,
  score_cap: scoreCapSchema.nullable().meta({
    description: 'Set when the critical cap lowered `score` below the categories\' weighted mean, with the reason ("2 critical issues").',
  }),
  status: z.literal('complete'),
  category_scores: categoryList(categoryScoreSchema),
  scanned_at: isoTimestamp,
  duration_ms: z.number().int().min(0),
  issues: z.array(issueSchema).meta({ description: ISSUES_DESCRIPTION }),
  rule_errors: z.array(ruleErrorSchema).meta({ description: 'Rules that threw instead of judging; empty when every rule ran.' }),
  crawlers: z.array(crawlerVerdictSchema),
  llms_txt: llmsTxtSummarySchema,
  signals: signalsSchema,
  rendering: auditRenderingSchema.nullable().optional().meta({
    description:
      'The page before and after JavaScript; null when the audit did not render it. Absent from audits made before rendering on the server existed.',
  }),
  inputs: auditInputsSchema.optional().meta({ description: 'Absent from audits made before the inputs were recorded.' }),
});

/**
 * An audit as an older extension may still sync it (PUT /audits/{id}): the members of docs/api-decisions.md#what-audits-could-not-judge
 * (`category_scores[].applicable`, `rule_errors`, `score_cap`) and `crawlers[].served` may be absent. upgradeAudit fills them.
 */
export const auditInputSchema = auditSchema.extend({
  category_scores: categoryList(categoryScoreSchema.extend({ applicable: z.boolean().optional() })),
  crawlers: z.array(crawlerVerdictSchema.extend({ served: crawlerVerdictSchema.shape.served.optional() })),
  score_cap: scoreCapSchema.nullable().optional(),
  rule_errors: z.array(ruleErrorSchema).optional(),
});

// Fails to compile when shared/types/audit.ts and this schema disagree in any member.
export type AuditSchemaMatchesType = Expect<Equal<z.infer<typeof auditSchema>, Audit>>;
export type AuditInputSchemaMatchesType = Expect<Equal<z.infer<typeof auditInputSchema>, AuditBeforeSection9>>;
