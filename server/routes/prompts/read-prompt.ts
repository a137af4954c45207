/**
 * The prompt's fields from a request body (POST /prompts), validated and normalised; 400 names the first
 * problem. With `project_id` the domain and aliases are the project's: given ones must be the same.
 */
import { createPromptRequestSchema, PROMPT_TEXT_MAX, type Prompt } from '../../../shared/schema/prompt.js';
import { PROJECT_ID_PATTERN } from '../../../shared/schema/project.js';
import { normalizeTrackedDomain } from '../../citations/match/tracked-domain.js';
import { HttpError } from '../../http/http-error.js';
import type { StoredProject } from '../../store/contracts/projects.js';
import { parseBody } from '../parse-body.js';

export async function readPrompt(
  body: unknown,
  projectOf: (id: string) => Promise<StoredProject | null>,
): Promise<Omit<Prompt, 'id' | 'created_at'>> {
  const input = parseBody(createPromptRequestSchema, body, 'Invalid prompt: ');
  const text = input.text.trim();
  if (text.length === 0 || text.length > PROMPT_TEXT_MAX) throw new HttpError(400, `text must be 1 to ${PROMPT_TEXT_MAX} characters`);
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) throw new HttpError(400, 'text must not contain control characters');
  const runs = input.runs ?? null;
  const projectId = input.project_id ?? null;
  const aliases: string[] = [];
  const domainOf = (raw: string) => {
    const domain = normalizeTrackedDomain(raw);
    if (!domain.ok) throw new HttpError(400, domain.message);
    return domain.domain;
  };
  const domain = input.domain !== undefined ? domainOf(input.domain) : undefined;
  for (const [i, raw] of (input.aliases ?? []).entries()) {
    const alias = normalizeTrackedDomain(raw, `aliases[${i}]`);
    if (!alias.ok) throw new HttpError(400, alias.message);
    if (alias.domain !== domain && !aliases.includes(alias.domain)) aliases.push(alias.domain);
  }
  if (projectId !== null) {
    const project = PROJECT_ID_PATTERN.test(projectId) ? await projectOf(projectId) : null;
    if (!project) throw new HttpError(400, `project_id ${JSON.stringify(projectId.slice(0, 40))} is not a project of this account`);
    if (domain !== undefined && domain !== project.domain)
      throw new HttpError(
        400,
        `domain must be the project's (${project.domain}) or left out: a prompt of a project tracks the project's domain`,
      );
    if (input.aliases !== undefined && (aliases.length !== project.aliases.length || aliases.some((a) => !project.aliases.includes(a)))) {
      throw new HttpError(400, "aliases must be the project's or left out: a prompt of a project tracks the project's aliases");
    }
    return { text, domain: project.domain, aliases: [...project.aliases], runs, project_id: project.id };
  }
  if (domain === undefined)
    throw new HttpError(400, `${(normalizeTrackedDomain(undefined) as { message: string }).message}, or project_id`);
  return { text, domain, aliases, runs, project_id: null };
}
