/** The diff of two real audits (every rule, real HTTP on 127.0.0.1) of a site whose robots.txt and content changed. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAudit, type Audit } from '../../shared/index.js';
import { diffAudits } from '../../shared/diff/audit-diff.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { loopbackFetcher } from '../helpers/loopback-fetcher.js';
import { ARTICLE_PATH, changingSite, EXPECTED_CHANGES, type Phase } from './fixtures/changing-site.js';

let site: FixtureSite;
let before: Audit;
let after: Audit;

beforeAll(async () => {
  let phase: Phase = 'before';
  site = await startFixtureSite(changingSite(() => phase));
  const fetcher = loopbackFetcher();
  const strict = {
    fetcher,
    onRuleError: (rule: { id: string }, error: unknown) => {
      throw new Error(`${rule.id} threw: ${String(error)}`);
    },
  };
  before = await runAudit(`${site.url}${ARTICLE_PATH}`, strict);
  phase = 'after';
  after = await runAudit(`${site.url}${ARTICLE_PATH}`, strict);
}, 60_000);

afterAll(() => site.close());

it('lists exactly the new and fixed issues', () => {
  const diff = diffAudits(before, after);
  expect(diff.new_issues.map((i) => i.rule)).toEqual(EXPECTED_CHANGES.new_issues);
  expect(diff.fixed_issues.map((i) => i.rule)).toEqual(EXPECTED_CHANGES.fixed_issues);
  expect(diff.new_issues[0]).toMatchObject({ severity: 'critical', category: 'Crawler Access' });
});

it('lists exactly the crawlers whose verdict changed', () => {
  expect(diffAudits(before, after).crawlers).toEqual(EXPECTED_CHANGES.crawlers);
});

it('shows the fall of the score and of the categories that lost', () => {
  const diff = diffAudits(before, after);
  expect(diff.score).toEqual({ from: before.score, to: after.score, delta: after.score - before.score });
  expect(diff.score.delta).toBeLessThan(0);
  expect(diff.categories.find((c) => c.name === 'Crawler Access')!.delta).toBeLessThan(0);
  expect(diff.categories.find((c) => c.name === 'Content Structure')!.delta).toBeLessThan(0);
});

it('read the other way round, swaps new and fixed', () => {
  const back = diffAudits(after, before);
  expect(back.fixed_issues.map((i) => i.rule)).toEqual(EXPECTED_CHANGES.new_issues);
  expect(back.new_issues.map((i) => i.rule)).toEqual(EXPECTED_CHANGES.fixed_issues);
});
