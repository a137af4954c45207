/**
 * GET /projects/{id}/traffic?since=&until=&agent=&purpose=: the project's AI crawler traffic from its stored
 * daily rollups, as `citable logs --json` prints it. `since` and `until` are dates or date-times (their UTC day
 * counts whole); without them, every stored day.
 */
import { TRAFFIC_PURPOSES, type TrafficPurpose } from '../../../shared/logs/types.js';
import { HttpError } from '../../http/http-error.js';
import { countsOfDays } from '../../traffic/traffic-of-days.js';
import { citedPages, notCrawled } from '../../traffic/traffic-joins.js';
import { singleParam, timeParam, type RawQuery } from '../query-params.js';
import { route } from '../route.js';
import type { Traffic } from '../../../shared/schema/traffic.js';
import type { StoredProject } from '../../store/contracts/projects.js';
import type { Store } from '../../store/contracts/store.js';
import { projectOf } from './project-wire.js';

const DAY_MS = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function trafficQuery(raw: RawQuery) {
  const since = timeParam(raw, 'since');
  const until = timeParam(raw, 'until');
  if (since !== undefined && until !== undefined && since > until) throw new HttpError(400, 'since must not be after until');
  const agent = singleParam(raw, 'agent')?.trim() || null;
  if (agent && agent.length > 100) throw new HttpError(400, 'agent must be at most 100 characters');
  const purpose = singleParam(raw, 'purpose') ?? null;
  if (purpose !== null && !(TRAFFIC_PURPOSES as readonly string[]).includes(purpose))
    throw new HttpError(400, `purpose must be one of ${TRAFFIC_PURPOSES.join(', ')}`);
  const sinceDay = since === undefined ? NaN : Math.floor(since / DAY_MS) * DAY_MS;
  const untilDay = until === undefined ? NaN : Math.floor(until / DAY_MS) * DAY_MS + DAY_MS - 1;
  return { since: sinceDay, until: untilDay, agent, purpose: purpose as TrafficPurpose | null };
}

/** The project's traffic for a query (GET /projects/{id}/traffic and the MCP tool crawler_traffic). */
export async function projectTraffic(store: Store, project: StoredProject, raw: RawQuery): Promise<Traffic> {
  const query = trafficQuery(raw);
  const from = Number.isNaN(query.since) ? '0000-01-01' : dateOf(query.since);
  const to = Number.isNaN(query.until) ? '9999-12-31' : dateOf(query.until);
  const days = await (await store.traffic()).listWindow(project.id, from, to, Boolean(query.agent || query.purpose));
  const { traffic, counts } = countsOfDays(days, query, query);
  const window = { since: from, until: to, sinceMs: query.since, untilMs: query.until };
  return {
    ...traffic,
    not_crawled: await notCrawled(store, project, window),
    cited_pages: await citedPages(store, project, window, counts),
  };
}

export const getTraffic = route({
  method: 'GET',
  path: '/projects/:id/traffic',
  async handle(ctx, deps) {
    trafficQuery(ctx.query); // a bad query is a 400 before the project is looked up
    ctx.body = { traffic: await projectTraffic(deps.store, await projectOf(deps, ctx), ctx.query) };
  },
});
