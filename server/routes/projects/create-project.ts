/** POST /projects (201): a domain, its aliases, the brand and its competitors, checked by ./read-project.ts. */
import { HttpError } from '../../http/http-error.js';
import type { StoredProject } from '../../store/contracts/projects.js';
import { randomBase62 } from '../../util/base62.js';
import { route } from '../route.js';
import { projectToWire } from './project-wire.js';
import { readNewProject } from './read-project.js';

export const PROJECT_BODY_LIMIT = 64 * 1024;
/** Projects per account. */
export const PROJECT_LIMIT = 100;

export const createProject = route({
  method: 'POST',
  path: '/projects',
  body: { limit: PROJECT_BODY_LIMIT },
  async handle(ctx, deps) {
    const now = deps.now().toISOString();
    const project: StoredProject = {
      id: `prj_${randomBase62(16)}`,
      account_id: ctx.state.account.id,
      ...readNewProject(ctx.state.body),
      created_at: now,
      updated_at: now,
    };
    if ((await (await deps.store.projects()).create(project, PROJECT_LIMIT)) === 'limit') {
      throw new HttpError(400, `Project limit reached: an account has at most ${PROJECT_LIMIT} projects; delete one first`);
    }
    ctx.status = 201;
    ctx.set('Location', `/api/v1/projects/${project.id}`);
    ctx.body = { project: projectToWire(project) };
  },
});
