/**
 * "Seen in the logs": what AI crawlers did on the site over the report's window, from its project's access logs
 * (docs/reports.md#ai-crawler-traffic). Requests by purpose per day, the agents with how many of their requests
 * came from their operator's addresses and how many were refused, the status mix, the people answer engines sent
 * and where they landed, the audited pages no crawler fetched, and one sentence on what it means for the client.
 * Nothing at all when the window holds no traffic.
 */
import { clip } from '../format.js';
import { useT } from '../i18n-context.js';
import type { Translator } from '../../i18n/translator.js';
import { STATUS_CLASSES } from '../../logs/types.js';
import {
  hasTraffic,
  refusedShare,
  trafficDays,
  trafficMeaning,
  trafficTotals,
  type TrafficMeaning,
  type TrafficTotals,
} from '../traffic-figures.js';
import type { ReportTraffic } from '../types.js';
import { Section } from './Section.js';
import { purposeName, TrafficChart } from './TrafficChart.js';

/** Rows of each table; the rest are counted under it. */
export const TRAFFIC_AGENTS = 10;
export const TRAFFIC_ENGINES = 8;
export const LANDING_PAGES_SHOWN = 3;
export const NOT_FETCHED_SHOWN = 10;

export function TrafficSection({ traffic }: { traffic: ReportTraffic | null | undefined }) {
  const tr = useT();
  if (!hasTraffic(traffic)) return null;
  const totals = trafficTotals(traffic);
  const window = { since: tr.date(`${traffic.since}T00:00:00Z`), until: tr.date(`${traffic.until}T00:00:00Z`) };
  return (
    <Section id="traffic" title={tr.t('traffic.title')}>
      <p data-testid="traffic-intro">
        {tr.t('traffic.intro', { ...window, count: totals.hits })} {tr.t('traffic.introVisits', { count: totals.visits })}
      </p>
      <p class="panel traffic-meaning" data-testid="traffic-meaning">
        {meaningText(tr, trafficMeaning(traffic, totals))}
      </p>
      {totals.hits > 0 && (
        <>
          <TrafficChart days={trafficDays(traffic)} />
          <StatusMix totals={totals} />
          <AgentsTable traffic={traffic} />
        </>
      )}
      <Referrals traffic={traffic} />
      <NotFetched traffic={traffic} />
    </Section>
  );
}

function meaningText(tr: Translator, meaning: TrafficMeaning): string {
  switch (meaning.kind) {
    case 'refused':
      return tr.t('traffic.meaningRefused', { share: tr.percent(meaning.share) });
    case 'spoofed':
      return tr.t('traffic.meaningSpoofed', { share: tr.percent(meaning.share) });
    case 'notFetched':
      return tr.t('traffic.meaningNotFetched', { count: meaning.count });
    case 'referrals':
      return tr.t('traffic.meaningReferrals', { count: meaning.count });
    case 'referralsOnly':
      return tr.t('traffic.meaningReferralsOnly', { count: meaning.count });
    default:
      return tr.t('traffic.meaningNoReferrals');
  }
}

const STATUS_WORDS = {
  '2xx': 'traffic.status2xx',
  '3xx': 'traffic.status3xx',
  '4xx': 'traffic.status4xx',
  '5xx': 'traffic.status5xx',
} as const;

/** How the site answered the crawlers: each status class's share of their requests. */
function StatusMix({ totals }: { totals: TrafficTotals }) {
  const tr = useT();
  return (
    <div class="stats traffic-statuses" data-testid="traffic-statuses">
      {STATUS_CLASSES.map((c) => (
        <span key={c} class="stat" data-status={c} data-requests={totals.statuses[c]}>
          <strong>{tr.percent(totals.hits ? totals.statuses[c] / totals.hits : 0)}</strong>
          <span class="muted small">{tr.t(STATUS_WORDS[c])}</span>
        </span>
      ))}
    </div>
  );
}

function AgentsTable({ traffic }: { traffic: ReportTraffic }) {
  const tr = useT();
  const agents = traffic.traffic.agents.filter((a) => a.hits > 0);
  const more = agents.length - TRAFFIC_AGENTS;
  return (
    <>
      <table class="traffic-agents">
        <thead>
          <tr>
            <th>{tr.t('traffic.agent')}</th>
            <th class="num">{tr.t('traffic.requests')}</th>
            <th class="num">{tr.t('traffic.verified')}</th>
            <th class="num">{tr.t('traffic.spoofed')}</th>
            <th class="num">{tr.t('traffic.refused')}</th>
          </tr>
        </thead>
        <tbody>
          {agents.slice(0, TRAFFIC_AGENTS).map((a) => (
            <tr key={a.agent} data-agent={a.agent}>
              <td>
                <strong>{clip(a.agent, 60)}</strong>
                <br />
                <span class="muted small">
                  {clip(a.operator, 40)} · {purposeName(tr, a.purpose)}
                </span>
              </td>
              <td class="num">{tr.number(a.hits)}</td>
              <td class="num">{tr.number(a.verified)}</td>
              <td class="num">{a.spoofed > 0 ? <span class="pill poor">{tr.number(a.spoofed)}</span> : <span class="muted">0</span>}</td>
              <td class="num">{tr.percent(refusedShare(a))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 && <p class="muted small">{tr.t('crawl.andMore', { count: more })}</p>}
      <p class="muted small">{tr.t('traffic.agentsNote')}</p>
    </>
  );
}

/** People the answer engines sent, per engine, with the pages they landed on most. */
function Referrals({ traffic }: { traffic: ReportTraffic }) {
  const tr = useT();
  const engines = traffic.traffic.referrals.filter((r) => r.visits > 0);
  return (
    <>
      <h3 class="traffic-subtitle">{tr.t('traffic.referralsTitle')}</h3>
      {engines.length === 0 ? (
        <p class="muted">{tr.t('traffic.noReferrals')}</p>
      ) : (
        <table class="traffic-referrals">
          <thead>
            <tr>
              <th>{tr.t('traffic.engine')}</th>
              <th class="num">{tr.t('traffic.visits')}</th>
              <th>{tr.t('traffic.landingPages')}</th>
            </tr>
          </thead>
          <tbody>
            {engines.slice(0, TRAFFIC_ENGINES).map((r) => (
              <tr key={r.engine} data-engine={r.engine}>
                <td>{clip(r.engine, 40)}</td>
                <td class="num">{tr.number(r.visits)}</td>
                <td class="url-cell mono">
                  {r.landing_pages
                    .slice(0, LANDING_PAGES_SHOWN)
                    .map((p) => `${clip(p.path, 70)} (${tr.number(p.visits)})`)
                    .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The audited pages no AI crawler fetched in the window: answer engines cannot cite what they have not read. */
function NotFetched({ traffic }: { traffic: ReportTraffic }) {
  const tr = useT();
  const missing = traffic.notFetched;
  if (!missing || missing.of === 0) return null;
  return (
    <>
      <h3 class="traffic-subtitle">{tr.t('traffic.notFetchedTitle')}</h3>
      {missing.pages === 0 ? (
        <p>{tr.t('traffic.allFetched')}</p>
      ) : (
        <>
          <p>{tr.t('traffic.notFetchedIntro', { count: missing.pages, total: missing.of })}</p>
          <ul class="examples" data-testid="traffic-not-fetched">
            {missing.urls.slice(0, NOT_FETCHED_SHOWN).map((u) => (
              <li key={u}>{clip(u, 110)}</li>
            ))}
            {missing.pages > NOT_FETCHED_SHOWN && (
              <li class="more">{tr.t('crawl.andMore', { count: missing.pages - NOT_FETCHED_SHOWN })}</li>
            )}
          </ul>
        </>
      )}
    </>
  );
}
