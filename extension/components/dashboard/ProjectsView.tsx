import type { CitationSummary, Project } from '../../lib/api/types.js';
import { query, type ApiResult } from '../../lib/api/client.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { percent } from './format.js';
import { NewProjectForm } from './NewProjectForm.js';
import { useApi } from './use-api.js';
import { Empty, ErrorState, Loading } from './states.js';

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
      <h1 id="h-projects">Projects</h1>
      <p class="muted">
        How often answer engines show each client (mentioned or cited) over the last 30 days, and its share of voice against its
        competitors.
      </p>
      <NewProjectForm onCreated={reload} />
      {list.state === 'loading' && <Loading what="projects" />}
      {list.state === 'error' && <ErrorState what="projects" error={list.error} onRetry={reload} />}
      {list.state === 'ok' && list.data.length === 0 && (
        <Empty title="No projects yet.">
          <p>
            Add one above (or with <code>POST /api/v1/projects</code> or <code>citable projects</code>), then track prompts for it on its
            page.
          </p>
        </Empty>
      )}
      {list.state === 'ok' && list.data.length > 0 && <ProjectsTable rows={list.data} />}
    </section>
  );
}

/** Each project with its last 30 days: runs, visibility and share of voice (or why they could not be read). */
function ProjectsTable({ rows }: { rows: readonly Row[] }) {
  return (
    <div class="table-wrap">
      <table class="data">
        <thead>
          <tr>
            <th scope="col">Project</th>
            <th scope="col">Domain</th>
            <th scope="col" class="num">
              Runs
            </th>
            <th scope="col" class="num">
              Visibility
            </th>
            <th scope="col" class="num">
              Share of voice
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ project, summary }) => (
            <tr key={project.id} data-project-id={project.id}>
              <td>
                <a href={routeHref({ view: 'project', id: project.id })}>{project.name}</a>
              </td>
              <td>{project.domain}</td>
              {summary.ok ? (
                <>
                  <td class="num">{summary.data.summary.runs}</td>
                  <td class="num">{percent(summary.data.summary.visibility)}</td>
                  <td class="num">{percent(summary.data.summary.share_of_voice)}</td>
                </>
              ) : (
                <td colSpan={3} class="error small">
                  {summary.error}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
