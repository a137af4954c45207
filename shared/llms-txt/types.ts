/** What the llms.txt validator reports. */

export interface LlmsTxtProblem {
  /** `error` makes the file invalid; `warning` is advice that leaves it valid. */
  severity: 'error' | 'warning';
  /** 1-based line the problem is on, or null for the file as a whole. */
  line: number | null;
  message: string;
}

export interface LlmsTxtLink {
  name: string;
  url: string;
  notes: string | null;
  line: number;
}

export interface LlmsTxtSection {
  /** The H2 text. */
  name: string;
  line: number;
  /** The spec's `## Optional` section: links an agent may skip when it needs a shorter context. */
  optional: boolean;
  /** List items that match the `- [name](url)` grammar (well-formed URL or not). */
  links: LlmsTxtLink[];
}

export interface LlmsTxtValidation {
  /** The H1 text, or null when the file has no H1. */
  title: string | null;
  /** The blockquote right after the H1, lines joined, or null. */
  summary: string | null;
  sections: LlmsTxtSection[];
  /** Well-formed links in file-list sections. */
  linkCount: number;
  problems: LlmsTxtProblem[];
  /** True when no problem is an error. */
  valid: boolean;
}

/** `Line 3: ...` for line problems, the bare message otherwise. */
export function formatProblem(problem: LlmsTxtProblem): string {
  return problem.line === null ? problem.message : `Line ${problem.line}: ${problem.message}`;
}
