import { JudgeContext } from '../../../shared/judge/context.js';
import { NOT_APPLICABLE, type Rule, type RuleOutcome } from '../../../shared/judge/rule.js';
import { auditSnapshot } from '../../../shared/audit/audit-snapshot.js';
import { crawlerAccessRules } from '../../../shared/rules/crawler-access/index.js';
import type { Audit, Snapshot } from '../../../shared/types/index.js';
import { resource, snapshot, textFile } from '../../helpers/snapshot.js';

export const PAGE_URL = 'https://example.com/blog/post';
export const ARTICLE = '<!doctype html><html lang="en"><head><title>Post</title></head><body><h1>Post</h1><p>Words.</p></body></html>';

/** A snapshot of PAGE_URL serving `html`, with `robots` as robots.txt (or every site file missing). */
export function site(over: Partial<Snapshot> & { robots?: string; html?: string } = {}): Snapshot {
  const { robots, html, ...rest } = over;
  const robotsTxt = robots === undefined ? {} : { robotsTxt: textFile('https://example.com/robots.txt', robots) };
  return snapshot(html ?? ARTICLE, { requestedUrl: PAGE_URL, ...robotsTxt, ...rest });
}

/** Runs one rule; "n/a" when it is not applicable. */
export function judge(rule: Rule, snap: Snapshot): RuleOutcome | 'n/a' {
  const result = rule.check(new JudgeContext(snap));
  return result === NOT_APPLICABLE ? 'n/a' : result;
}

export function outcome(rule: Rule, snap: Snapshot): RuleOutcome {
  const result = judge(rule, snap);
  if (result === 'n/a') throw new Error(`${rule.id} was not applicable`);
  return result;
}

export function audit(snap: Snapshot): Audit {
  return auditSnapshot(snap, {
    id: '00000000-0000-4000-8000-000000000000',
    rules: crawlerAccessRules,
    now: () => new Date('2026-11-21T00:00:00Z'),
    onRuleError: (rule, error) => {
      throw new Error(`${rule.id} threw: ${String(error)}`);
    },
  });
}

export function crawlerAccessScore(a: Audit): number {
  return a.category_scores.find((c) => c.name === 'Crawler Access')!.score;
}

export function issue(a: Audit, rule: string) {
  return a.issues.find((i) => i.rule === rule);
}

/** The page as the AI agents received it (both OAI-SearchBot and ChatGPT-User). */
export function agentsGet(body: string, status: number, headers: Record<string, string> = {}): Partial<Snapshot> {
  const res = resource(PAGE_URL, body, { status, headers: { 'content-type': 'text/html', ...headers } });
  return { pageAsSearchAgent: res, pageAsUserAgent: res };
}

export { resource, textFile };
