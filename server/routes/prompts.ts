/**
 * Tracked prompts: GET /prompts (all of the account's, oldest first), POST /prompts `{text, domain,
 * aliases?, runs?}` (201), DELETE /prompts/{id} (204; unknown or another account's: 404).
 */
import { createPromptRequestSchema, PROMPT_TEXT_MAX, type Prompt } from '../../shared/schema/prompt.js';
import { HttpError } from '../http/http-error.js';
import { normalizeTrackedDomain } from '../citations/match/tracked-domain.js';
import { jsonBody } from '../middleware/json-body.js';
import type { StoredPrompt } from '../store/citations-store.js';
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
    router.get('/prompts', ...deps.guard, authed(async (ctx) => {
      const store = await deps.store.citations();
      ctx.body = { prompts: (await store.listPrompts(ctx.state.account.id)).map(promptToWire) };
    }));
  },
};

export const createPromptRoute: RouteModule = {
  name: 'POST /prompts',
  register(router, deps) {
    router.post('/prompts', ...deps.guard, jsonBody(CREATE_PROMPT_BODY_LIMIT), authed(async (ctx) => {
      const accountId = ctx.state.account.id;
      const input = readPrompt(ctx.state.body);
      const prompt: StoredPrompt = { id: `prm_${randomBase62(16)}`, account_id: accountId, ...input, created_at: deps.now().toISOString() };
      const store = await deps.store.citations();
      const limit = deps.citations.config.promptLimit;
      const created = await store.createPrompt(prompt, limit);
      if (created.outcome === 'limit') throw new HttpError(400, `Prompt limit reached: an account tracks at most ${limit} prompts; delete one first`);
      if (created.outcome === 'duplicate') {
        throw new HttpError(409, `This account already tracks this prompt for ${prompt.domain} (prompt ${created.existing.id})`);
      }
      ctx.status = 201;
      ctx.set('Location', `/api/v1/prompts/${prompt.id}`);
      ctx.body = { prompt: promptToWire(prompt) };
    }));
  },
};

export const deletePromptRoute: RouteModule = {
  name: 'DELETE /prompts/{id}',
  register(router, deps) {
    router.delete('/prompts/:id', ...deps.guard, authed(async (ctx) => {
      const id = ctx.params.id ?? '';
      const store = await deps.store.citations();
      if (!PROMPT_ID.test(id) || !(await store.deletePrompt(ctx.state.account.id, id))) throw new HttpError(404, 'Prompt not found');
      ctx.status = 204;
    }));
  },
};

/** The prompt's fields from a request body, validated and normalised; 400 names the first problem. */
function readPrompt(body: unknown): Omit<Prompt, 'id' | 'created_at'> {
  const input = parseBody(createPromptRequestSchema, body, 'Invalid prompt: ');
  const text = input.text.trim();
  if (text.length === 0 || text.length > PROMPT_TEXT_MAX) throw new HttpError(400, `text must be 1 to ${PROMPT_TEXT_MAX} characters`);
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) throw new HttpError(400, 'text must not contain control characters');
  const domain = normalizeTrackedDomain(input.domain);
  if (!domain.ok) throw new HttpError(400, domain.message);
  const aliases: string[] = [];
  for (const [i, raw] of (input.aliases ?? []).entries()) {
    const alias = normalizeTrackedDomain(raw, `aliases[${i}]`);
    if (!alias.ok) throw new HttpError(400, alias.message);
    if (alias.domain !== domain.domain && !aliases.includes(alias.domain)) aliases.push(alias.domain);
  }
  return { text, domain: domain.domain, aliases, runs: input.runs ?? null };
}
