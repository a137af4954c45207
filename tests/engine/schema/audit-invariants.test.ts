/**
 * The contract's invariants of an audit (shared/schema/audit-invariants.ts), one case per invariant, on
 * audits the engine really made: a plain page, one capped by a critical issue, one with categories that
 * are not applicable. Each broken audit names its first problem by path.
 */
import { describe, expect, it } from 'vitest';
import { auditSnapshot } from '../../../shared/audit/audit-snapshot.js';
import { auditContractProblem } from '../../../shared/schema/audit-invariants.js';
import { syncAuditRequestSchema } from '../../../shared/schema/api.js';
import type { Audit } from '../../../shared/types/audit.js';
import { resource, snapshot, textFile } from '../../helpers/snapshot.js';
import { SAMPLE_PAGE } from '../../server/helpers/fake-fetcher.js';

const judge = (over: Parameters<typeof snapshot>[1] = {}): Audit =>
  auditSnapshot(snapshot(SAMPLE_PAGE, { origin: 'extension', ...over }), { id: '3f1c2a4e-8b9d-4e7f-a1b2-c3d4e5f6a7b8' });

const plain = judge();
const capped = judge({ robotsTxt: textFile('https://example.com/robots.txt', 'User-agent: OAI-SearchBot\nDisallow: /\n') });
const notFound = judge({ page: resource('https://example.com/', 'Not found', { status: 404, headers: { 'content-type': 'text/plain' } }) });

const problemOf = (audit: Audit) => auditContractProblem(audit);

describe('audits the engine made keep the contract', () => {
  it('the fixtures are what the cases below need', () => {
    expect(plain.score_cap).toBeNull();
    expect(plain.issues.some((i) => i.severity === 'critical')).toBe(false);
    expect(capped.score_cap).toEqual({ max: 49, reason: '1 critical issue' });
    expect(notFound.category_scores.some((c) => !c.applicable)).toBe(true);
  });

  it.each([
    ['a plain page', plain],
    ['a page capped by a critical issue', capped],
    ['a 404 text page with categories that are not applicable', notFound],
  ])('%s: no problem', (_name, audit) => {
    expect(problemOf(audit)).toBeNull();
  });
});

describe('each invariant', () => {
  it('six categories: two of six is named', () => {
    expect(problemOf({ ...plain, category_scores: plain.category_scores.slice(0, 2) })).toEqual({
      path: ['category_scores'],
      message:
        'must list the six categories in contract order (Crawler Access, Rendering, Structured Data, Content Structure, AI Discovery, Trust), got 2',
    });
  });

  it('categories in contract order: Rendering and Trust swapped', () => {
    const c = [...plain.category_scores];
    [c[1], c[5]] = [c[5]!, c[1]!];
    expect(problemOf({ ...plain, category_scores: c })).toMatchObject({
      path: ['category_scores', 1, 'name'],
      message: expect.stringMatching(/^must be "Rendering"/),
    });
  });

  it('a category that is not applicable keeps the neutral 100', () => {
    const c = notFound.category_scores.map((x) => (x.applicable ? x : { ...x, score: 80 }));
    const i = c.findIndex((x) => !x.applicable);
    expect(problemOf({ ...notFound, category_scores: c })).toMatchObject({
      path: ['category_scores', i, 'score'],
      message: expect.stringMatching(/^must be 100/),
    });
  });

  it('positions are 0..n-1: an issue at index 0 with position 7', () => {
    const issues = [{ ...plain.issues[0]!, position: 7 }, ...plain.issues.slice(1)];
    expect(problemOf({ ...plain, issues })).toEqual({
      path: ['issues', 0, 'position'],
      message: "must be 0, the issue's index in issues (got 7)",
    });
  });

  it('issues ordered by severity: a warning after a notice', () => {
    const warnings = plain.issues.filter((i) => i.severity === 'warning');
    const notices = plain.issues.filter((i) => i.severity === 'notice');
    const issues = [notices[0]!, ...warnings, ...notices.slice(1)].map((i, position) => ({ ...i, position }));
    expect(problemOf({ ...plain, issues })).toMatchObject({
      path: ['issues', 1],
      message: expect.stringMatching(/^out of order: a warning issue comes after a notice one/),
    });
  });

  it('issues ordered by category within a severity', () => {
    const warnings = plain.issues.filter((i) => i.severity === 'warning');
    const rest = plain.issues.filter((i) => i.severity !== 'warning');
    const issues = [...[...warnings].reverse(), ...rest].map((i, position) => ({ ...i, position }));
    expect(problemOf({ ...plain, issues })).toMatchObject({
      path: ['issues', 1],
      message: expect.stringMatching(/^out of order: a .* issue comes after a .* one/),
    });
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com/', 'https://user:pw@example.com/', ''])(
    'url %j is refused',
    (url) => {
      expect(problemOf({ ...plain, url })?.path).toEqual(['url']);
    },
  );

  it.each(['example.com', 'https://example.com/pricing', 'localhost:8080/x'])('url %j as submitted is fine', (url) => {
    expect(problemOf({ ...plain, url })).toBeNull();
  });

  it.each(['javascript:alert(1)', 'example.com', 'file:///etc/passwd'])('final_url %j is refused', (final_url) => {
    expect(problemOf({ ...plain, final_url })).toEqual({ path: ['final_url'], message: 'must be an absolute http or https URL' });
  });

  it('the score is the weighted mean of the categories: far from it is named, one point off is rounding', () => {
    expect(problemOf({ ...plain, score: 12 })).toEqual({
      path: ['score'],
      message: `must be ${plain.score}, the weighted mean of the applicable categories (got 12)`,
    });
    expect(problemOf({ ...plain, score: plain.score + 1 })).toBeNull();
    expect(problemOf({ ...plain, score: plain.score - 1 })).toBeNull();
    expect(problemOf({ ...plain, score: plain.score + 2 })?.path).toEqual(['score']);
  });

  it('a category that is not applicable is left out of the mean: a score that still counts it is named', () => {
    // Structured Data (0 on this page) marked not applicable: the mean of the other five is 77, not 65.
    const c = plain.category_scores.map((x) => (x.name === 'Structured Data' ? { ...x, score: 100, applicable: false } : x));
    expect(plain.category_scores.find((x) => x.name === 'Structured Data')?.score).toBe(0);
    expect(problemOf({ ...plain, category_scores: c })).toEqual({
      path: ['score'],
      message: `must be 77, the weighted mean of the applicable categories (got ${plain.score})`,
    });
  });

  it('the cap: a critical issue with a score above 49 and no score_cap', () => {
    expect(problemOf({ ...capped, score_cap: null, score: 62 })).toMatchObject({
      path: ['score_cap'],
      message: expect.stringMatching(/^must be \{"max": 49, "reason": "1 critical issue"\}/),
    });
  });

  it('the cap: a score above 49 while a critical issue stands, whatever the categories', () => {
    const lowCategories = {
      ...capped,
      score_cap: null,
      category_scores: capped.category_scores.map((c) => ({ ...c, score: 50 })),
      score: 50,
    };
    expect(problemOf(lowCategories)).toEqual({ path: ['score'], message: 'must be at most 49 while a critical issue stands (got 50)' });
  });

  it('the cap: score_cap with another max, without a critical issue, under the cap, or a score other than its max', () => {
    expect(problemOf({ ...capped, score_cap: { max: 40, reason: '1 critical issue' }, score: 40 })?.path).toEqual(['score_cap', 'max']);
    expect(problemOf({ ...plain, score_cap: { max: 49, reason: '1 critical issue' }, score: 49 })?.path).toEqual(['score_cap']);
    const low = capped.category_scores.map((c) => ({ ...c, score: 20 }));
    expect(problemOf({ ...capped, category_scores: low })?.path).toEqual(['score_cap']);
    expect(problemOf({ ...capped, score: 45 })).toEqual({ path: ['score'], message: 'must be 49, the cap in score_cap (got 45)' });
  });
});

describe('in the sync schema', () => {
  it('an older audit is checked once filled: without the section-9 members it passes, with a wrong score it is named under audit.', () => {
    const { rule_errors: _errors, score_cap: _cap, ...old } = capped;
    const legacy = { ...old, category_scores: old.category_scores.map(({ applicable: _a, ...c }) => c) };
    expect(syncAuditRequestSchema.safeParse({ audit: legacy }).success).toBe(true);
    const broken = syncAuditRequestSchema.safeParse({ audit: { ...legacy, score: 90 } });
    expect(broken.success).toBe(false);
    expect(broken.error?.issues[0]).toMatchObject({ path: ['audit', 'score'] });
  });
});
