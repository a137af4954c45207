/** GET /prompts/{id}; unknown or another account's: 404. */
import { HttpError } from '../../http/http-error.js';
import { route } from '../route.js';
import { PROMPT_ID, withProject } from './prompt-wire.js';

export const getPrompt = route({
  method: 'GET',
  path: '/prompts/:id',
  async handle(ctx, deps) {
    const id = ctx.params.id ?? '';
    const prompt = PROMPT_ID.test(id) ? await (await deps.store.citations()).getPrompt(ctx.state.account.id, id) : null;
    if (!prompt) throw new HttpError(404, 'Prompt not found');
    const project = prompt.project_id ? await (await deps.store.projects()).get(ctx.state.account.id, prompt.project_id) : null;
    ctx.body = { prompt: withProject(prompt, project ?? undefined) };
  },
});
