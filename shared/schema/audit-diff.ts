/** `GET /audits/{id}/diff` (docs/api-decisions.md#reports-shares-and-diffs): the diff's wire schema, pinned to shared/diff/audit-diff.ts. */
import { z } from 'zod';
import type { AuditDiff } from '../diff/audit-diff.js';
import { categoryNameSchema, severitySchema } from './audit.js';
import type { Equal, Expect } from './type-equality.js';
import { FIX_ID_PATTERN } from '../fixes/fix-id.js';

const score = z.number().int().min(0).max(100);
const delta = z.number().int().min(-100).max(100);
const robots = z.enum(['allowed', 'blocked']);
const webmcpStatus = z.enum(['detected', 'not_found', 'inconclusive']);
const origin = z.enum(['server', 'extension', 'crawl']);

export const issueRefSchema = z.strictObject({
  rule: z.string(),
  severity: severitySchema,
  category: categoryNameSchema,
  title: z.string(),
});

export const categoryChangeSchema = z.strictObject({
  name: categoryNameSchema,
  from: score.nullable().meta({ description: 'null when the category was not applicable ("n/a") in the older audit.' }),
  to: score.nullable().meta({ description: 'null when the category was not applicable ("n/a") in the newer audit.' }),
  delta: delta.nullable().meta({ description: '`to - from`; null when either side is null.' }),
});

export const auditDiffSchema = z.strictObject({
  from: z.uuid().meta({ description: 'The older audit (what the audit is compared against).' }),
  to: z.uuid().meta({ description: 'The audit of the path.' }),
  score: z.strictObject({ from: score, to: score, delta }),
  categories: z.array(categoryChangeSchema).meta({ description: 'All six categories, in contract order.' }),
  new_issues: z
    .array(issueRefSchema)
    .meta({ description: 'Issues of the newer audit whose rule did not fire in the older one (matched by rule id).' }),
  fixed_issues: z.array(issueRefSchema).meta({ description: 'Issues of the older audit whose rule no longer fires.' }),
  crawlers: z
    .array(z.strictObject({ agent: z.string(), from: robots, to: robots }))
    .meta({ description: 'Agents checked in both audits whose robots.txt verdict changed.' }),
  webmcp: z.strictObject({ from: webmcpStatus, to: webmcpStatus }),
  fixes_applied: z.array(z.string().regex(FIX_ID_PATTERN)).meta({
    description:
      "Ids of the older audit's fixes (GET /audits/{id}/fixes, under any policy) whose rules all pass in the newer audit; a fix no rule asks for is never listed.",
  }),
  sources: z
    .strictObject({
      from: origin,
      to: origin,
      inputs_changed: z.array(z.enum(['rendered', 'runtime_webmcp', 'agent_probes', 'redirect_hops_hidden', 'unread_files'])).meta({
        description: "Members of the audits' `inputs` whose values differ; empty when they agree or either audit did not record them.",
      }),
    })
    .optional()
    .meta({
      description:
        'Where each audit was scored (`origin`) and which inputs differ: part of a change between a browser audit and a server one may come from what each could see.',
    }),
});

export const auditDiffEnvelopeSchema = z.strictObject({ diff: auditDiffSchema });

// Fails to compile when shared/diff/audit-diff.ts and this schema disagree in any member.
export type AuditDiffSchemaMatchesType = Expect<Equal<z.infer<typeof auditDiffSchema>, AuditDiff>>;
