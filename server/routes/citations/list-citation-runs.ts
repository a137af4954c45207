/**
 * GET /citations/runs?prompt_id=&engine=&check_id=&since=&until=&limit=&cursor=: every run kept, newest
 * row first and its runs in order: the answer text, every cited and retrieved URL, the searches, and what
 * it said of the brand and each competitor (what the summaries are computed from).
 * `limit` counts runs (1 to 50, default 10); the cursor can stop inside a row.
 */
import type { CitationRun, CitationRunList } from '../../../shared/schema/citation-intelligence.js';
import { parseDay } from '../../citations/intelligence/window.js';
import { HttpError } from '../../http/http-error.js';
import type { CitationListQuery } from '../../store/contracts/citations.js';
import type { Store } from '../../store/contracts/store.js';
import { cursorOf, jsonArray } from '../cursor.js';
import { pageLimit, singleParam, type RawQuery } from '../query-params.js';
import { route } from '../route.js';
import { readEngineAndPromptFilters } from './citation-filters.js';

export const DEFAULT_RUNS_PAGE = 10;
export const MAX_RUNS_PAGE = 50;
const DAY_MS = 86_400_000;

interface RunCursor {
  /** Continue with the row of this sequence number (inclusive)... */
  seq: number;
  /** ...after this many of its runs. */
  skip: number;
}

/** `["r1",seq,skip]`. */
export const runCursor = cursorOf<RunCursor>({
  maxLength: 100,
  write: (c) => JSON.stringify(['r1', c.seq, c.skip]),
  read(text) {
    const value = jsonArray(text);
    if (
      value?.[0] === 'r1' &&
      Number.isSafeInteger(value[1]) &&
      Number.isSafeInteger(value[2]) &&
      (value[2] as number) >= 0 &&
      value.length === 3
    )
      return { seq: value[1] as number, skip: value[2] as number };
    return null;
  },
});

export async function listRuns(store: Store, accountId: string, raw: RawQuery): Promise<CitationRunList> {
  const single = (name: string) => singleParam(raw, name);
  const limit = pageLimit(raw, DEFAULT_RUNS_PAGE, MAX_RUNS_PAGE);
  const query: CitationListQuery = { limit, history: true };
  readEngineAndPromptFilters(raw, query);
  const checkId = single('check_id');
  if (checkId !== undefined) {
    if (!/^chk_[A-Za-z0-9]{16}$/.test(checkId)) throw new HttpError(400, 'check_id must be a check id such as chk_0123456789abcdef');
    query.checkId = checkId;
  }
  const since = single('since');
  if (since !== undefined) query.since = Date.parse(`${parseDay(since, 'since')}T00:00:00Z`);
  const until = single('until');
  if (until !== undefined) query.until = Date.parse(`${parseDay(until, 'until')}T00:00:00Z`) + DAY_MS;
  const cursor = runCursor.fromQuery(raw);
  if (cursor) query.after = { mode: 'history', seq: cursor.seq + 1 };
  const citations = await store.citations();
  const runs: CitationRun[] = [];
  let skip = cursor?.skip ?? 0;
  // One row at a time (at most `limit` rows): a page may end inside a row, and its cursor needs that row's place.
  query.limit = 1;
  for (;;) {
    const page = await citations.listResults(accountId, query);
    const row = page.rows[0];
    if (!row || page.lastSeq === undefined) return { runs, next_cursor: null };
    const [kept] = await citations.runsOf([row]);
    for (let r = skip; r < kept!.length; r++) {
      if (runs.length === limit) return { runs, next_cursor: runCursor.encode({ seq: page.lastSeq, skip: r }) };
      runs.push({
        prompt_id: row.prompt_id,
        engine: row.engine,
        check_id: row.check_id,
        checked_at: row.checked_at,
        run: r + 1,
        ...kept![r]!,
      });
    }
    skip = 0;
    if (!page.next) return { runs, next_cursor: null };
    if (runs.length === limit) return { runs, next_cursor: runCursor.encode({ seq: page.lastSeq - 1, skip: 0 }) };
    query.after = page.next;
  }
}

export const listCitationRuns = route({
  method: 'GET',
  path: '/citations/runs',
  async handle(ctx, deps) {
    ctx.body = await listRuns(deps.store, ctx.state.account.id, ctx.query);
  },
});
