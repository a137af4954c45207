import { useState } from 'preact/hooks';
import type { CitationSources, CitationSummary, Project, Source } from '../../lib/api/types.js';
import { query } from '../../lib/api/client.js';
import { addDays, periods } from '../../lib/dashboard/chart-geometry.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { BarChart } from './charts/BarChart.js';
import { LineChart } from './charts/LineChart.js';
import { StackedColumns, type Texture } from './charts/StackedColumns.js';
import { percent, shortDay } from './format.js';
import { ProjectPrompts } from './ProjectPrompts.js';
import { useApi, type Load } from './use-api.js';
import { Empty, ErrorState, Loading } from './states.js';
import { DataTable, type TableColumn } from './DataTable.js';
import { engineName } from '../../lib/dashboard/engine-names.js';
import { CompetitorsEdit } from './CompetitorsEdit.js';
import { t } from '../../lib/i18n/t.js';

const WINDOWS = [7, 30, 90] as const;
/** Periods the "sources over time" chart splits the window into. */
const SOURCE_PERIODS = { 7: 7, 30: 5, 90: 6 } as const;
/** Each kind of source: its colour, a texture (so the columns differ without colour) and its name in words (`inText` within a sentence). */
const KINDS: ReadonlyArray<{ kind: Source['kind']; name: string; inText: string; short: string; className: string; texture: Texture }> = [
  {
    kind: 'owned',
    name: t('dashKindOwned'),
    inText: t('dashKindOwnedInText'),
    short: t('dashKindOwnedShort'),
    className: 'kind-owned',
    texture: 'solid',
  },
  {
    kind: 'competitor',
    name: t('dashKindCompetitors'),
    inText: t('dashKindCompetitorsInText'),
    short: t('dashKindCompetitor'),
    className: 'kind-competitor',
    texture: 'hatch',
  },
  {
    kind: 'third_party',
    name: t('dashKindThird'),
    inText: t('dashKindThirdInText'),
    short: t('dashKindThirdShort'),
    className: 'kind-third',
    texture: 'dots',
  },
];

/**
 * One project's citation intelligence over 7, 30 or 90 days: visibility and share of voice per day, per
 * engine and against each competitor, the sources the engines cited, and how those sources moved over time.
 */
export function ProjectView({ id }: { id: string }) {
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(30);
  const today = new Date().toISOString().slice(0, 10);
  const since = addDays(today, -(days - 1));
  const [project, reloadProject] = useApi((a) => a.get<{ project: Project }>(`/projects/${encodeURIComponent(id)}`), [id]);
  const [summary, reloadSummary] = useApi(
    (a) => a.get<{ summary: CitationSummary }>(`/citations/summary${query({ project_id: id, since, until: today })}`),
    [id, since],
  );
  const [sources, reloadSources] = useApi(
    (a) => a.get<CitationSources>(`/citations/sources${query({ project_id: id, since, until: today, limit: 10 })}`),
    [id, since],
  );
  const overTime = useSourcesOverTime(id, since, today, SOURCE_PERIODS[days]);

  if (project.state === 'loading') return <Loading what={t('dashWhatProject')} />;
  if (project.state === 'error') return <ErrorState what={t('dashWhatProject')} error={project.error} />;
  const p = project.data.project;
  return (
    <section aria-labelledby="h-project" data-project-id={p.id}>
      <p class="crumbs small">
        <a href={routeHref({ view: 'projects' })}>{t('navProjects')}</a> /
      </p>
      <h1 id="h-project">{p.name}</h1>
      <p class="muted">
        {p.domain}
        {p.competitors.length > 0 ? ` · ${t('dashProjectAgainst', p.competitors.map((c) => c.name).join(', '))}` : ''}
      </p>
      <p>
        <a href={routeHref({ view: 'project-traffic', id: p.id })} data-action="open-traffic">
          {t('trafficOpen')}
        </a>
      </p>
      <CompetitorsEdit project={p} onSaved={reloadProject} />
      <PeriodPicker days={days} onChange={setDays} />

      {summary.state === 'loading' && <Loading what={t('dashWhatSummary')} />}
      {summary.state === 'error' && <ErrorState what={t('dashWhatSummary')} error={summary.error} onRetry={reloadSummary} />}
      {summary.state === 'ok' && <SummaryPart summary={summary.data.summary} brand={p.brand?.name ?? p.name} />}

      <h2>{t('dashSourcesCited')}</h2>
      {sources.state === 'loading' && <Loading what={t('dashWhatSources')} />}
      {sources.state === 'error' && <ErrorState what={t('dashWhatSources')} error={sources.error} onRetry={reloadSources} />}
      {sources.state === 'ok' && sources.data.sources.length === 0 && <Empty title={t('dashSourcesNone')} />}
      {sources.state === 'ok' && sources.data.sources.length > 0 && <SourcesPart sources={sources.data.sources} />}

      <h2>{t('dashSourcesOverTime')}</h2>
      <SourcesOverTime overTime={overTime} />

      <ProjectPrompts projectId={p.id} domain={p.domain} />
    </section>
  );
}

type PeriodSources = { since: string; until: string; sources: Source[] };

/** The window cut into `count` periods, and the sources cited in each (one read per period). */
function useSourcesOverTime(id: string, since: string, today: string, count: number): Load<PeriodSources[]> {
  const [overTime] = useApi(
    async (a) => {
      const windows = periods(since, today, count);
      const answers = await Promise.all(
        windows.map((w) =>
          a.get<CitationSources>(`/citations/sources${query({ project_id: id, since: w.since, until: w.until, limit: 100 })}`),
        ),
      );
      const failed = answers.find((r) => !r.ok);
      if (failed && !failed.ok) return failed;
      return {
        ok: true as const,
        status: 200,
        data: windows.map((w, i) => ({ ...w, sources: answers[i]!.ok ? (answers[i] as { data: CitationSources }).data.sources : [] })),
      };
    },
    [id, since],
  );
  return overTime;
}

function PeriodPicker({ days, onChange }: { days: (typeof WINDOWS)[number]; onChange: (days: (typeof WINDOWS)[number]) => void }) {
  return (
    <fieldset class="segmented">
      <legend>{t('dashPeriod')}</legend>
      {WINDOWS.map((w) => (
        <label key={w} class="check">
          <input type="radio" name="window" checked={days === w} onChange={() => onChange(w)} /> {t('dashLastDays', w)}
        </label>
      ))}
    </fieldset>
  );
}

/** Citations per period, stacked by kind of source. */
function SourcesOverTime({ overTime }: { overTime: Load<PeriodSources[]> }) {
  if (overTime.state === 'loading') return <Loading what={t('dashWhatSourcesOverTime')} />;
  if (overTime.state === 'error') return <ErrorState what={t('dashWhatSourcesOverTime')} error={overTime.error} />;
  return (
    <StackedColumns
      label={t('dashCitationsPerPeriod')}
      legend={KINDS}
      columns={overTime.data.map((w) => ({
        label: w.since === w.until ? shortDay(w.since) : `${shortDay(w.since)}–${shortDay(w.until)}`,
        parts: KINDS.map((k) => ({
          name: k.name,
          className: k.className,
          texture: k.texture,
          value: w.sources.filter((s) => s.kind === k.kind).reduce((n, s) => n + s.citations, 0),
        })),
      }))}
    />
  );
}

function SummaryPart({ summary, brand }: { summary: CitationSummary; brand: string }) {
  if (summary.runs === 0) return <Empty title={t('dashNoRuns')} />;
  const voices = [
    { name: brand, share: summary.share_of_voice, own: true },
    ...summary.competitors.map((c) => ({ name: c.name, share: c.share_of_voice, own: false })),
  ];
  return (
    <>
      <dl class="figures" data-testid="citation-figures">
        <Figure
          name={t('dashColVisibility')}
          value={percent(summary.visibility)}
          note={t('dashRunsOf', summary.visible_runs, summary.runs)}
        />
        <Figure name={t('dashCitationRate')} value={percent(summary.citation_rate)} note={t('dashRunsCited', summary.cited_runs)} />
        <Figure name={t('dashShareOfVoice')} value={percent(summary.share_of_voice)} note={t('dashAgainstCompetitors')} />
        <Figure
          name={t('dashAvgPosition')}
          value={summary.avg_position === null ? '—' : String(summary.avg_position)}
          note={t('dashAmongCited')}
        />
      </dl>
      <h2>{t('dashVisibilityPerDay')}</h2>
      <p class="muted small">{t('dashDaysBlank')}</p>
      <LineChart
        label={t('dashVisibilityPerDay')}
        days={summary.series.map((s) => s.date)}
        series={[
          { name: t('dashColVisibility'), className: 'series-a', values: summary.series.map((s) => (s.runs > 0 ? s.visibility : null)) },
          { name: t('dashShareOfVoice'), className: 'series-b', values: summary.series.map((s) => (s.runs > 0 ? s.share_of_voice : null)) },
        ]}
      />
      <h2>{t('dashShareOfVoice')}</h2>
      <BarChart
        label={t('dashShareOfVoice')}
        max={1}
        bars={voices.map((v) => ({
          label: v.name,
          value: v.share,
          text: percent(v.share),
          className: v.own ? 'kind-owned' : 'kind-competitor',
          kind: v.own ? t('dashKindClient') : t('dashKindCompetitor'),
        }))}
      />
      <h2>{t('dashByEngine')}</h2>
      <EngineTable engines={summary.by_engine} />
    </>
  );
}

type EngineRow = CitationSummary['by_engine'][number];

const ENGINE_COLUMNS: readonly TableColumn<EngineRow>[] = [
  {
    id: 'engine',
    label: t('dashColEngine'),
    sort: (e) => engineName(e.engine),
    csv: (e) => e.engine,
    cell: (e) => <strong>{engineName(e.engine)}</strong>,
  },
  { id: 'runs', label: t('dashColRuns'), num: true, sort: (e) => e.runs, csv: (e) => e.runs },
  {
    id: 'visibility',
    label: t('dashColVisibility'),
    num: true,
    sort: (e) => e.visibility,
    csv: (e) => e.visibility,
    cell: (e) => percent(e.visibility),
  },
  {
    id: 'citation_rate',
    label: t('dashCitationRate'),
    num: true,
    sort: (e) => e.citation_rate,
    csv: (e) => e.citation_rate,
    cell: (e) => percent(e.citation_rate),
  },
  {
    id: 'share',
    label: t('dashShareOfVoice'),
    num: true,
    sort: (e) => e.share_of_voice,
    csv: (e) => e.share_of_voice,
    cell: (e) => percent(e.share_of_voice),
  },
  {
    id: 'position',
    label: t('dashColAvgPosition'),
    num: true,
    sort: (e) => e.avg_position,
    csv: (e) => e.avg_position,
    cell: (e) => e.avg_position ?? '—',
  },
];

/** Visibility, citation rate, share of voice and position per engine. */
function EngineTable({ engines }: { engines: CitationSummary['by_engine'] }) {
  return (
    <DataTable
      rows={engines}
      columns={ENGINE_COLUMNS}
      rowKey={(e) => e.engine}
      rowProps={(e) => ({ 'data-engine': e.engine })}
      label={t('dashByEngine')}
      exportName="engines"
      search={false}
    />
  );
}

function SourcesPart({ sources }: { sources: readonly Source[] }) {
  const max = Math.max(...sources.map((s) => s.citations));
  const kind = (k: Source['kind']) => KINDS.find((x) => x.kind === k)!;
  return (
    <>
      <BarChart
        label={t('dashMostCited')}
        max={max}
        bars={sources.map((s) => ({
          label: s.domain,
          value: s.citations,
          text: `${s.citations}`,
          className: kind(s.kind).className,
          kind: kind(s.kind).short,
        }))}
      />
      <details>
        <summary>{t('dashPagesPerDomain')}</summary>
        <ul class="sources">
          {sources.map((s) => (
            <li key={s.domain} data-source={s.domain} data-kind={s.kind}>
              <strong>{s.domain}</strong>{' '}
              <span class="muted small">
                ({kind(s.kind).inText}
                {s.competitor ? `: ${s.competitor}` : ''}; {s.engines.join(', ')})
              </span>
              <ul>
                {s.top_urls.map((u) => (
                  <li key={u.url} class="break small">
                    {u.url} ({u.citations})
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

function Figure({ name, value, note }: { name: string; value: string; note: string }) {
  return (
    <div class="figure">
      <dt>{name}</dt>
      <dd>
        <strong>{value}</strong>
        <span class="muted small">{note}</span>
      </dd>
    </div>
  );
}
