/**
 * What the MCP tests audit and how they judge the answer: a loopback site whose robots.txt blocks a
 * search agent (a critical issue the audit must report), and the audit the engine itself gives that
 * site, for comparing what arrives through MCP.
 */
import { expect } from 'vitest';
import { runAudit } from '../../../shared/audit/run-audit.js';
import type { Audit } from '../../../shared/types/audit.js';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { samplePage } from '../../cli/cli-io.js';

export const BLOCKED_SEARCH_AGENT_RULE = 'robots.search-agents-blocked';

export function startMcpFixtureSite(): Promise<FixtureSite> {
  return startFixtureSite({
    '/': { body: samplePage('Brewing guide for agents') },
    '/robots.txt': { body: 'User-agent: OAI-SearchBot\nDisallow: /\n', headers: { 'content-type': 'text/plain' } },
    ...Object.fromEntries(
      [0, 1, 2].map((i) => [`/app-${i}.js`, { body: `console.log(${i})`, headers: { 'content-type': 'text/javascript' } }]),
    ),
  });
}

/** The audit the engine gives the page, run directly (no MCP, no API). */
export function engineAudit(url: string): Promise<Audit> {
  return runAudit(url, { fetcher: createNodeFetcher({ allowPrivate: true }) });
}

/** The audit that came through MCP is the engine's audit of the fixture: same score, categories and issues. */
export function expectFixtureAudit(audit: Audit, expected: Audit, url: string): void {
  expect(audit.url).toBe(url);
  expect(audit.score).toBe(expected.score);
  expect(audit.category_scores).toEqual(expected.category_scores);
  expect(audit.issues.map((i) => [i.rule, i.severity])).toEqual(expected.issues.map((i) => [i.rule, i.severity]));
  expect(audit.issues.find((i) => i.rule === BLOCKED_SEARCH_AGENT_RULE)?.severity).toBe('critical');
  expect(audit.score).toBeLessThanOrEqual(49); // the critical cap
}
