import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILDER_NAMES, UNKNOWN_BUILDER } from '../../../shared/builder/detect.js';
import { REAL_PAGES } from '../../fixtures/builders-real/corpus.js';
import { detectRealPages, scoreOutcomes } from './accuracy.js';

/**
 * Builder detection measured on real pages copied from public repositories (the corpus and its
 * provenance: tests/fixtures/builders-real/README.md). Figures: `npx tsx bench/builder-accuracy.ts`.
 */
const report = scoreOutcomes(detectRealPages(REAL_PAGES));
/** Measured recall (README, "What an audit checks"); a change that loses a page fails here. */
const RECALL_FLOOR = 49 / 52;

describe('the labelled corpus of real pages', () => {
  it('has 60+ pages from many builders and pages made by none, each with its provenance', () => {
    expect(REAL_PAGES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(REAL_PAGES.map((p) => p.label)).size).toBeGreaterThanOrEqual(15);
    expect(REAL_PAGES.filter((p) => p.label === UNKNOWN_BUILDER).length).toBeGreaterThanOrEqual(10);
    for (const p of REAL_PAGES) {
      expect(p.repository, p.id).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(p.commit, p.id).toMatch(/^[0-9a-f]{40}$/);
      expect(p.path && p.licence && p.evidence, p.id).toBeTruthy();
      expect(BUILDER_NAMES, p.id).toContain(p.label);
      expect(existsSync(new URL(`../../fixtures/builders-real/pages/${p.id}.html.gz`, import.meta.url)), p.id).toBe(true);
    }
    expect(new Set(REAL_PAGES.map((p) => p.id)).size).toBe(REAL_PAGES.length);
  });
});

describe('builder detection on real pages', () => {
  it('names no builder for a page no builder in the table made', () => {
    expect(report.falsePositivesOnNegatives.map((o) => `${o.page.id}: ${o.detected}`)).toEqual([]);
  });

  it('never names the wrong builder (precision 100%)', () => {
    const wrong = report.outcomes.filter((o) => o.detected !== UNKNOWN_BUILDER && o.detected !== o.page.label);
    expect(wrong.map((o) => `${o.page.id}: ${o.detected}, labelled ${o.page.label}`)).toEqual([]);
    expect(report.precision).toBe(1);
  });

  it(`finds the builder of at least ${(RECALL_FLOOR * 100).toFixed(1)}% of the pages a builder made`, () => {
    expect(report.recall).toBeGreaterThanOrEqual(RECALL_FLOOR);
  });
});
