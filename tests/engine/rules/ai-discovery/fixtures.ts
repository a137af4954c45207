/** Fixtures several AI Discovery rule tests share. */
import { expect } from 'vitest';
import type { RuleOutcome } from '../../../../shared/judge/rule.js';
import type { Snapshot } from '../../../../shared/types/index.js';
import { resource, snapshot, textFile } from '../../../helpers/snapshot.js';

export const O = 'https://example.com';
/** A fetch that timed out. */
export const net = (url: string) => resource(url, '', { status: 0, error: { code: 'timeout', message: 'timed out' } });
export const bare = (over: Partial<Snapshot> = {}) => snapshot('<html><head><title>x</title></head><body><p>Hello</p></body></html>', over);
export const withHead = (head: string, over: Partial<Snapshot> = {}) =>
  snapshot(`<html><head>${head}</head><body><p>x</p></body></html>`, over);
export const sitemapXml = (locs: Array<[string, string | null]>) =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map(([l, m]) => `<url><loc>${l}</loc>${m ? `<lastmod>${m}</lastmod>` : ''}</url>`).join('')}</urlset>`;
export const sitemapAt = (body: string, type = 'application/xml') => bare({ sitemap: textFile(`${O}/sitemap.xml`, body, type) });
export const llms = (body: string) => bare({ llmsTxt: textFile(`${O}/llms.txt`, body) });

/** The rule's own severity applies: the outcome does not override it. */
export const rulesOwnSeverity = (o: RuleOutcome) => expect(o.severity).toBeUndefined();
