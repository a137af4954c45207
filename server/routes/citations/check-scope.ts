/**
 * What POST /citations/checks checks: the whole account (no body, or `{}`), the prompts of one project
 * (`project_id`) or one prompt (`prompt_id`). 400 names the first problem, as POST /prompts does for its
 * `project_id`.
 */
import { startCheckRequestSchema } from '../../../shared/schema/citation.js';
import { PROJECT_ID_PATTERN } from '../../../shared/schema/project.js';
import type { CheckScope } from '../../citations/check/plan-pairs.js';
import { HttpError } from '../../http/http-error.js';
import { parseBody } from '../parse-body.js';
import type { RouteDeps } from '../route-deps.js';
import { PROMPT_ID } from '../prompts/prompt-wire.js';

export async function readCheckScope(body: unknown, accountId: string, deps: RouteDeps): Promise<CheckScope> {
  const input = parseBody(startCheckRequestSchema, body ?? {}, 'Invalid check: ');
  if (input.project_id !== undefined && input.prompt_id !== undefined)
    throw new HttpError(400, 'Invalid check: give project_id or prompt_id, not both');
  if (input.project_id !== undefined) {
    const id = input.project_id;
    const project = PROJECT_ID_PATTERN.test(id) ? await (await deps.store.projects()).get(accountId, id) : null;
    if (!project) throw new HttpError(400, `project_id ${JSON.stringify(id.slice(0, 40))} is not a project of this account`);
    return { projectId: id };
  }
  if (input.prompt_id !== undefined) {
    const id = input.prompt_id;
    const prompt = PROMPT_ID.test(id) ? await (await deps.store.citations()).getPrompt(accountId, id) : null;
    if (!prompt) throw new HttpError(400, `prompt_id ${JSON.stringify(id.slice(0, 40))} is not a prompt of this account`);
    return { promptId: id };
  }
  return {};
}
