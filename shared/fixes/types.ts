/**
 * Fixes: the files, snippets and configuration examples that answer "what exactly do I put on the site?"
 * for an audit or a crawl (docs/fixes.md). Each fix names the rules it fixes and carries a stable id, so a
 * later audit can say which fixes were applied.
 */

/** `file`: a whole file to publish at `path`; `snippet`: markup to add to the page at `path`; `config`: a server example. */
export const FIX_KINDS = ['file', 'snippet', 'config'] as const;
export type FixKind = (typeof FIX_KINDS)[number];

/**
 * What the robots.txt fix may change. Every policy lets search and user-triggered agents in; they differ on
 * training crawlers: left as the site chose (the default), let in, or kept out.
 */
export const FIX_POLICIES = ['keep-training-choices', 'allow-all', 'block-training'] as const;
export type FixPolicy = (typeof FIX_POLICIES)[number];
export const DEFAULT_FIX_POLICY: FixPolicy = 'keep-training-choices';

/** The head of a page before and after a snippet is applied (snippets that go in `<head>` only). */
export interface HeadPreview {
  before: string;
  after: string;
}

export interface Fix {
  /** `fix_` and 16 hex digits: the same for the same problem on the same target (kind, path, rules, what). */
  id: string;
  /** Rule ids this fix makes pass, as in the audit's issues; empty for a choice no rule asks for. */
  rules: string[];
  title: string;
  kind: FixKind;
  /** Where it goes: the file's path (`/robots.txt`), the page's path for a snippet, null for a config example. */
  path: string | null;
  /** The media type to serve a file with, or of the snippet or config text. */
  media_type: string;
  content: string;
  /** What it changes and why, in a few sentences, including what the user must fill in or check. */
  explanation: string;
  /** A `<head>` snippet: the page's head before and after it is applied; null for anything else. */
  preview: HeadPreview | null;
}

/** Marks a value the site does not state: the user fills it in. Never an invented value. */
export const PLACEHOLDER_PREFIX = '[FILL IN: ';

export function placeholder(what: string): string {
  return `${PLACEHOLDER_PREFIX}${what}]`;
}

export function hasPlaceholder(text: string): boolean {
  return text.includes(PLACEHOLDER_PREFIX);
}
