import { useState } from 'preact/hooks';
import type { Project } from '../../lib/api/types.js';
import { useDashboard } from './context.js';
import { ActionError } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';
import { t } from '../../lib/i18n/t.js';

/**
 * POST /projects (docs/api-decisions.md#projects-and-citation-intelligence) with a name and the client's domain; brand and competitors can follow through the API or the CLI.
 */
export function NewProjectForm({ onCreated }: { onCreated: (project: Project) => void }) {
  const { api } = useDashboard();
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    const res = await run('create', () => api.post<{ project: Project }>('/projects', { name: name.trim(), domain: domain.trim() }));
    if (!res.ok) return;
    setName('');
    setDomain('');
    onCreated(res.data.project);
  };
  return (
    <form class="inline-form" onSubmit={(e) => void submit(e)} aria-label={t('newProjectLabel')}>
      <label>
        {t('newProjectName')}
        <input required value={name} onInput={(e) => setName(e.currentTarget.value)} placeholder={t('newProjectNamePlaceholder')} />
      </label>
      <label>
        {t('newProjectDomain')}
        <input required value={domain} onInput={(e) => setDomain(e.currentTarget.value)} placeholder={t('newProjectDomainPlaceholder')} />
      </label>
      <WriteButton type="submit" busy={busy !== ''} action="create-project">
        {t('newProjectSubmit')}
      </WriteButton>
      {error && <ActionError error={error} />}
    </form>
  );
}
