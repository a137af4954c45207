import { describe, expect, it } from 'vitest';
import { diffAudits } from '../../shared/diff/audit-diff.js';
import { planFixes } from '../../shared/fixes/plan.js';
import { auditDiffSchema } from '../../shared/schema/audit-diff.js';
import { categories, crawler, FROM_ID, issue, makeAudit, TO_ID } from './fixtures/audits.js';

const older = (overrides = {}) => makeAudit({ id: FROM_ID, scanned_at: '2026-10-01T09:00:00.000Z', ...overrides });
const newer = (overrides = {}) => makeAudit({ id: TO_ID, ...overrides });

describe('diffAudits', () => {
  it('names the two audits and the score change, and matches its wire schema exactly', () => {
    const diff = diffAudits(older({ score: 81 }), newer({ score: 49 }));
    expect(diff.from).toBe(FROM_ID);
    expect(diff.to).toBe(TO_ID);
    expect(diff.score).toEqual({ from: 81, to: 49, delta: -32 });
    expect(Object.keys(diff).sort()).toEqual([
      'categories',
      'crawlers',
      'fixed_issues',
      'fixes_applied',
      'from',
      'new_issues',
      'score',
      'sources',
      'to',
      'webmcp',
    ]);
    expect(auditDiffSchema.parse(diff)).toEqual(diff);
  });

  it('lists all six categories in contract order with their deltas', () => {
    const diff = diffAudits(
      older({ category_scores: categories(60, { Trust: 90 }) }),
      newer({ category_scores: categories(70, { Trust: 40 }) }),
    );
    expect(diff.categories.map((c) => c.name)).toEqual([
      'Crawler Access',
      'Rendering',
      'Structured Data',
      'Content Structure',
      'AI Discovery',
      'Trust',
    ]);
    expect(diff.categories[0]).toEqual({ name: 'Crawler Access', from: 60, to: 70, delta: 10 });
    expect(diff.categories[5]).toEqual({ name: 'Trust', from: 90, to: 40, delta: -50 });
  });

  it('reads an "n/a" category as null on its side, with a null delta, never as 100', () => {
    const diff = diffAudits(
      older({ category_scores: categories(60, { 'Structured Data': null }) }),
      newer({ category_scores: categories(60, { 'Content Structure': null }) }),
    );
    expect(diff.categories.find((c) => c.name === 'Structured Data')).toEqual({ name: 'Structured Data', from: null, to: 60, delta: null });
    expect(diff.categories.find((c) => c.name === 'Content Structure')).toEqual({
      name: 'Content Structure',
      from: 60,
      to: null,
      delta: null,
    });
  });

  it('reads an audit stored before `applicable` existed as every category judged', () => {
    const legacy = older();
    for (const c of legacy.category_scores) delete (c as { applicable?: boolean }).applicable;
    expect(diffAudits(legacy, newer()).categories.every((c) => c.from === 72)).toBe(true);
  });

  it("finds new and fixed issues by rule id, in each audit's order, with the contract's members only", () => {
    const before = older({
      issues: [
        issue('http.status', 'critical', 'Crawler Access'),
        issue('content.title', 'warning', 'Content Structure'),
        issue('trust.author', 'notice', 'Trust'),
      ],
    });
    const after = newer({
      issues: [
        issue('robots.search-agents-blocked', 'critical', 'Crawler Access', 'Search agents blocked'),
        issue('content.title', 'warning', 'Content Structure'),
        issue('llms-txt.missing', 'notice', 'AI Discovery', 'No llms.txt'),
      ],
    });
    const diff = diffAudits(before, after);
    expect(diff.new_issues).toEqual([
      { rule: 'robots.search-agents-blocked', severity: 'critical', category: 'Crawler Access', title: 'Search agents blocked' },
      { rule: 'llms-txt.missing', severity: 'notice', category: 'AI Discovery', title: 'No llms.txt' },
    ]);
    expect(diff.fixed_issues.map((i) => i.rule)).toEqual(['http.status', 'trust.author']);
  });

  it('does not call an issue new when only its severity or wording changed', () => {
    const diff = diffAudits(
      older({ issues: [issue('content.title', 'notice', 'Content Structure', 'Weak title')] }),
      newer({ issues: [issue('content.title', 'warning', 'Content Structure', 'Missing title')] }),
    );
    expect(diff.new_issues).toEqual([]);
    expect(diff.fixed_issues).toEqual([]);
  });

  it('lists a rule reported twice once', () => {
    const diff = diffAudits(
      older(),
      newer({ issues: [issue('trust.https', 'warning', 'Trust'), issue('trust.https', 'warning', 'Trust')] }),
    );
    expect(diff.new_issues.map((i) => i.rule)).toEqual(['trust.https']);
  });

  it('lists the agents whose robots verdict changed, and ignores agents checked on one side only', () => {
    const before = older({
      crawlers: [crawler('OAI-SearchBot', 'allowed'), crawler('GPTBot', 'blocked', 'training'), crawler('Claude-User', 'allowed', 'user')],
    });
    const after = newer({
      crawlers: [
        crawler('OAI-SearchBot', 'blocked'),
        crawler('GPTBot', 'allowed', 'training'),
        crawler('Claude-User', 'allowed', 'user'),
        crawler('NewBot', 'blocked'),
      ],
    });
    expect(diffAudits(before, after).crawlers).toEqual([
      { agent: 'OAI-SearchBot', from: 'allowed', to: 'blocked' },
      { agent: 'GPTBot', from: 'blocked', to: 'allowed' },
    ]);
  });

  it('always carries the WebMCP statuses, changed or not', () => {
    const detected = { status: 'detected' as const, evidence: [], source: 'html' as const, bundlesScanned: 0, bundlesTotal: 0 };
    expect(diffAudits(older(), newer({ signals: { webmcp: detected } })).webmcp).toEqual({ from: 'not_found', to: 'detected' });
    expect(diffAudits(older(), newer()).webmcp).toEqual({ from: 'not_found', to: 'not_found' });
  });

  it('of an audit against itself is empty', () => {
    const a = newer({ issues: [issue('content.title', 'warning', 'Content Structure')] });
    const diff = diffAudits(a, a);
    expect(diff.score.delta).toBe(0);
    expect(diff.categories.every((c) => c.delta === 0)).toBe(true);
    expect([diff.new_issues, diff.fixed_issues, diff.crawlers, diff.fixes_applied]).toEqual([[], [], [], []]);
  });

  it("names the older audit's fixes whose rules all pass in the newer one", () => {
    const url = 'https://example.com/guides/cold-brew';
    const before = older({
      url,
      final_url: url,
      issues: [
        issue('robots.search-agents-blocked', 'critical', 'Crawler Access'),
        issue('content.title', 'warning', 'Content Structure'),
        issue('content.meta-description', 'warning', 'Content Structure'),
      ],
    });
    const fixes = planFixes(new Set(before.issues.map((i) => i.rule)), url, 'keep-training-choices');
    const robots = fixes.find((f) => f.path === '/robots.txt')!;
    const head = fixes.find((f) => f.entry.name === 'head-tags')!;
    // robots.txt fixed; of the head tags' two rules one still fires, so that fix is not applied.
    const after = newer({ url, final_url: url, issues: [issue('content.title', 'warning', 'Content Structure')] });
    expect(diffAudits(before, after).fixes_applied).toEqual([robots.id]);
    expect(diffAudits(before, newer({ url, final_url: url })).fixes_applied.sort()).toEqual([robots.id, head.id].sort());
  });
});
