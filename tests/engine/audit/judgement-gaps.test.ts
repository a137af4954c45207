/**
 * docs/api-decisions.md#what-audits-could-not-judge end to end: pages whose categories cannot be judged (a 404 text page, a PDF) say so
 * with `applicable: false`, and those categories leave the overall mean. Real HTTP on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit, type Audit, type CategoryName } from '../../../shared/index.js';
import { CATEGORY_WEIGHTS } from '../../../shared/categories.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { loopbackFetcher } from '../../helpers/loopback-fetcher.js';
import { MISSING_PAGE_PATH, notFoundTextSite, PDF_PATH, pdfDocumentSite } from '../../fixtures/sites/unjudgeable-sites.js';

const servers: FixtureSite[] = [];
let notFound: Audit;
let pdf: Audit;

beforeAll(async () => {
  const fetcher = loopbackFetcher();
  const auditOf = async (site: Parameters<typeof startFixtureSite>[0], path: string) => {
    const server = await startFixtureSite(site);
    servers.push(server);
    return runAudit(`${server.url}${path}`, {
      fetcher,
      onRuleError: (rule, error) => {
        throw new Error(`rule ${rule.id} threw: ${String(error)}`);
      },
    });
  };
  [notFound, pdf] = await Promise.all([auditOf(notFoundTextSite, MISSING_PAGE_PATH), auditOf(pdfDocumentSite, PDF_PATH)]);
}, 60_000);

afterAll(() => Promise.all(servers.map((s) => s.close())));

const inapplicable = (a: Audit) => a.category_scores.filter((c) => !c.applicable).map((c) => c.name);

/** The overall mean of the applicable categories, as docs/api-decisions.md#what-audits-could-not-judge defines it. */
function meanOfApplicable(a: Audit): number {
  const applicable = a.category_scores.filter((c) => c.applicable);
  const weights = applicable.reduce((n, c) => n + CATEGORY_WEIGHTS[c.name as CategoryName], 0);
  return Math.round(applicable.reduce((n, c) => n + CATEGORY_WEIGHTS[c.name] * c.score, 0) / weights);
}

describe('a 404 text page', () => {
  it('has no rendering, structured data or content structure to judge', () => {
    expect(inapplicable(notFound)).toEqual(['Rendering', 'Structured Data', 'Content Structure']);
    expect(notFound.category_scores.every((c) => Number.isInteger(c.score))).toBe(true);
  });

  it('is scored on what could be judged, capped by its critical HTTP error, and says why', () => {
    expect(notFound.issues.find((i) => i.severity === 'critical')?.rule).toBe('http.status');
    // Crawler Access, AI Discovery and Trust average above 49 (the 100s of the unjudged categories no longer count).
    expect(meanOfApplicable(notFound)).toBeGreaterThan(49);
    expect(notFound.score).toBe(49);
    expect(notFound.score_cap).toEqual({ max: 49, reason: '1 critical issue' });
    expect(notFound.rule_errors).toEqual([]);
  });
});

describe('a PDF document', () => {
  it('has no structured data or content structure to judge; Rendering judges it (not HTML)', () => {
    expect(inapplicable(pdf)).toEqual(['Structured Data', 'Content Structure']);
    expect(pdf.category_scores.find((c) => c.name === 'Rendering')).toEqual({ name: 'Rendering', score: 0, applicable: true });
    expect(pdf.issues.find((i) => i.rule === 'rendering.not-html')?.severity).toBe('critical');
  });

  it('leaves the inapplicable categories out of the overall mean', () => {
    expect(meanOfApplicable(pdf)).toBeGreaterThan(49);
    expect(pdf.score).toBe(49);
    expect(pdf.score_cap).toEqual({ max: 49, reason: '1 critical issue' });
  });
});
