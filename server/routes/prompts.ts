/**
 * Tracked prompts: GET /prompts (all of the account's, oldest first), POST /prompts `{text, domain?,
 * project_id?, aliases?, runs?}` (201, its Location answers GET /prompts/{id}), GET /prompts/{id},
 * DELETE /prompts/{id} (204; unknown or another account's: 404). A prompt of a project shows (and
 * tracks) the project's current domain and aliases.
 */
import { createPromptRequestSchema, PROMPT_TEXT_MAX, type Prompt } from '../../shared/schema/prompt.js';
import { HttpError } from '../http/http-error.js';
import { normalizeTrackedDomain } from '../citations/match/tracked-domain.js';
import { jsonBody } from '../middleware/json-body.js';
import { PROJECT_ID_PATTERN } from '../../shared/schema/project.js';
import type { StoredPrompt } from '../store/contracts/citations.js';
import type { StoredProject } from '../store/contracts/projects.js';
import { randomBase62 } from '../util/base62.js';
import { promptToWire } from './citations-wire.js';
import type { RouteModule } from './route-module.js';
import { parseBody } from './parse-body.js';
import { authed } from './authed.js';

export const CREATE_PROMPT_BODY_LIMIT = 16 * 1024;
const PROMPT_ID = /^prm_[A-Za-z0-9]{16}$/;

export const listPromptsRoute: RouteModule = {
  name: 'GET /prompts',
  register(router, deps) {
    router.get(
      '/prompts',
      ...deps.guard,
      authed(async (ctx) => {
        const store = await deps.store.citations();
        const projects = new Map((await (await deps.store.projects()).list(ctx.state.account.id)).map((p) => [p.id, p]));
        ctx.body = {
          prompts: (await store.listPrompts(ctx.state.account.id)).map((p) => withProject(p, projects.get(p.project_id ?? ''))),
        };
      }),
    );
  },
};

export const getPromptRoute: RouteModule = {
  name: 'GET /prompts/{id}',
  register(router, deps) {
    router.get(
      '/prompts/:id',
      ...deps.guard,
      authed(async (ctx) => {
        const id = ctx.params.id ?? '';
        const prompt = PROMPT_ID.test(id) ? await (await deps.store.citations()).getPrompt(ctx.state.account.id, id) : null;
        if (!prompt) throw new HttpError(404, 'Prompt not found');
        const project = prompt.project_id ? await (await deps.store.projects()).get(ctx.state.account.id, prompt.project_id) : null;
        ctx.body = { prompt: withProject(prompt, project ?? undefined) };
      }),
    );
  },
};

/** A prompt of a project tracks the project's domain and aliases as they are now. */
function withProject(prompt: StoredPrompt, project: StoredProject | undefined): Prompt {
  const wire = promptToWire(prompt);
  return project ? { ...wire, domain: project.domain, aliases: project.aliases } : wire;
}

export const createPromptRoute: RouteModule = {
  name: 'POST /prompts',
  register(router, deps) {
    router.post(
      '/prompts',
      ...deps.guard,
      jsonBody(CREATE_PROMPT_BODY_LIMIT),
      authed(async (ctx) => {
        const accountId = ctx.state.account.id;
        const input = await readPrompt(ctx.state.body, (id) => deps.store.projects().then((p) => p.get(accountId, id)));
        const prompt: StoredPrompt = {
          id: `prm_${randomBase62(16)}`,
          account_id: accountId,
          ...input,
          created_at: deps.now().toISOString(),
        };
        const store = await deps.store.citations();
        const limit = deps.citations.config.promptLimit;
        const created = await store.createPrompt(prompt, limit);
        if (created.outcome === 'limit')
          throw new HttpError(400, `Prompt limit reached: an account tracks at most ${limit} prompts; delete one first`);
        if (created.outcome === 'duplicate') {
          throw new HttpError(409, `This account already tracks this prompt for ${prompt.domain} (prompt ${created.existing.id})`);
        }
        ctx.status = 201;
        ctx.set('Location', `/api/v1/prompts/${prompt.id}`);
        ctx.body = { prompt: promptToWire(prompt) };
        // Location answers GET /prompts/{id} (issue 13, item 13).
      }),
    );
  },
};

export const deletePromptRoute: RouteModule = {
  name: 'DELETE /prompts/{id}',
  register(router, deps) {
    router.delete(
      '/prompts/:id',
      ...deps.guard,
      authed(async (ctx) => {
        const id = ctx.params.id ?? '';
        const store = await deps.store.citations();
        if (!PROMPT_ID.test(id) || !(await store.deletePrompt(ctx.state.account.id, id))) throw new HttpError(404, 'Prompt not found');
        ctx.status = 204;
      }),
    );
  },
};

/**
 * The prompt's fields from a request body, validated and normalised; 400 names the first problem. With
 * `project_id` the domain and aliases are the project's: given ones must be the same.
 */
async function readPrompt(
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
