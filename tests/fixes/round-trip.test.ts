/**
 * The round trip: audit a site, generate its fixes, serve the site on the same loopback address with the fixes
 * applied (files published, head snippets in the page, the Cloudflare Worker in front), audit it again. Every
 * rule a fix names must pass, and no rule may fire that did not fire before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runAudit } from '../../shared/audit/run-audit.js';
import { buildAuditFixes } from '../../shared/fixes/build-fixes.js';
import { readFixInputs } from '../../shared/fixes/read-inputs.js';
import { appliedFixIds } from '../../shared/fixes/plan.js';
import type { Audit } from '../../shared/types/audit.js';
import type { Fix, FixPolicy } from '../../shared/fixes/types.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import { ARTICLE_PATH } from '../fixtures/sites/good-article.js';
import { fixesArticle, fixesSite } from '../fixtures/sites/fixes-site.js';
import { applyFixes, loadWorker, startFixedSite, type FixedSite } from './fixed-site.js';

const fetcher = createNodeFetcher({ allowPrivate: true });
const audit = (url: string) => runAudit(url, { fetcher });
const rulesOf = (a: Audit) => new Set(a.issues.map((i) => i.rule));

let site: FixedSite | null = null;
afterEach(async () => {
  await site?.close();
  site = null;
});

async function roundTrip(policy: FixPolicy): Promise<{ before: Audit; after: Audit; fixes: Fix[] }> {
  site = await startFixedSite(fixesSite);
  const before = await audit(`${site.url}${ARTICLE_PATH}`);
  const fixes = buildAuditFixes(before, await readFixInputs(before.final_url, { fetcher }), policy);
  site.routes = applyFixes(site.routes, ARTICLE_PATH, fixesArticle(), fixes);
  site.worker = await loadWorker(fixes.find((f) => f.title.includes('Cloudflare Worker'))!);
  const after = await audit(`${site.url}${ARTICLE_PATH}`);
  return { before, after, fixes };
}

describe('fixes, applied and audited again', () => {
  it('make every rule they name pass, with no new issue, for files, snippets and configuration', async () => {
    const { before, after, fixes } = await roundTrip('keep-training-choices');
    expect(new Set(fixes.map((f) => f.kind))).toEqual(new Set(['file', 'snippet', 'config']));
    expect(fixes.map((f) => f.title)).toEqual(
      expect.arrayContaining(['robots.txt', 'llms.txt', 'llms-full.txt', 'Head tags', 'JSON-LD structured data', 'API catalog']),
    );
    const still = rulesOf(after);
    for (const fix of fixes) for (const rule of fix.rules) expect(still.has(rule), `${fix.title}: ${rule} still fires`).toBe(false);
    const fired = rulesOf(before);
    expect([...still].filter((r) => !fired.has(r))).toEqual([]);
    // What the fixes were for, named: the search agents are in, training stays the site's choice.
    expect(fired.has('robots.search-agents-blocked')).toBe(true);
    expect(still.has('robots.training-agents-blocked')).toBe(true);
    expect(after.crawlers.find((c) => c.agent === 'GPTBot')?.robots).toBe('blocked');
    expect(after.signals.agent_discovery?.files.find((f) => f.kind === 'api_catalog')?.status).toBe('found');
  });

  it('are reported applied by the diff of the two audits, except choices no rule asks for', async () => {
    const { before, after, fixes } = await roundTrip('keep-training-choices');
    const applied = new Set(appliedFixIds(before, after));
    for (const fix of fixes) expect(applied.has(fix.id), fix.title).toBe(fix.rules.length > 0);
  });

  it('under allow-all also let the training crawlers in', async () => {
    const { after, fixes } = await roundTrip('allow-all');
    expect(fixes.find((f) => f.path === '/robots.txt')?.rules).toContain('robots.training-agents-blocked');
    expect(rulesOf(after).has('robots.training-agents-blocked')).toBe(false);
    expect(after.crawlers.filter((c) => c.robots === 'blocked')).toEqual([]);
  });

  it('under block-training keep every training crawler out and every search and user agent in', async () => {
    const { after } = await roundTrip('block-training');
    for (const c of after.crawlers)
      expect(c.robots, c.agent).toBe(c.purpose === 'training' || c.purpose === 'archive' ? 'blocked' : 'allowed');
  });
});
