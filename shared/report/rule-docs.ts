/**
 * Where a report links a rule's entry in the rule reference (docs/rules.md, one anchor per rule id). The base is
 * the server's REPORT_RULES_URL (docs/configuration.md): a published copy of docs/rules.md. Without one, a
 * report names the entry (`docs/rules.md#trust-hsts`) without linking it, since a report opened by a client
 * has no repository beside it to resolve a relative link against.
 */
import { ruleDocsAnchor, ruleDocsLink } from '../judge/rule.js';

export interface RuleDocsTarget {
  /** The link, or null when no base is set. */
  href: string | null;
  /** What the reader sees: the link's text, or the entry's path in the repository. */
  text: string;
}

export function ruleDocsTarget(rule: string, base: string | null | undefined): RuleDocsTarget {
  const url = base ? safeBase(base) : null;
  return url ? { href: `${url}#${ruleDocsAnchor(rule)}`, text: ruleDocsLink(rule) } : { href: null, text: ruleDocsLink(rule) };
}

/** An http(s) address without its fragment, or null: nothing else may reach an href. */
function safeBase(base: string): string | null {
  try {
    const url = new URL(base);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}
