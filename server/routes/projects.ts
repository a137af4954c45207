/**
 * Projects (contract section 13): POST /projects (201), GET /projects, GET/PATCH/DELETE /projects/{id}.
 * Deleting a project deletes its prompts (their results leave every listing and summary).
 */
import { PROJECT_ID_PATTERN } from '../../shared/schema/project.js';
import { readNewProject, readProjectPatch } from './read-project.js';
import { HttpError } from '../http/http-error.js';
import { jsonBody } from '../middleware/json-body.js';
import type { StoredProject } from '../store/contracts/projects.js';
import { randomBase62 } from '../util/base62.js';
import { authed, type AuthedContext } from './authed.js';
import { projectToWire } from './citations-wire.js';
import type { RouteDeps, RouteModule } from './route-module.js';

export const PROJECT_BODY_LIMIT = 64 * 1024;
/** Projects per account. */
export const PROJECT_LIMIT = 100;

async function projectOf(deps: RouteDeps, ctx: AuthedContext): Promise<StoredProject> {
  const id = ctx.params.id ?? '';
  const project = PROJECT_ID_PATTERN.test(id) ? await (await deps.store.projects()).get(ctx.state.account.id, id) : null;
  if (!project) throw new HttpError(404, 'Project not found');
  return project;
}

export const createProjectRoute: RouteModule = {
  name: 'POST /projects',
  register(router, deps) {
    router.post(
      '/projects',
      ...deps.guard,
      jsonBody(PROJECT_BODY_LIMIT),
      authed(async (ctx) => {
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
      }),
    );
  },
};

export const listProjectsRoute: RouteModule = {
  name: 'GET /projects',
  register(router, deps) {
    router.get(
      '/projects',
      ...deps.guard,
      authed(async (ctx) => {
        ctx.body = { projects: (await (await deps.store.projects()).list(ctx.state.account.id)).map(projectToWire) };
      }),
    );
  },
};

export const getProjectRoute: RouteModule = {
  name: 'GET /projects/{id}',
  register(router, deps) {
    router.get(
      '/projects/:id',
      ...deps.guard,
      authed(async (ctx) => {
        ctx.body = { project: projectToWire(await projectOf(deps, ctx)) };
      }),
    );
  },
};

export const updateProjectRoute: RouteModule = {
  name: 'PATCH /projects/{id}',
  register(router, deps) {
    router.patch(
      '/projects/:id',
      ...deps.guard,
      jsonBody(PROJECT_BODY_LIMIT),
      authed(async (ctx) => {
        const current = await projectOf(deps, ctx);
        const updated: StoredProject = { ...current, ...readProjectPatch(ctx.state.body, current), updated_at: deps.now().toISOString() };
        if (!(await (await deps.store.projects()).update(updated))) throw new HttpError(404, 'Project not found');
        ctx.body = { project: projectToWire(updated) };
      }),
    );
  },
};

export const deleteProjectRoute: RouteModule = {
  name: 'DELETE /projects/{id}',
  register(router, deps) {
    router.delete(
      '/projects/:id',
      ...deps.guard,
      authed(async (ctx) => {
        const project = await projectOf(deps, ctx);
        // Prompts first: a failure leaves the project, so the delete can be repeated.
        await (await deps.store.citations()).deleteProjectPrompts(ctx.state.account.id, project.id);
        await (await deps.store.projects()).delete(ctx.state.account.id, project.id);
        ctx.status = 204;
      }),
    );
  },
};

export const PROJECT_ROUTES: readonly RouteModule[] = [
  createProjectRoute,
  listProjectsRoute,
  getProjectRoute,
  updateProjectRoute,
  deleteProjectRoute,
];
