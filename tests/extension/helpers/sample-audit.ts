import type { Audit } from '../../../shared/types/audit.js';

/** A complete Audit as the engine returns it from the extension, for view and queue tests. */
export function sampleAudit(overrides: Partial<Audit> = {}): Audit {
  return {
    id: '3f0c7f0e-5a4b-4c1d-9e2f-1a2b3c4d5e6f',
    url: 'https://shop.example/guide',
    final_url: 'https://shop.example/guide',
    origin: 'extension',
    builder: 'Webflow',
    score: 72,
    score_cap: null,
    status: 'complete',
    category_scores: [
      { name: 'Crawler Access', score: 90, applicable: true },
      { name: 'Rendering', score: 40, applicable: true },
      { name: 'Structured Data', score: 80, applicable: true },
      { name: 'Content Structure', score: 75, applicable: true },
      { name: 'AI Discovery', score: 60, applicable: true },
      { name: 'Trust', score: 100, applicable: true },
    ],
    scanned_at: '2026-11-21T10:00:00.000Z',
    duration_ms: 812,
    issues: [
      {
        severity: 'critical',
        category: 'Crawler Access',
        title: 'Search agents blocked',
        detail: 'robots.txt blocks OAI-SearchBot. Allow it.',
        position: 0,
        rule: 'robots.search-agents-blocked',
      },
      {
        severity: 'warning',
        category: 'Rendering',
        title: 'Content that appears only after JavaScript',
        detail: '300 words appear only after JavaScript.',
        position: 1,
        rule: 'rendering.js-only-content',
      },
      {
        severity: 'notice',
        category: 'Trust',
        title: 'No outbound references',
        detail: 'Cite sources.',
        position: 2,
        rule: 'trust.references',
      },
    ],
    rule_errors: [],
    crawlers: [
      { agent: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'search', robots: 'blocked', served: null },
      { agent: 'GPTBot', operator: 'OpenAI', purpose: 'training', robots: 'allowed', served: null },
    ],
    llms_txt: { status: 'present', valid: true, problems: [] },
    signals: {
      webmcp: {
        status: 'detected',
        source: 'runtime',
        evidence: [],
        bundlesScanned: 3,
        bundlesTotal: 3,
        runtime: {
          apiAvailable: true,
          surface: 'document',
          polyfill: true,
          tools: [
            { name: 'book_tasting', description: 'Book a tasting', via: 'polyfill', stack: ['at https://shop.example/lazy/tools.js:3:18'] },
          ],
          checkedAt: '2026-11-21T10:00:00.000Z',
          deepProbe: true,
          declarativeForms: [],
          errors: [],
        },
      },
    },
    ...overrides,
  };
}
