/** GET /projects: the account's projects. */
import { route } from '../route.js';
import { projectToWire } from './project-wire.js';

export const listProjects = route({
  method: 'GET',
  path: '/projects',
  async handle(ctx, deps) {
    ctx.body = { projects: (await (await deps.store.projects()).list(ctx.state.account.id)).map(projectToWire) };
  },
});
