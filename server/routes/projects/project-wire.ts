/** Projects as the API shows them (without the owning account), and the account's project a path names. */
import { PROJECT_ID_PATTERN, type Project } from '../../../shared/schema/project.js';
import { HttpError } from '../../http/http-error.js';
import type { StoredProject } from '../../store/contracts/projects.js';
import type { RouteDeps } from '../route-deps.js';
import type { AuthedContext } from '../route.js';

export function projectToWire({ account_id: _account, ...project }: StoredProject): Project {
  return project;
}

/** The account's project of the path's `:id`; unknown, malformed or another account's: 404. */
export async function projectOf(deps: RouteDeps, ctx: AuthedContext): Promise<StoredProject> {
  const id = ctx.params.id ?? '';
  const project = PROJECT_ID_PATTERN.test(id) ? await (await deps.store.projects()).get(ctx.state.account.id, id) : null;
  if (!project) throw new HttpError(404, 'Project not found');
  return project;
}
