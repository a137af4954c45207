import type { CitationSummary, Project } from '../../lib/api/types.js';
import { query, type ApiResult } from '../../lib/api/client.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { percent } from './format.js';
import { NewProjectForm } from './NewProjectForm.js';
import { useApi } from './use-api.js';
import { Empty, ErrorState, Loading } from './states.js';
import { DataTable, type TableColumn } from './DataTable.js';
import { t } from '../../lib/i18n/t.js';

/** The other ways to add a project, named as typed (not translated). */
const ADD_BY_API = 'POST /api/v1/projects';
const ADD_BY_CLI = 'citable projects';

type Row = { project: Project; summary: ApiResult<{ summary: CitationSummary }> };

/**
 * Projects (docs/api-decisions.md#projects-and-citation-intelligence) with their last 30 days at a glance: runs, visibility, share of voice; a new project by name and domain.
 */
export function ProjectsView() {
  const [list, reload] = useApi(async (api) => {
    const res = await api.get<{ projects: Project[] }>('/projects');
    if (!res.ok) return res;
    const rows: Row[] = await Promise.all(
      res.data.projects.map(async (project) => ({
        project,
        summary: await api.get<{ summary: CitationSummary }>(`/citations/summary${query({ project_id: project.id })}`),
      })),
    );
    return { ok: true as const, status: 200, data: rows };
  }, []);
  return (
    <section aria-labelledby="h-projects">
      <h1 id="h-projects">{t('navProjects')}</h1>
      <p class="muted">{t('dashProjectsIntro')}</p>
      <NewProjectForm onCreated={reload} />
      {list.state === 'loading' && <Loading what={t('dashWhatProjects')} />}
      {list.state === 'error' && <ErrorState what={t('dashWhatProjects')} error={list.error} onRetry={reload} />}
      {list.state === 'ok' && list.data.length === 0 && (
        <Empty title={t('dashProjectsNone')}>
          <p>
            {t('dashProjectsAddWith')} <code>{ADD_BY_API}</code> {t('dashProjectsOr')} <code>{ADD_BY_CLI}</code>
            {t('dashProjectsThenTrack')}
          </p>
        </Empty>
      )}
      {list.state === 'ok' && list.data.length > 0 && <ProjectsTable rows={list.data} />}
    </section>
  );
}

/** A summary's figure, or null when it could not be read. */
const fig = (r: Row, pick: (s: CitationSummary) => number) => (r.summary.ok ? pick(r.summary.data.summary) : null);

const PROJECT_COLUMNS: readonly TableColumn<Row>[] = [
  {
    id: 'project',
    label: t('dashColProject'),
    sort: (r) => r.project.name,
    csv: (r) => r.project.name,
    cell: (r) => <a href={routeHref({ view: 'project', id: r.project.id })}>{r.project.name}</a>,
  },
  { id: 'domain', label: t('dashColDomain'), sort: (r) => r.project.domain, csv: (r) => r.project.domain },
  {
    id: 'runs',
    label: t('dashColRuns'),
    num: true,
    sort: (r) => fig(r, (s) => s.runs),
    csv: (r) => fig(r, (s) => s.runs),
    cell: (r) => (r.summary.ok ? r.summary.data.summary.runs : <span class="error small">{r.summary.error}</span>),
  },
  {
    id: 'visibility',
    label: t('dashColVisibility'),
    num: true,
    sort: (r) => fig(r, (s) => s.visibility),
    csv: (r) => fig(r, (s) => s.visibility),
    cell: (r) => (r.summary.ok ? percent(r.summary.data.summary.visibility) : '—'),
  },
  {
    id: 'share',
    label: t('dashShareOfVoice'),
    num: true,
    sort: (r) => fig(r, (s) => s.share_of_voice),
    csv: (r) => fig(r, (s) => s.share_of_voice),
    cell: (r) => (r.summary.ok ? percent(r.summary.data.summary.share_of_voice) : '—'),
  },
];

/** Each project with its last 30 days: runs, visibility and share of voice (or why they could not be read). */
function ProjectsTable({ rows }: { rows: readonly Row[] }) {
  return (
    <DataTable
      rows={rows}
      columns={PROJECT_COLUMNS}
      rowKey={(r) => r.project.id}
      rowProps={(r) => ({ 'data-project-id': r.project.id })}
      label={t('navProjects')}
      exportName="projects"
    />
  );
}
