/**
 * A stored prompt as a check asks it: a prompt of a project tracks the project's domain and aliases as
 * they are now, and its answers are read for the project's brand names and competitors.
 */
import type { StoredPrompt } from '../../store/contracts/citations.js';
import type { ProjectStore, StoredProject } from '../../store/contracts/projects.js';
import type { TrackedPrompt } from './tracked-prompt.js';

export function trackedPrompt(prompt: StoredPrompt, project: StoredProject | null): TrackedPrompt {
  if (!project) return prompt;
  return {
    ...prompt,
    domain: project.domain,
    aliases: project.aliases,
    project_id: project.id,
    brand: project.brand,
    competitors: project.competitors,
  };
}

/** Resolves prompts against their projects (each project read once). */
export function promptResolver(projects: (() => Promise<ProjectStore>) | undefined) {
  return async (prompt: StoredPrompt): Promise<TrackedPrompt> => {
    if (!prompt.project_id || !projects) return prompt;
    return trackedPrompt(prompt, await (await projects()).get(prompt.account_id, prompt.project_id));
  };
}
