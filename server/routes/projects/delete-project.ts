/** DELETE /projects/{id} (204): deletes its prompts too (their results leave every listing and summary), and its traffic. */
import { route } from '../route.js';
import { projectOf } from './project-wire.js';

export const deleteProject = route({
  method: 'DELETE',
  path: '/projects/:id',
  async handle(ctx, deps) {
    const project = await projectOf(deps, ctx);
    // Prompts first: a failure leaves the project, so the delete can be repeated.
    await (await deps.store.citations()).deleteProjectPrompts(ctx.state.account.id, project.id);
    await (await deps.store.traffic()).deleteProject(project.id);
    await (await deps.store.projects()).delete(ctx.state.account.id, project.id);
    ctx.status = 204;
  },
});
