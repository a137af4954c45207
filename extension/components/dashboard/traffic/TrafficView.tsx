import { useState } from 'preact/hooks';
import type { Project } from '../../../lib/api/types.js';
import type { Traffic } from '../../../../shared/schema/traffic.js';
import { query } from '../../../lib/api/client.js';
import { routeHref } from '../../../lib/dashboard/route.js';
import { isEmptyTraffic, trafficTotals, trafficWindow, TRAFFIC_WINDOWS, type TrafficWindow } from '../../../lib/dashboard/traffic.js';
import { formatNumber, t, tp } from '../../../lib/i18n/t.js';
import { useApi } from '../use-api.js';
import { Empty, ErrorState, Loading } from '../states.js';
import { LogUpload } from './LogUpload.js';
import { PurposeChart, StatusMix } from './TrafficCharts.js';
import { AgentsTable, CitedPagesTable, NotCrawled, ReferralsTable } from './TrafficTables.js';
import './traffic.css';

/**
 * One project's AI crawler traffic from its uploaded access logs (GET /projects/{id}/traffic) over 7, 30, 90 or
 * 365 days: hits by purpose over time, the agents (verified or spoofed), the status mix, people arriving from answer
 * engines, the pages the engines cited and those no AI agent fetched; and the upload of another log file.
 */
export function TrafficView({ id }: { id: string }) {
  const [days, setDays] = useState<TrafficWindow>(30);
  const today = new Date().toISOString().slice(0, 10);
  const window = trafficWindow(days, today);
  const path = `/projects/${encodeURIComponent(id)}`;
  const [project] = useApi((a) => a.get<{ project: Project }>(path), [id]);
  const [traffic, reload] = useApi((a) => a.get<{ traffic: Traffic }>(`${path}/traffic${query(window)}`), [id, window.since]);

  if (project.state === 'loading') return <Loading what={t('dashWhatProject')} />;
  if (project.state === 'error') return <ErrorState what={t('dashWhatProject')} error={project.error} />;
  const p = project.data.project;
  return (
    <section aria-labelledby="h-traffic" data-project-id={p.id} class="traffic">
      <p class="crumbs small">
        <a href={routeHref({ view: 'projects' })}>{t('navProjects')}</a> / <a href={routeHref({ view: 'project', id: p.id })}>{p.name}</a> /
      </p>
      <h1 id="h-traffic">{t('trafficTitle', p.name)}</h1>
      <p class="muted">{t('trafficIntro', p.domain)}</p>
      <LogUpload projectId={p.id} onDone={reload} />
      <WindowPicker days={days} onChange={setDays} />
      {traffic.state === 'loading' && <Loading what={t('trafficWhat')} />}
      {traffic.state === 'error' && <ErrorState what={t('trafficWhat')} error={traffic.error} onRetry={reload} />}
      {traffic.state === 'ok' && isEmptyTraffic(traffic.data.traffic) && <NoTraffic projectId={p.id} />}
      {traffic.state === 'ok' && !isEmptyTraffic(traffic.data.traffic) && (
        <TrafficBody traffic={traffic.data.traffic} days={days} today={today} />
      )}
    </section>
  );
}

function WindowPicker({ days, onChange }: { days: TrafficWindow; onChange: (days: TrafficWindow) => void }) {
  return (
    <fieldset class="segmented">
      <legend>{t('dashPeriod')}</legend>
      {TRAFFIC_WINDOWS.map((w) => (
        <label key={w} class="check">
          <input type="radio" name="traffic-window" value={w} checked={days === w} onChange={() => onChange(w)} /> {t('dashLastDays', w)}
        </label>
      ))}
    </fieldset>
  );
}

/** The commands the empty state shows (commands, not words to translate). */
const apiExample = (projectId: string) =>
  `curl -X POST $CITABLE_URL/api/v1/projects/${projectId}/logs -H "Authorization: Bearer $CITABLE_KEY" --data-binary @access.log.gz`;
const CLI_EXAMPLE = 'npx citable logs /var/log/nginx/access.log';

/** Nothing stored in the window: how logs get in (the dashboard's upload above, the API, the CLI on the server's machine). */
function NoTraffic({ projectId }: { projectId: string }) {
  return (
    <Empty title={t('trafficNone')}>
      <p>{t('trafficNoneHow')}</p>
      <pre class="traffic-how">
        <code>{apiExample(projectId)}</code>
      </pre>
      <p>{t('trafficNoneCli')}</p>
      <pre class="traffic-how">
        <code>{CLI_EXAMPLE}</code>
      </pre>
    </Empty>
  );
}

function TrafficBody({ traffic, days, today }: { traffic: Traffic; days: TrafficWindow; today: string }) {
  const totals = trafficTotals(traffic);
  return (
    <>
      <dl class="figures" data-testid="traffic-figures">
        <Figure name={t('trafficHits')} value={totals.hits} note={tp('trafficAgentsCount', totals.agents)} />
        <Figure name={t('trafficSpoofedHits')} value={totals.spoofed} note={tp('trafficSpoofingAgents', totals.spoofingAgents)} />
        <Figure name={t('trafficReferralVisits')} value={totals.visits} note={tp('trafficReferralEngines', traffic.referrals.length)} />
      </dl>
      <h2>{t('trafficByPurpose')}</h2>
      <PurposeChart traffic={traffic} days={days} today={today} />
      <h2>{t('trafficAgents')}</h2>
      <AgentsTable agents={traffic.agents} />
      <h2>{t('trafficStatusMix')}</h2>
      <StatusMix agents={traffic.agents} />
      <h2>{t('trafficReferrals')}</h2>
      <ReferralsTable referrals={traffic.referrals} />
      <h2>{t('trafficCitedPages')}</h2>
      <CitedPagesTable pages={traffic.cited_pages ?? []} />
      <h2>{t('trafficNotCrawled')}</h2>
      <NotCrawled notCrawled={traffic.not_crawled ?? null} />
    </>
  );
}

function Figure({ name, value, note }: { name: string; value: number; note: string }) {
  return (
    <div class="figure">
      <dt>{name}</dt>
      <dd>
        <strong>{formatNumber(value)}</strong>
        <span class="muted small">{note}</span>
      </dd>
    </div>
  );
}
