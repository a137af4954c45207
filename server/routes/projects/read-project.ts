/**
 * A project from a request body (POST /projects, PATCH /projects/{id}), validated and normalised: names
 * trimmed, without control characters, de-duplicated (case-insensitively); hosts as prompts store them
 * (normalizeTrackedDomain: lower case, punycode, no `www.`, never a public suffix); `case_sensitive`
 * entries must be the entity's name or one of its aliases. 400 names the first problem.
 */
import {
  createProjectRequestSchema,
  updateProjectRequestSchema,
  type Brand,
  type Competitor,
  type CreateProjectRequest,
} from '../../../shared/schema/project.js';
import { HttpError } from '../../http/http-error.js';
import { parseBody } from '../parse-body.js';
import { normalizeTrackedDomain } from '../../citations/match/tracked-domain.js';

export type ProjectFields = Pick<
  import('../../../shared/schema/project.js').Project,
  'name' | 'domain' | 'aliases' | 'brand' | 'competitors'
>;

const CONTROL = /[\u0000-\u001F\u007F]/;

function text(value: string, field: string, max = 100): string {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (!trimmed) throw new HttpError(400, `Invalid project: ${field} must not be empty`);
  if (trimmed.length > max) throw new HttpError(400, `Invalid project: ${field} must be at most ${max} characters`);
  if (CONTROL.test(value.replace(/[\t\n\r]/g, ' ')))
    throw new HttpError(400, `Invalid project: ${field} must not contain control characters`);
  return trimmed;
}

function host(value: string, field: string): string {
  const result = normalizeTrackedDomain(value, field);
  if (!result.ok) throw new HttpError(400, `Invalid project: ${result.message}`);
  return result.domain;
}

function names(
  entity: { name: string; aliases?: string[]; case_sensitive?: string[] },
  field: string,
): { name: string; aliases: string[]; case_sensitive: string[] } {
  const name = text(entity.name, `${field}.name`);
  const aliases: string[] = [];
  for (const [i, raw] of (entity.aliases ?? []).entries()) {
    const alias = text(raw, `${field}.aliases[${i}]`);
    if (alias.toLowerCase() !== name.toLowerCase() && !aliases.some((a) => a.toLowerCase() === alias.toLowerCase())) aliases.push(alias);
  }
  const known = [name, ...aliases];
  const caseSensitive: string[] = [];
  for (const [i, raw] of (entity.case_sensitive ?? []).entries()) {
    const entry = text(raw, `${field}.case_sensitive[${i}]`);
    if (!known.includes(entry))
      throw new HttpError(
        400,
        `Invalid project: ${field}.case_sensitive[${i}] ("${entry}") must be the name or one of the aliases, written the same way`,
      );
    if (!caseSensitive.includes(entry)) caseSensitive.push(entry);
  }
  return { name, aliases, case_sensitive: caseSensitive };
}

function brandOf(input: CreateProjectRequest['brand'], projectName: string): Brand {
  return input ? names(input, 'brand') : { name: projectName, aliases: [], case_sensitive: [] };
}

function competitorsOf(input: CreateProjectRequest['competitors']): Competitor[] {
  const out: Competitor[] = [];
  for (const [i, c] of (input ?? []).entries()) {
    const named = names(c, `competitors[${i}]`);
    if (out.some((o) => o.name.toLowerCase() === named.name.toLowerCase()))
      throw new HttpError(400, `Invalid project: two competitors are named "${named.name}"`);
    const domains: string[] = [];
    for (const [j, d] of c.domains.entries()) {
      const normalized = host(d, `competitors[${i}].domains[${j}]`);
      if (!domains.includes(normalized)) domains.push(normalized);
    }
    out.push({ ...named, domains });
  }
  return out;
}

function aliasesOf(input: string[] | undefined, domain: string): string[] {
  const out: string[] = [];
  for (const [i, raw] of (input ?? []).entries()) {
    const alias = host(raw, `aliases[${i}]`);
    if (alias !== domain && !out.includes(alias)) out.push(alias);
  }
  return out;
}

export function readNewProject(body: unknown): ProjectFields {
  const input = parseBody(createProjectRequestSchema, body, 'Invalid project: ');
  const name = text(input.name, 'name');
  const domain = host(input.domain, 'domain');
  return {
    name,
    domain,
    aliases: aliasesOf(input.aliases, domain),
    brand: brandOf(input.brand, name),
    competitors: competitorsOf(input.competitors),
  };
}

/** PATCH: each given member replaces the stored one whole (the domain's aliases are checked against the result). */
export function readProjectPatch(body: unknown, current: ProjectFields): ProjectFields {
  const input = parseBody(updateProjectRequestSchema, body, 'Invalid project: ');
  if (Object.keys(input).length === 0)
    throw new HttpError(400, 'Invalid project: give at least one of name, domain, aliases, brand, competitors');
  const name = input.name !== undefined ? text(input.name, 'name') : current.name;
  const domain = input.domain !== undefined ? host(input.domain, 'domain') : current.domain;
  return {
    name,
    domain,
    aliases: input.aliases !== undefined ? aliasesOf(input.aliases, domain) : current.aliases.filter((a) => a !== domain),
    brand: input.brand !== undefined ? brandOf(input.brand, name) : current.brand,
    competitors: input.competitors !== undefined ? competitorsOf(input.competitors) : current.competitors,
  };
}
