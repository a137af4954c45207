/** Prompts as the API shows them: without the owning account; a prompt of a project with the project's domain and aliases. */
import type { Prompt } from '../../../shared/schema/prompt.js';
import type { StoredPrompt } from '../../store/contracts/citations.js';
import type { StoredProject } from '../../store/contracts/projects.js';

export const PROMPT_ID = /^prm_[A-Za-z0-9]{16}$/;

export function promptToWire({ account_id: _account, ...prompt }: StoredPrompt): Prompt {
  return prompt;
}

/** A prompt of a project tracks the project's domain and aliases as they are now. */
export function withProject(prompt: StoredPrompt, project: StoredProject | undefined): Prompt {
  const wire = promptToWire(prompt);
  return project ? { ...wire, domain: project.domain, aliases: project.aliases } : wire;
}
