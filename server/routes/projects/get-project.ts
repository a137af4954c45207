/** GET /projects/{id}; unknown or another account's: 404. */
import { route } from '../route.js';
import { projectOf, projectToWire } from './project-wire.js';

export const getProject = route({
  method: 'GET',
  path: '/projects/:id',
  async handle(ctx, deps) {
    ctx.body = { project: projectToWire(await projectOf(deps, ctx)) };
  },
});
