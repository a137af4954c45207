import { crawlerAccessRules } from '../../../shared/rules/crawler-access/index.js';
import type { Audit, Snapshot } from '../../../shared/types/index.js';
import { resource, snapshot, textFile } from '../../helpers/snapshot.js';
import { auditWith, categoryScore } from '../rule-tester.js';

/** Snapshots for the Crawler Access rules: a blog post whose robots.txt and agent responses vary. */

export const PAGE_URL = 'https://example.com/blog/post';
export const ARTICLE = '<!doctype html><html lang="en"><head><title>Post</title></head><body><h1>Post</h1><p>Words.</p></body></html>';

/** A snapshot of PAGE_URL serving `html`, with `robots` as robots.txt (or every site file missing). */
export function site(over: Partial<Snapshot> & { robots?: string; html?: string } = {}): Snapshot {
  const { robots, html, ...rest } = over;
  const robotsTxt = robots === undefined ? {} : { robotsTxt: textFile('https://example.com/robots.txt', robots) };
  return snapshot(html ?? ARTICLE, { requestedUrl: PAGE_URL, ...robotsTxt, ...rest });
}

/** An audit by the Crawler Access rules alone. */
export function audit(snap: Snapshot): Audit {
  return auditWith(crawlerAccessRules, snap);
}

export function crawlerAccessScore(a: Audit): number {
  return categoryScore(a, 'Crawler Access');
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
