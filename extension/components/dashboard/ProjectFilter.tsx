import { useState } from 'preact/hooks';
import type { VNode } from 'preact';
import type { Project } from '../../lib/api/types.js';
import { inProject } from '../../lib/dashboard/by-project.js';
import { t } from '../../lib/i18n/t.js';
import { useApi } from './use-api.js';

/**
 * A "Client" select over the account's projects, and the filter it sets: a list shows one client's rows (matched
 * by the address's host against the project's domain and aliases), or every row. No select when there are no projects.
 */
export function useProjectFilter(): {
  select: VNode | null;
  only: <T>(rows: readonly T[], urlOf: (row: T) => string) => T[];
  /** What an empty list says: `none` when every row is shown, that the client has none when one is chosen. */
  empty: (none: string) => string;
} {
  const [load] = useApi((a) => a.get<{ projects: Project[] }>('/projects'), []);
  const [chosen, setChosen] = useState('');
  const projects = load.state === 'ok' ? load.data.projects : [];
  const select =
    projects.length === 0 ? null : (
      <label class="project-filter">
        {t('dashClient')}
        <select name="project" value={chosen} onChange={(e) => setChosen(e.currentTarget.value)} data-action="filter-project">
          <option value="">{t('dashClientAll')}</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
    );
  return {
    select,
    only: (rows, urlOf) => inProject(rows, urlOf, chosen, projects),
    empty: (none) => (chosen === '' ? none : t('dashClientNone')),
  };
}
