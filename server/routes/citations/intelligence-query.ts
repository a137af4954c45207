/**
 * The query of GET /citations/summary and /citations/sources: which prompts (a project, one prompt, or
 * the whole account), the engine, the window. Unknown project or prompt ids of the account are 404s;
 * a prompt outside the given project is a 400.
 */
import { isCitationEngineId, CITATION_ENGINE_IDS, type CitationEngineId } from '../../../shared/schema/citation-engines.js';
import { PROJECT_ID_PATTERN } from '../../../shared/schema/project.js';
import { scopeOf } from '../../citations/intelligence/row-tally.js';
import { dayWindow, type DayWindow } from '../../citations/intelligence/window.js';
import { HttpError } from '../../http/http-error.js';
import type { StoredPrompt } from '../../store/contracts/citations.js';
import type { StoredProject } from '../../store/contracts/projects.js';
import type { Store } from '../../store/contracts/store.js';
import { singleParam, type RawQuery } from '../query-params.js';

export interface IntelligenceQuery {
  window: DayWindow;
  engine?: CitationEngineId;
  /** The rollup scopes to read (the project's, or every scope of the account). */
  scopes: string[];
  /** A single prompt instead of scopes. */
  prompt: StoredPrompt | null;
  /** The project the figures are about (its competitors and domains), or null. */
  project: StoredProject | null;
  /** Every project of the account (account-wide figures name all their competitors). */
  projects: StoredProject[];
}

export async function readIntelligenceQuery(
  raw: RawQuery,
  accountId: string,
  store: Store,
  now: Date,
  options: { prompt: boolean },
): Promise<IntelligenceQuery> {
  const single = (name: string) => singleParam(raw, name);
  const window = dayWindow(single('since'), single('until'), now);
  const engineParam = single('engine');
  if (engineParam !== undefined && !isCitationEngineId(engineParam))
    throw new HttpError(400, `engine must be one of ${CITATION_ENGINE_IDS.join(', ')}`);
  const engine = engineParam as CitationEngineId | undefined;
  const projects = await (await store.projects()).list(accountId);
  const projectId = single('project_id');
  let project: StoredProject | null = null;
  if (projectId !== undefined) {
    if (!PROJECT_ID_PATTERN.test(projectId)) throw new HttpError(400, 'project_id must be a project id such as prj_0123456789abcdef');
    project = projects.find((p) => p.id === projectId) ?? null;
    if (!project) throw new HttpError(404, 'Project not found');
  }
  const promptId = options.prompt ? single('prompt_id') : undefined;
  let prompt: StoredPrompt | null = null;
  if (promptId !== undefined) {
    if (!/^prm_[A-Za-z0-9]{16}$/.test(promptId)) throw new HttpError(400, 'prompt_id must be a prompt id such as prm_0123456789abcdef');
    prompt = await (await store.citations()).getPrompt(accountId, promptId);
    if (!prompt) throw new HttpError(404, 'Prompt not found');
    if (project && prompt.project_id !== project.id)
      throw new HttpError(400, `prompt ${promptId} does not belong to project ${project.id}`);
    project ??= projects.find((p) => p.id === prompt!.project_id) ?? null;
  }
  const scopes = project ? [scopeOf(accountId, project.id)] : [...projects.map((p) => scopeOf(accountId, p.id)), scopeOf(accountId, null)];
  return { window, ...(engine ? { engine } : {}), scopes, prompt, project, projects };
}

/** The competitor names the figures list: the project's, or every project's (by name) account-wide. */
export function competitorNames(query: IntelligenceQuery): string[] {
  const from = query.project ? [query.project] : query.projects;
  return [...new Set(from.flatMap((p) => p.competitors.map((c) => c.name)))];
}
