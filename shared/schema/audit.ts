/**
 * The Audit wire type as a zod schema: mirrors shared/types/audit.ts exactly (checked at compile time below),
 * so the API's validation, the extension and the OpenAPI document read one definition.
 * Objects are strict: a member the engine does not produce is a drift worth naming, not silently dropping.
 */
import { z } from 'zod';
import { CATEGORY_NAMES, SEVERITIES, type Audit } from '../types/audit.js';
import type { AuditBeforeSection9 } from '../audit/upgrade-audit.js';
import type { Equal, Expect } from './type-equality.js';

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

export const crawlerVerdictSchema = z.strictObject({
  agent: z.string(),
  operator: z.string(),
  purpose: z.enum(['training', 'search', 'user', 'archive']),
  robots: z.enum(['allowed', 'blocked']),
  http_status: z.number().int().optional(),
  challenged: z.boolean().optional(),
});

export const llmsTxtSummarySchema = z.strictObject({
  status: z.enum(['present', 'missing', 'error']),
  valid: z.boolean(),
  problems: z.array(z.string()),
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
});

export const runtimeWebmcpToolSchema = z.strictObject({
  name: z.string(),
  description: z.string(),
  via: z.enum(['native', 'polyfill', 'declarative', 'recorder', 'legacy-testing']).optional(),
  stack: z.array(z.string()).optional(),
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
});

export const webmcpSignalSchema = z.strictObject({
  status: z.enum(['detected', 'not_found', 'inconclusive']),
  evidence: z.array(webmcpEvidenceSchema),
  source: z.enum(['none', 'html', 'inline_script', 'external_script', 'header', 'runtime', 'mixed']),
  bundlesScanned: z.number().int().min(0),
  bundlesTotal: z.number().int().min(0),
  runtime: runtimeWebmcpProbeSchema.optional(),
});

export const signalsSchema = z.strictObject({
  webmcp: webmcpSignalSchema,
});

export const auditSchema = z.strictObject({
  id: z.uuid(),
  url: z.string().min(1),
  final_url: z.string(),
  origin: z.enum(['server', 'extension', 'crawl']),
  crawl_id: z.uuid().optional().meta({ description: 'The site audit (crawl) this page audit belongs to; only when `origin` is `crawl`.' }),
  builder: z.string(),
  score,
  score_cap: scoreCapSchema.nullable().meta({
    description: 'Set when the critical cap lowered `score` below the categories\' weighted mean, with the reason ("2 critical issues").',
  }),
  status: z.literal('complete'),
  category_scores: z.array(categoryScoreSchema),
  scanned_at: isoTimestamp,
  duration_ms: z.number().int().min(0),
  issues: z.array(issueSchema),
  rule_errors: z.array(ruleErrorSchema).meta({ description: 'Rules that threw instead of judging; empty when every rule ran.' }),
  crawlers: z.array(crawlerVerdictSchema),
  llms_txt: llmsTxtSummarySchema,
  signals: signalsSchema,
});

/**
 * An audit as an older extension may still sync it (PUT /audits/{id}): the members of contract section 9
 * (`category_scores[].applicable`, `rule_errors`, `score_cap`) may be absent. upgradeAudit fills them.
 */
export const auditInputSchema = auditSchema.extend({
  category_scores: z.array(categoryScoreSchema.extend({ applicable: z.boolean().optional() })),
  score_cap: scoreCapSchema.nullable().optional(),
  rule_errors: z.array(ruleErrorSchema).optional(),
});

// Fails to compile when shared/types/audit.ts and this schema disagree in any member.
export type AuditSchemaMatchesType = Expect<Equal<z.infer<typeof auditSchema>, Audit>>;
export type AuditInputSchemaMatchesType = Expect<Equal<z.infer<typeof auditInputSchema>, AuditBeforeSection9>>;
