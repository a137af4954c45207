/**
 * Which fixes an audit calls for, from its issues alone: each catalog entry one of whose rules fired, with its
 * target path and stable id. The generators fill these in from what the site serves (build-fixes.ts); the diff
 * of two audits reads only this (fixes_applied).
 */
import type { Audit } from '../types/audit.js';
import { markdownMirrorUrl } from '../facts/markdown-mirror.js';
import { parseUrl } from '../url/parse.js';
import { FIX_CATALOG, type FixEntry } from './catalog.js';
import { fixId } from './fix-id.js';
import { FIX_POLICIES, type FixPolicy } from './types.js';

export interface PlannedFix {
  entry: FixEntry;
  id: string;
  /** The fired rules this fix makes pass. */
  rules: string[];
  path: string | null;
}

/** The path (with query) of a page URL, as fixes name their target. */
export function pagePath(pageUrl: string): string {
  const url = parseUrl(pageUrl);
  return url ? `${url.pathname}${url.search}` : '/';
}

export function targetPath(entry: FixEntry, pageUrl: string): string | null {
  if (entry.target === 'page') return pagePath(pageUrl);
  if (entry.target === 'mirror') {
    const mirror = markdownMirrorUrl(pageUrl);
    return mirror ? pagePath(mirror) : null;
  }
  return entry.target;
}

/** One planned fix for an entry and the rules that fired. */
export function plannedFix(entry: FixEntry, fired: ReadonlySet<string>, pageUrl: string, policy: FixPolicy): PlannedFix {
  const rules = entry.rules(policy).filter((r) => fired.has(r));
  const path = targetPath(entry, pageUrl);
  return { entry, rules, path, id: fixId(entry.kind, path, rules, entry.name) };
}

export function planFixes(fired: ReadonlySet<string>, pageUrl: string, policy: FixPolicy): PlannedFix[] {
  return FIX_CATALOG.filter((entry) => (entry.triggers ?? entry.rules(policy)).some((r) => fired.has(r)))
    .filter((entry) => entry.target !== 'mirror' || markdownMirrorUrl(pageUrl) !== null)
    .map((entry) => plannedFix(entry, fired, pageUrl, policy));
}

export function firedRules(audit: Pick<Audit, 'issues'>): Set<string> {
  return new Set(audit.issues.map((i) => i.rule));
}

/**
 * The ids of the older audit's fixes (under any policy) whose rules all pass in the newer audit: the fixes
 * that were applied. A fix that answers no rule (a choice such as blocking training) is never counted.
 */
export function appliedFixIds(older: Audit, newer: Audit): string[] {
  const still = firedRules(newer);
  const ids = new Set<string>();
  for (const policy of FIX_POLICIES) {
    for (const fix of planFixes(firedRules(older), older.final_url, policy)) {
      if (fix.rules.length && fix.rules.every((r) => !still.has(r))) ids.add(fix.id);
    }
  }
  return [...ids];
}
