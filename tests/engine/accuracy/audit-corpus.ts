/**
 * Audits the accuracy corpus as a user would: each page served by a real HTTP server on 127.0.0.1 and
 * gathered through the Node fetcher, its own origin mapped to that server (as a hosts file would), so the
 * page is audited at the URL it was published at. Every other origin answers "not in the corpus" at once:
 * nothing leaves the machine.
 */
import { auditSnapshot } from '../../../shared/audit/audit-snapshot.js';
import { gather } from '../../../shared/gather/gather.js';
import { failedResource } from '../../../shared/gather/failed-resource.js';
import type { Audit, Fetcher, FetchedResource, Severity } from '../../../shared/types/index.js';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { isUtf8 } from 'node:buffer';
import { startFixtureSite } from '../../helpers/fixture-server.js';
import { readAccuracyPage, type AccuracyPage } from '../../fixtures/accuracy/corpus.js';

/** The audits are judged as of this date (freshness is measured from it), so verdicts do not age. */
export const JUDGED_AT = '2026-12-01T00:00:00.000Z';

/**
 * Rules that judge the site around a page, not the page: robots.txt, llms.txt, sitemaps, Markdown
 * negotiation, response headers and timing, the agents' fetches. The corpus archives pages alone, so
 * their findings on it describe the loopback server, not the site; they are measured elsewhere. The
 * transport is the server's too (trust.https, trust.hsts): archives kept many pages under their old http URL.
 */
export const SITE_RULE_AREAS = ['robots', 'llms-txt', 'llms-full-txt', 'sitemap', 'markdown', 'challenge', 'http', 'site-files'];
export const SITE_RULES = new Set([
  'trust.hsts',
  'trust.https',
  'rendering.response-time',
  'optout.aipref',
  'optout.content-signal-search',
  'optout.content-signal-train',
  'optout.tdmrep',
  'optout.rsl-license',
  'webmcp.permissions-policy',
]);

export function judgesThePage(rule: string): boolean {
  return !SITE_RULES.has(rule) && !SITE_RULE_AREAS.includes(rule.split('.')[0]!);
}

export interface Finding {
  page: string;
  rule: string;
  severity: Severity;
  title: string;
  detail: string;
}

/** The page's origin answered by the loopback server; everything else refused without a connection. */
function mappedFetcher(pageOrigin: string, loopback: string): Fetcher {
  const node = createNodeFetcher({ allowPrivate: true });
  const back = (url: string) => (url.startsWith(loopback) ? pageOrigin + url.slice(loopback.length) : url);
  return {
    async fetch(url, options): Promise<FetchedResource> {
      if (!url.startsWith(`${pageOrigin}/`)) return failedResource(url, 'network', 'not in the corpus');
      const res = await node.fetch(loopback + url.slice(pageOrigin.length), { ...options, redirectHosts: [new URL(loopback).host] });
      return {
        ...res,
        url: back(res.url),
        finalUrl: back(res.finalUrl),
        redirects: res.redirects.map((r) => ({ ...r, url: back(r.url) })),
      };
    },
  };
}

/** One page audited end to end. */
export async function auditCorpusPage(page: AccuracyPage): Promise<Audit> {
  const url = new URL(page.url);
  const body = readAccuracyPage(page);
  // Archives often re-save a page as UTF-8 and keep its old <meta charset>: the header says what the bytes are,
  // as the page's own server did. Bytes that are not UTF-8 are left to the page's <meta charset>.
  const type = isUtf8(body) ? 'text/html; charset=utf-8' : 'text/html';
  const site = await startFixtureSite({ [url.pathname]: { body, headers: { 'content-type': type } } });
  try {
    const snap = await gather(url.href, url.href, {
      fetcher: mappedFetcher(url.origin, site.url),
      now: () => new Date(JUDGED_AT),
    });
    return auditSnapshot(snap, { id: `accuracy-${page.id}`, now: () => new Date(JUDGED_AT) });
  } finally {
    await site.close();
  }
}

/** The critical and warning findings of an audit that judge the page itself. */
export function findingsOf(page: AccuracyPage, audit: Audit): Finding[] {
  return audit.issues
    .filter((i) => (i.severity === 'critical' || i.severity === 'warning') && judgesThePage(i.rule))
    .filter((i) => page.pathKnown !== false || i.rule !== 'canonical.valid')
    .map((i) => ({ page: page.id, rule: i.rule, severity: i.severity, title: i.title, detail: i.detail }));
}
