/** Fixtures the Structured Data rule tests share. */
import { expect } from 'vitest';
import type { RuleOutcome } from '../../../../shared/judge/rule.js';
import { snapshot } from '../../../helpers/snapshot.js';

/** A JSON-LD script element holding `value` (a string as is, anything else as JSON). */
export const ld = (value: unknown) =>
  `<script type="application/ld+json">${typeof value === 'string' ? value : JSON.stringify(value)}</script>`;
export const page = (head: string, body = '<p>Text</p>') =>
  snapshot(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);
export const ctx = 'https://schema.org';
export const ORG = {
  '@context': ctx,
  '@type': 'Organization',
  name: 'Ex',
  url: 'https://example.com/',
  logo: 'https://example.com/l.png',
  sameAs: ['https://x.com/ex'],
};
export const SITE = { '@context': ctx, '@type': 'WebSite', name: 'Ex', url: 'https://example.com/' };

/** The score, to float precision. */
export const about = (score: number) => (o: RuleOutcome) => expect(o.score).toBeCloseTo(score);
