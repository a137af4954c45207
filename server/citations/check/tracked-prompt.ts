/**
 * What a check asks about: a prompt, the site it tracks and, for a prompt of a project, the brand names
 * and competitors its answers are read for (the project's values when the check runs).
 */
import type { NamedEntity } from '../mentions/mention-matcher.js';

export interface TrackedCompetitor extends NamedEntity {
  /** Hosts whose citations count for it. */
  domains: readonly string[];
}

export interface TrackedPrompt {
  id: string;
  text: string;
  domain: string;
  aliases: readonly string[];
  /** Samples per engine; null: the configured default. */
  runs: number | null;
  project_id?: string | null;
  /** The client's names; null: mentions are not looked for (a prompt without a project). */
  brand?: NamedEntity | null;
  competitors?: readonly TrackedCompetitor[];
}
