/** Request and response bodies of the audit API (contract section 3), one schema per wire type. */
import { z } from 'zod';
import { auditSchema } from './audit.js';
import { MAX_URL_LENGTH, URL_REQUIRED_MESSAGE, URL_TOO_LONG_MESSAGE } from '../url/normalize.js';

/** Every error body: exactly one human-readable member. */
export const errorBodySchema = z.strictObject({
  error: z.string(),
});

/** POST /audits. `url` may be a bare host such as `example.com`; http(s) only. Messages: the API's 400s. */
export const createAuditRequestSchema = z.object({
  url: z.string({ error: URL_REQUIRED_MESSAGE }).min(1, URL_REQUIRED_MESSAGE).max(MAX_URL_LENGTH, URL_TOO_LONG_MESSAGE),
});

/** POST /audits (201), GET /audits/{id} (200), PUT /audits/{id} (200/201). */
export const auditEnvelopeSchema = z.strictObject({
  audit: auditSchema,
});

/** PUT /audits/{id}: the extension's sync; the same envelope the API answers with. */
export const syncAuditRequestSchema = auditEnvelopeSchema;

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

export type ErrorBody = z.infer<typeof errorBodySchema>;
export type CreateAuditRequest = z.infer<typeof createAuditRequestSchema>;
export type AuditSummary = z.infer<typeof auditSummarySchema>;
export type AuditList = z.infer<typeof auditListSchema>;
