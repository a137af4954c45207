import type { JudgeContext } from '../judge/context.js';
import type { RobotsRule } from '../robots/types.js';

/** The audited page's path for issue texts, cut so a long query cannot swamp the sentence. */
export function shownPath(ctx: JudgeContext): string {
  const url = ctx.pageUrl;
  const path = (url.pathname || '/') + url.search;
  return path.length > 80 ? `${path.slice(0, 77)}...` : path;
}

/** " (`Disallow: /` on line 3)" when every blocked agent was stopped by the same rule. */
export function sharedRuleNote(rules: ReadonlyArray<RobotsRule | null>): string {
  const first = rules[0];
  if (!first || rules.some((r) => r !== first)) return '';
  return ` (\`${first.allow ? 'Allow' : 'Disallow'}: ${first.raw}\` on line ${first.line})`;
}
