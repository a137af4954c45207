/**
 * GET /citations/summary?project_id=&prompt_id=&engine=&since=&until=: the figures
 * of the answered runs in a window of UTC days, from the pre-aggregated daily rollups (a single prompt:
 * from its rows). Without project_id and prompt_id: every prompt of the account.
 */
import type { CitationSummary } from '../../../shared/schema/citation-intelligence.js';
import { summarize } from '../../citations/intelligence/summary.js';
import type { Store } from '../../store/contracts/store.js';
import type { RawQuery } from '../query-params.js';
import { route } from '../route.js';
import { competitorNames, readIntelligenceQuery } from './intelligence-query.js';

export async function citationSummary(store: Store, accountId: string, raw: RawQuery, now: Date): Promise<CitationSummary> {
  const query = await readIntelligenceQuery(raw, accountId, store, now, { prompt: true });
  const citations = await store.citations();
  const tallies = query.prompt
    ? await citations.promptDayTallies(accountId, query.prompt.id, query.window, query.engine)
    : await citations.dayTallies(query.scopes, query.window, query.engine);
  return summarize(tallies, competitorNames(query), query.window);
}

export const getCitationSummary = route({
  method: 'GET',
  path: '/citations/summary',
  async handle(ctx, deps) {
    ctx.body = { summary: await citationSummary(deps.store, ctx.state.account.id, ctx.query, deps.now()) };
  },
});
