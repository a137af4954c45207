/**
 * POST /prompts `{text, domain?, project_id?, aliases?, runs?}` (201; its Location answers GET
 * /prompts/{id}). The same prompt for the same domain twice is 409.
 */
import { HttpError } from '../../http/http-error.js';
import type { StoredPrompt } from '../../store/contracts/citations.js';
import { randomBase62 } from '../../util/base62.js';
import { route } from '../route.js';
import { promptToWire } from './prompt-wire.js';
import { readPrompt } from './read-prompt.js';

export const CREATE_PROMPT_BODY_LIMIT = 16 * 1024;

export const createPrompt = route({
  method: 'POST',
  path: '/prompts',
  body: { limit: CREATE_PROMPT_BODY_LIMIT },
  async handle(ctx, deps) {
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
  },
});
