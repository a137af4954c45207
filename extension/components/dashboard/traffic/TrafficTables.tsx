import type { Traffic, TrafficAgent } from '../../../../shared/schema/traffic.js';
import { landingRows, verdictOf } from '../../../lib/dashboard/traffic.js';
import { engineName } from '../../../lib/dashboard/engine-names.js';
import { t, tp } from '../../../lib/i18n/t.js';
import { DataTable, type TableColumn } from '../DataTable.js';
import { When } from '../When.js';
import { Empty } from '../states.js';
import { purposeName } from './TrafficCharts.js';

/** An agent's hits in words: spoofed (a red pill), all verified, some verified, or none verifiable. */
function Verdict({ agent }: { agent: TrafficAgent }) {
  const verdict = verdictOf(agent);
  if (verdict === 'spoofed')
    return (
      <span class="pill critical" data-verdict="spoofed">
        {t('trafficVerdictSpoofed')}
      </span>
    );
  if (verdict === 'verified') return <span data-verdict="verified">{t('trafficVerdictVerified')}</span>;
  if (verdict === 'mixed') return <span data-verdict="mixed">{t('trafficVerdictMixed')}</span>;
  return (
    <span class="muted" data-verdict="unverified">
      {t('trafficVerdictUnverified')}
    </span>
  );
}

const AGENT_COLUMNS: readonly TableColumn<TrafficAgent>[] = [
  { id: 'agent', label: t('trafficColAgent'), sort: (a) => a.agent, csv: (a) => a.agent, cell: (a) => <strong>{a.agent}</strong> },
  { id: 'operator', label: t('trafficColOperator'), sort: (a) => a.operator, csv: (a) => a.operator },
  {
    id: 'purpose',
    label: t('trafficColPurpose'),
    sort: (a) => purposeName(a.purpose),
    csv: (a) => a.purpose,
    cell: (a) => purposeName(a.purpose),
  },
  { id: 'hits', label: t('trafficColHits'), num: true, sort: (a) => a.hits, csv: (a) => a.hits },
  { id: 'verified', label: t('trafficColVerified'), num: true, sort: (a) => a.verified, csv: (a) => a.verified },
  { id: 'spoofed', label: t('trafficColSpoofed'), num: true, sort: (a) => a.spoofed, csv: (a) => a.spoofed },
  { id: 'unverified', label: t('trafficColUnverified'), num: true, sort: (a) => a.unverified, csv: (a) => a.unverified },
  // The verdict stays on one line and the time breaks only after its date: in a narrow window both wrapped word by
  // word and made every row four lines tall.
  {
    id: 'verdict',
    label: t('trafficColVerdict'),
    sort: (a) => verdictOf(a),
    csv: (a) => verdictOf(a),
    cell: (a) => <Verdict agent={a} />,
    td: () => ({ class: 'nowrap' }),
  },
  { id: 'pages', label: t('trafficColPages'), num: true, sort: (a) => a.pages, csv: (a) => a.pages },
  {
    id: 'last_seen',
    label: t('trafficColLastSeen'),
    sort: (a) => a.last_seen,
    csv: (a) => a.last_seen,
    cell: (a) => <When iso={a.last_seen} />,
    td: () => ({ 'data-col': 'last_seen' }),
  },
];

/** Every agent seen in the window, most hits first: sortable, filterable, exported as CSV. */
export function AgentsTable({ agents }: { agents: readonly TrafficAgent[] }) {
  return (
    <DataTable
      rows={agents}
      columns={AGENT_COLUMNS}
      rowKey={(a) => a.agent}
      rowProps={(a) => ({ 'data-agent': a.agent, 'data-verdict': verdictOf(a) })}
      label={t('trafficAgents')}
      exportName="traffic-agents"
      initialSort={{ column: 'hits', direction: 'desc' }}
    />
  );
}

type Landing = ReturnType<typeof landingRows>[number];

const LANDING_COLUMNS: readonly TableColumn<Landing>[] = [
  { id: 'engine', label: t('dashColEngine'), sort: (r) => engineName(r.engine), csv: (r) => r.engine, cell: (r) => engineName(r.engine) },
  { id: 'path', label: t('trafficColLanding'), sort: (r) => r.path, csv: (r) => r.path, td: () => ({ class: 'break' }) },
  { id: 'visits', label: t('trafficColVisits'), num: true, sort: (r) => r.visits, csv: (r) => r.visits },
];

/** People who arrived from answer engines: visits per engine, and the pages they landed on. */
export function ReferralsTable({ referrals }: { referrals: Traffic['referrals'] }) {
  if (referrals.length === 0) return <Empty title={t('trafficReferralsNone')} />;
  return (
    <>
      <ul class="traffic-engines small">
        {referrals.map((r) => (
          <li key={r.engine} data-engine={r.engine}>
            <strong>{engineName(r.engine)}</strong> {tp('trafficVisits', r.visits)}
          </li>
        ))}
      </ul>
      <DataTable
        rows={landingRows(referrals)}
        columns={LANDING_COLUMNS}
        rowKey={(r) => `${r.engine} ${r.path}`}
        label={t('trafficReferrals')}
        exportName="traffic-referrals"
        initialSort={{ column: 'visits', direction: 'desc' }}
      />
    </>
  );
}

type Cited = NonNullable<Traffic['cited_pages']>[number];

const CITED_COLUMNS: readonly TableColumn<Cited>[] = [
  { id: 'path', label: t('trafficColPage'), sort: (c) => c.path, csv: (c) => c.url, cell: (c) => c.path, td: () => ({ class: 'break' }) },
  { id: 'citations', label: t('trafficColCitations'), num: true, sort: (c) => c.citations, csv: (c) => c.citations },
  {
    id: 'engines',
    label: t('trafficColEngines'),
    csv: (c) => c.engines.join(' '),
    cell: (c) => c.engines.map(engineName).join(', '),
  },
  { id: 'hits', label: t('trafficColCrawlerHits'), num: true, sort: (c) => c.hits, csv: (c) => c.hits },
  {
    id: 'agents',
    label: t('trafficColAgents'),
    csv: (c) => c.agents.map((a) => `${a.agent} ${a.hits}`).join('; '),
  },
];

/** The project's pages the engines cited, with the hits their operators' crawlers made on them. */
export function CitedPagesTable({ pages }: { pages: NonNullable<Traffic['cited_pages']> }) {
  if (pages.length === 0) return <Empty title={t('trafficCitedNone')} />;
  return (
    <DataTable
      rows={pages}
      columns={CITED_COLUMNS}
      rowKey={(c) => c.url}
      label={t('trafficCitedPages')}
      exportName="traffic-cited-pages"
      initialSort={{ column: 'citations', direction: 'desc' }}
    />
  );
}

type Uncrawled = NonNullable<Traffic['not_crawled']>['urls'][number];

const UNCRAWLED_COLUMNS: readonly TableColumn<Uncrawled>[] = [
  { id: 'path', label: t('trafficColPage'), sort: (u) => u.path, csv: (u) => u.url, cell: (u) => u.path, td: () => ({ class: 'break' }) },
];

/** Pages of the latest crawl no AI agent fetched in the window; without a crawl of the site, how to get one. */
export function NotCrawled({ notCrawled }: { notCrawled: Traffic['not_crawled'] }) {
  if (!notCrawled) return <Empty title={t('trafficNotCrawledNoCrawl')} />;
  if (notCrawled.pages === 0) return <Empty title={t('trafficNotCrawledNone')} />;
  return (
    <>
      <p class="muted small" data-testid="not-crawled-count">
        {tp('trafficNotCrawledPages', notCrawled.pages)}
      </p>
      <DataTable
        rows={notCrawled.urls}
        columns={UNCRAWLED_COLUMNS}
        rowKey={(u) => u.url}
        label={t('trafficNotCrawled')}
        exportName="traffic-not-crawled"
      />
    </>
  );
}
