/** Tracked prompts (docs/api-decisions.md#http-api, `GET/POST /prompts`): a question asked of every engine, and the site it tracks. */
import { z } from 'zod';

export const PROMPT_TEXT_MAX = 500;
export const PROMPT_ALIASES_MAX = 10;
export const PROMPT_RUNS_MAX = 5;
/** Longest host name DNS allows. */
export const DOMAIN_MAX = 253;

export const promptSchema = z.strictObject({
  id: z.string().regex(/^prm_[A-Za-z0-9]{16}$/),
  /** The project it belongs to (its domain, aliases, brand and competitors apply), or null. */
  project_id: z
    .string()
    .regex(/^prj_[A-Za-z0-9]{16}$/)
    .nullable(),
  text: z.string().min(1).max(PROMPT_TEXT_MAX),
  /** The tracked site: a registrable host (or a subdomain of one), lower case, punycode, without `www.`. */
  domain: z.string().min(1).max(DOMAIN_MAX),
  /** Other hosts that count as the same site (another ccTLD, a rebrand). */
  aliases: z.array(z.string().min(1).max(DOMAIN_MAX)).max(PROMPT_ALIASES_MAX),
  /** Samples per engine and check (answers vary between runs); null uses the server default (CITATION_RUNS). */
  runs: z.number().int().min(1).max(PROMPT_RUNS_MAX).nullable(),
  created_at: z.iso.datetime({ offset: true }),
});

/**
 * POST /prompts. With `project_id` the prompt tracks the project's domain and aliases (`domain`, if
 * given, must be the project's). A prompt as GET answers it can be sent back: `runs: null` and
 * `aliases: []` mean the defaults; `id` and `created_at` are ignored.
 */
export const createPromptRequestSchema = z.strictObject({
  text: z.string().max(PROMPT_TEXT_MAX),
  domain: z.string().max(DOMAIN_MAX).optional(),
  project_id: z.string().max(64).nullable().optional(),
  aliases: z.array(z.string().max(DOMAIN_MAX)).max(PROMPT_ALIASES_MAX).optional(),
  runs: z.number().int().min(1).max(PROMPT_RUNS_MAX).nullable().optional(),
  id: z.string().max(64).optional().describe('Ignored (so a prompt as GET answers it can be sent back).'),
  created_at: z.string().max(64).optional().describe('Ignored.'),
});

export const promptEnvelopeSchema = z.strictObject({ prompt: promptSchema });

export const promptListSchema = z.strictObject({ prompts: z.array(promptSchema) });

export type Prompt = z.infer<typeof promptSchema>;
export type CreatePromptRequest = z.infer<typeof createPromptRequestSchema>;
