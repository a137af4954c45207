/** PATCH /projects/{id}: each member given replaces the stored one whole (./read-project.ts). */
import { HttpError } from '../../http/http-error.js';
import type { StoredProject } from '../../store/contracts/projects.js';
import { route } from '../route.js';
import { PROJECT_BODY_LIMIT } from './create-project.js';
import { projectOf, projectToWire } from './project-wire.js';
import { readProjectPatch } from './read-project.js';

export const updateProject = route({
  method: 'PATCH',
  path: '/projects/:id',
  body: { limit: PROJECT_BODY_LIMIT },
  async handle(ctx, deps) {
    const current = await projectOf(deps, ctx);
    const updated: StoredProject = { ...current, ...readProjectPatch(ctx.state.body, current), updated_at: deps.now().toISOString() };
    if (!(await (await deps.store.projects()).update(updated))) throw new HttpError(404, 'Project not found');
    ctx.body = { project: projectToWire(updated) };
  },
});
