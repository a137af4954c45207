/** `GET /audits/{id}/fixes` and `GET /crawls/{id}/fixes` (docs/fixes.md): the fix's wire schema, pinned to shared/fixes/types.ts. */
import { z } from 'zod';
import { FIX_ID_PATTERN } from '../fixes/fix-id.js';
import { FIX_KINDS, FIX_POLICIES, type Fix } from '../fixes/types.js';
import type { Equal, Expect } from './type-equality.js';

/** Fix requests per account and minute (each reads the site again): the routes' limit, named in the OpenAPI document. */
export const FIXES_PER_MINUTE = 20;

export const fixPolicySchema = z.enum(FIX_POLICIES).meta({
  description:
    'What the robots.txt fix may change. Every policy lets AI search and user-triggered agents in; `keep-training-choices` (the default) leaves training crawlers as the site chose, `allow-all` lets them in, `block-training` keeps them out.',
});

export const headPreviewSchema = z.strictObject({
  before: z.string().meta({ description: "The page's <head> as it is (serialised the same way as `after`)." }),
  after: z.string().meta({ description: 'The same <head> with the snippet applied: the elements it replaces removed, the snippet added.' }),
});

export const fixSchema = z.strictObject({
  id: z.string().regex(FIX_ID_PATTERN).meta({
    description: '`fix_` and 16 hex digits: the same for the same problem on the same target, so a later audit can say it was applied.',
  }),
  rules: z
    .array(z.string())
    .meta({ description: 'The rule ids (as in `issues[].rule`) this fix makes pass; empty for a choice no rule asks for.' }),
  title: z.string(),
  kind: z.enum(FIX_KINDS).meta({
    description:
      '`file`: a whole file to publish at `path`; `snippet`: markup for the page at `path`; `config`: a server or CDN example, `path` null.',
  }),
  path: z
    .string()
    .nullable()
    .meta({ description: 'Where it goes: `/robots.txt`, `/llms.txt`, `/.well-known/...`, the page path; null for `config`.' }),
  media_type: z.string().meta({ description: 'The media type to serve a file with, or of the snippet or example.' }),
  content: z
    .string()
    .meta({ description: 'The file, snippet or example itself. Values the site does not state are marked `[FILL IN: ...]`.' }),
  explanation: z.string().meta({ description: 'What it changes and why, and what to check or fill in.' }),
  preview: headPreviewSchema
    .nullable()
    .meta({ description: 'For a snippet that goes in `<head>`: the head before and after; null otherwise.' }),
});

export const fixListSchema = z.strictObject({ fixes: z.array(fixSchema) });

// Fails to compile when shared/fixes/types.ts and this schema disagree in any member.
export type FixSchemaMatchesType = Expect<Equal<z.infer<typeof fixSchema>, Fix>>;
