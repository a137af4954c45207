/**
 * The labelled corpus (tests/fixtures/accuracy/README.md): every critical and warning finding Citable makes on
 * 49 archived real pages has a hand verdict, and the verdicts meet the goal. A rule change that adds a finding
 * fails here until someone reads the page and judges it; one that removes a finding drops its verdict.
 */
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCURACY_PAGES, readAccuracyPage, readVerdicts } from '../../fixtures/accuracy/corpus.js';
import { ACCURACY_GOAL, auditCorpus, tallyFindings, type CorpusTally } from './judge-corpus.js';

const AUDIT_ALL_MS = 600_000;

describe('the accuracy corpus', () => {
  it('holds at least 40 pages of varied kinds and languages, each with its source recorded', () => {
    expect(ACCURACY_PAGES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ACCURACY_PAGES.map((p) => p.kind)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(ACCURACY_PAGES.map((p) => p.language)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(ACCURACY_PAGES.map((p) => p.id)).size).toBe(ACCURACY_PAGES.length);
    for (const page of ACCURACY_PAGES) {
      expect(page.repository, page.id).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(page.commit, page.id).toMatch(/^[0-9a-f]{40}$/);
      expect(page.path, page.id).not.toBe('');
      expect(page.licence, page.id).not.toBe('');
      expect(() => new URL(page.url), page.id).not.toThrow();
      expect(existsSync(new URL(`../../fixtures/accuracy/pages/${page.id}.html.gz`, import.meta.url)), page.id).toBe(true);
      expect(readAccuracyPage(page).length, page.id).toBe(page.bytes);
    }
  });

  it('keeps every verdict to right, wrong or disputed with a one-line reason, for pages it holds', () => {
    const ids = new Set(ACCURACY_PAGES.map((p) => p.id));
    for (const [page, byRule] of Object.entries(readVerdicts())) {
      expect(ids.has(page), page).toBe(true);
      for (const [rule, v] of Object.entries(byRule)) {
        expect(['right', 'wrong', 'disputed'], `${page} ${rule}`).toContain(v.verdict);
        expect(v.reason.trim().length, `${page} ${rule}`).toBeGreaterThan(10);
        expect(v.reason, `${page} ${rule}`).not.toMatch(/\n/);
      }
    }
  });
});

describe('Citable on the accuracy corpus', () => {
  let tally: CorpusTally;
  beforeAll(async () => {
    tally = tallyFindings(await auditCorpus(), readVerdicts());
  }, AUDIT_ALL_MS);

  it('finds critical and warning issues to judge', () => {
    expect(tally.findings).toBeGreaterThan(100);
  });

  it('has a verdict for every current finding (a new one needs a verdict: read the page)', () => {
    expect(tally.unjudged.map((f) => `${f.page} ${f.rule} [${f.severity}] ${f.detail.slice(0, 120)}`)).toEqual([]);
  });

  it('has no verdict left for a finding that is gone', () => {
    expect(tally.stale).toEqual([]);
  });

  it(`meets the goal: ≥ ${ACCURACY_GOAL.precision * 100} % right, ≤ ${ACCURACY_GOAL.disputedShare * 100} % disputed, no wrong critical issue`, () => {
    expect(tally.precision).toBeGreaterThanOrEqual(ACCURACY_GOAL.precision);
    expect(tally.disputedShare).toBeLessThanOrEqual(ACCURACY_GOAL.disputedShare);
    expect(tally.wrongCritical).toEqual([]);
  });
});
