/**
 * GET /citations?engine=&prompt_id=&domain=&since=&limit=&cursor=&history=: by default the latest row
 * per (prompt, engine) of the account's prompts (prompts oldest first, engines in the order of CITATION_ENGINE_IDS);
 * `history=true` lists every stored row instead, newest first. Both page with an opaque cursor.
 */
import { HttpError } from '../../http/http-error.js';
import { normalizeTrackedDomain } from '../../citations/match/tracked-domain.js';
import type { CitationListQuery } from '../../store/contracts/citations.js';
import { pageLimit, singleParam, timeParam, type RawQuery } from '../query-params.js';
import { route } from '../route.js';
import { citationCursor } from './citation-cursor.js';
import { readEngineAndPromptFilters } from './citation-filters.js';
import { rowToWire } from './citation-wire.js';

export const DEFAULT_CITATION_PAGE = 20;
export const MAX_CITATION_PAGE = 100;

export const listCitations = route({
  method: 'GET',
  path: '/citations',
  async handle(ctx, deps) {
    const query = parseCitationQuery(ctx.query);
    const page = await (await deps.store.citations()).listResults(ctx.state.account.id, query);
    ctx.body = { citations: page.rows.map(rowToWire), next_cursor: page.next ? citationCursor.encode(page.next) : null };
  },
});

export function parseCitationQuery(raw: RawQuery): CitationListQuery {
  const single = (name: string) => singleParam(raw, name);
  const query: CitationListQuery = { limit: DEFAULT_CITATION_PAGE, history: false };
  const history = single('history');
  if (history !== undefined) {
    if (!['true', 'false', '1', '0'].includes(history)) throw new HttpError(400, 'history must be true or false');
    query.history = history === 'true' || history === '1';
  }
  query.limit = pageLimit(raw, DEFAULT_CITATION_PAGE, MAX_CITATION_PAGE);
  readEngineAndPromptFilters(raw, query);
  const domain = single('domain');
  if (domain !== undefined) {
    const normalized = normalizeTrackedDomain(domain);
    if (!normalized.ok) throw new HttpError(400, normalized.message);
    query.domain = normalized.domain;
  }
  const since = timeParam(raw, 'since');
  if (since !== undefined) query.since = since;
  const after = citationCursor.fromQuery(raw);
  if (after) {
    if ((after.mode === 'history') !== query.history) throw new HttpError(400, 'cursor belongs to a listing with another history value');
    query.after = after;
  }
  return query;
}
