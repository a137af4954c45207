/**
 * GET /citations/sources?project_id=&engine=&since=&until=&limit=: the registrable
 * domains cited in the window, most cited first, each `owned`, `competitor` or `third_party` for the
 * project as it is now, with its most cited pages. Without project_id: every prompt of the account.
 */
import type { CitationSources } from '../../../shared/schema/citation-intelligence.js';
import { classifySources, DEFAULT_SOURCES_LIMIT, MAX_SOURCES_LIMIT, type SourceOwners } from '../../citations/intelligence/sources.js';
import type { Store } from '../../store/contracts/store.js';
import { pageLimit, type RawQuery } from '../query-params.js';
import { route } from '../route.js';
import { readIntelligenceQuery } from './intelligence-query.js';

export async function citationSources(store: Store, accountId: string, raw: RawQuery, now: Date): Promise<CitationSources> {
  const limit = pageLimit(raw, DEFAULT_SOURCES_LIMIT, MAX_SOURCES_LIMIT);
  const query = await readIntelligenceQuery(raw, accountId, store, now, { prompt: false });
  const citations = await store.citations();
  const tallies = await citations.sourceTallies(query.scopes, query.window, query.engine, limit);
  const owners: SourceOwners = query.project
    ? { owned: [query.project.domain, ...query.project.aliases], competitors: query.project.competitors }
    : {
        owned: [
          ...query.projects.flatMap((p) => [p.domain, ...p.aliases]),
          ...(await citations.listPrompts(accountId)).filter((p) => !p.project_id).flatMap((p) => [p.domain, ...p.aliases]),
        ],
        competitors: query.projects.flatMap((p) => p.competitors),
      };
  return { sources: classifySources(tallies, owners), since: query.window.since, until: query.window.until };
}

export const getCitationSources = route({
  method: 'GET',
  path: '/citations/sources',
  async handle(ctx, deps) {
    ctx.body = await citationSources(deps.store, ctx.state.account.id, ctx.query, deps.now());
  },
});
