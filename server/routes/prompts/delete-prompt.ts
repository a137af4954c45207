/** DELETE /prompts/{id} (204); unknown or another account's: 404. */
import { HttpError } from '../../http/http-error.js';
import { route } from '../route.js';
import { PROMPT_ID } from './prompt-wire.js';

export const deletePrompt = route({
  method: 'DELETE',
  path: '/prompts/:id',
  async handle(ctx, deps) {
    const id = ctx.params.id ?? '';
    const store = await deps.store.citations();
    if (!PROMPT_ID.test(id) || !(await store.deletePrompt(ctx.state.account.id, id))) throw new HttpError(404, 'Prompt not found');
    ctx.status = 204;
  },
});
