/** GET /prompts: all of the account's prompts, oldest first. */
import { route } from '../route.js';
import { withProject } from './prompt-wire.js';

export const listPrompts = route({
  method: 'GET',
  path: '/prompts',
  async handle(ctx, deps) {
    const store = await deps.store.citations();
    const projects = new Map((await (await deps.store.projects()).list(ctx.state.account.id)).map((p) => [p.id, p]));
    ctx.body = {
      prompts: (await store.listPrompts(ctx.state.account.id)).map((p) => withProject(p, projects.get(p.project_id ?? ''))),
    };
  },
});
