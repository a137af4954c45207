/** Request and response bodies of the audit API (docs/api-decisions.md#http-api), one schema per wire type. */
import { z } from 'zod';
import { auditInputSchema, auditSchema } from './audit.js';
import { upgradeAudit } from '../audit/upgrade-audit.js';
import { auditContractProblem } from './audit-invariants.js';
import { MAX_URL_LENGTH, URL_NOT_STRING_MESSAGE, URL_REQUIRED_MESSAGE, URL_TOO_LONG_MESSAGE } from '../url/normalize.js';
import { AGENT_SELECTIONS } from '../crawlers/probe-selection.js';

/** `agents` of POST /audits (and the MCP audit tool): which AI agents the page is fetched as. */
export const agentSelectionSchema = z.enum(AGENT_SELECTIONS, { error: () => 'agents must be "sample" or "all"' }).meta({
  description:
    'Which AI agents the page is fetched as, each with its published User-Agent and headers, to fill `crawlers[].served`: ' +
    '`sample` (default: one search or user agent per operator and purpose, plus GPTBot and ClaudeBot; at most 8 probes) or ' +
    '`all` (every agent of the crawler table that sends requests). One request per agent, never retried.',
});

export const RENDER_FLAG_MESSAGE = 'render must be true or false';

/** Every error body: exactly one human-readable member. */
export const errorBodySchema = z.strictObject({
  error: z.string(),
});

/**
 * POST /audits. `url` may be a bare host such as `example.com`; http(s) only. Messages: the API's 400s.
 * Strict, like every request body: an unknown member is refused, never silently ignored.
 */
export const createAuditRequestSchema = z.strictObject({
  url: z
    .string({ error: (issue) => (issue.input === undefined ? URL_REQUIRED_MESSAGE : URL_NOT_STRING_MESSAGE) })
    .min(1, URL_REQUIRED_MESSAGE)
    .max(MAX_URL_LENGTH, URL_TOO_LONG_MESSAGE),
  render: z.boolean({ error: RENDER_FLAG_MESSAGE }).optional().meta({
    description:
      'Also load the page in headless Chromium (default false): the rules that compare the server HTML with the rendered page run, and `audit.rendering` is filled.',
  }),
  agents: agentSelectionSchema.optional(),
});

/** POST /audits (201), GET /audits/{id} (200), PUT /audits/{id} (200/201). */
export const auditEnvelopeSchema = z.strictObject({
  audit: auditSchema,
});

/**
 * PUT /audits/{id} as documented: the envelope the API answers with, except that an audit from an extension
 * made before the members of docs/api-decisions.md#what-audits-could-not-judge existed may lack `category_scores[].applicable`, `rule_errors` and `score_cap`.
 */
export const syncAuditBodySchema = z.strictObject({
  audit: auditInputSchema,
});

/**
 * PUT /audits/{id} as validated: the body above, the missing members filled (so what is stored is a whole
 * Audit), the id in lower case (a UUID is case-insensitive on input and written in lower case, RFC 9562),
 * and then the contract's invariants (audit-invariants.ts) on the whole audit. An older audit is checked
 * once filled: its categories all counted, so they are applicable, and its cap is derived from them.
 */
export const syncAuditRequestSchema = syncAuditBodySchema
  .transform(({ audit }) => ({ audit: upgradeAudit({ ...audit, id: audit.id.toLowerCase() }) }))
  .superRefine(({ audit }, ctx) => {
    // What JSON Schema cannot say (six categories in order, positions, URLs, the score): the first problem.
    const problem = auditContractProblem(audit);
    if (problem) ctx.addIssue({ code: 'custom', path: ['audit', ...problem.path], message: problem.message });
  });

/** One row of GET /audits: what a table of audits needs, not the issues. */
export const auditSummarySchema = auditSchema.pick({
  id: true,
  url: true,
  final_url: true,
  score: true,
  builder: true,
  status: true,
  origin: true,
  scanned_at: true,
});

export const auditListSchema = z.strictObject({
  audits: z.array(auditSummarySchema),
  /** Pass as `cursor` to get the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});

export const healthSchema = z.strictObject({
  ok: z.literal(true),
});

export const readinessCheckSchema = z.strictObject({
  ok: z.boolean(),
  detail: z.string().describe('What was checked, or what is wrong.'),
});

export const readinessSchema = z.strictObject({
  ready: z.boolean(),
  checks: z
    .strictObject({
      store: readinessCheckSchema.describe('The data directory, or PostgreSQL, can be read and written.'),
      migrations: readinessCheckSchema.describe("The database's schema is the one this version needs (always ok for the embedded store)."),
      redis: readinessCheckSchema.optional().describe('Redis answers (only with REDIS_URL).'),
    })
    .describe('Each check; every one ok means ready.'),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
export type CreateAuditRequest = z.infer<typeof createAuditRequestSchema>;
export type AuditSummary = z.infer<typeof auditSummarySchema>;
export type AuditList = z.infer<typeof auditListSchema>;
