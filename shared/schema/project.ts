/**
 * Projects (docs/api-decisions.md#projects-and-citation-intelligence): a client site with its domain and aliases, the brand names the answer
 * text may use for it, and up to 20 competitors with their names, aliases and domains. Prompts belong to
 * a project. Names match whole words, case- and accent-insensitively; a name listed in `case_sensitive`
 * (a brand named like a common word: Notion, Linear) matches only with the same capitals.
 */
import { z } from 'zod';

export const PROJECT_NAME_MAX = 100;
export const BRAND_NAME_MAX = 100;
export const BRAND_ALIASES_MAX = 20;
export const PROJECT_ALIASES_MAX = 10;
export const COMPETITORS_MAX = 20;
export const COMPETITOR_DOMAINS_MAX = 10;
const DOMAIN_MAX = 253;

const brandName = z.string().min(1).max(BRAND_NAME_MAX);
export const PROJECT_ID_PATTERN = /^prj_[A-Za-z0-9]{16}$/;

export const brandSchema = z.strictObject({
  name: brandName.describe('The name the answer text may use for the client, such as "Acme".'),
  aliases: z.array(brandName).max(BRAND_ALIASES_MAX).describe('Other names: "Acme Corp", "ACME CRM".'),
  case_sensitive: z
    .array(brandName)
    .max(BRAND_ALIASES_MAX + 1)
    .describe('Which of name and aliases match only with the same capitals (a brand named like a common word: "Notion", "Linear").'),
});

export const competitorSchema = z.strictObject({
  name: brandName,
  /** Hosts whose citations count for this competitor (subdomains included). */
  domains: z.array(z.string().min(1).max(DOMAIN_MAX)).max(COMPETITOR_DOMAINS_MAX),
  aliases: z.array(brandName).max(BRAND_ALIASES_MAX),
  case_sensitive: z.array(brandName).max(BRAND_ALIASES_MAX + 1),
});

export const projectSchema = z.strictObject({
  id: z.string().regex(PROJECT_ID_PATTERN),
  name: z.string().min(1).max(PROJECT_NAME_MAX),
  /** The client's site: a registrable host (or a subdomain of one), lower case, punycode, without `www.`. */
  domain: z.string().min(1).max(DOMAIN_MAX),
  /** Other hosts that are the client's site too. */
  aliases: z.array(z.string().min(1).max(DOMAIN_MAX)).max(PROJECT_ALIASES_MAX),
  brand: brandSchema,
  competitors: z.array(competitorSchema).max(COMPETITORS_MAX),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});

const brandInput = z.strictObject({
  name: z.string().max(BRAND_NAME_MAX),
  aliases: z.array(z.string().max(BRAND_NAME_MAX)).max(BRAND_ALIASES_MAX).optional(),
  case_sensitive: z
    .array(z.string().max(BRAND_NAME_MAX))
    .max(BRAND_ALIASES_MAX + 1)
    .optional(),
});

const competitorInput = z.strictObject({
  name: z.string().max(BRAND_NAME_MAX),
  domains: z.array(z.string().max(DOMAIN_MAX)).max(COMPETITOR_DOMAINS_MAX),
  aliases: z.array(z.string().max(BRAND_NAME_MAX)).max(BRAND_ALIASES_MAX).optional(),
  case_sensitive: z
    .array(z.string().max(BRAND_NAME_MAX))
    .max(BRAND_ALIASES_MAX + 1)
    .optional(),
});

export const createProjectRequestSchema = z.strictObject({
  name: z.string().max(PROJECT_NAME_MAX),
  domain: z.string().max(DOMAIN_MAX),
  aliases: z.array(z.string().max(DOMAIN_MAX)).max(PROJECT_ALIASES_MAX).optional(),
  brand: brandInput.optional().describe('Default: the project name, with no aliases.'),
  competitors: z.array(competitorInput).max(COMPETITORS_MAX).optional(),
});

/** PATCH /projects/{id}: any of the members; each replaces the stored value whole. */
export const updateProjectRequestSchema = createProjectRequestSchema.partial();

export const projectEnvelopeSchema = z.strictObject({ project: projectSchema });
export const projectListSchema = z.strictObject({ projects: z.array(projectSchema) });

export type Brand = z.infer<typeof brandSchema>;
export type Competitor = z.infer<typeof competitorSchema>;
export type Project = z.infer<typeof projectSchema>;
export type CreateProjectRequest = z.infer<typeof createProjectRequestSchema>;
export type UpdateProjectRequest = z.infer<typeof updateProjectRequestSchema>;
