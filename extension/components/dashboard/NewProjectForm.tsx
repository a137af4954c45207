import { useState } from 'preact/hooks';
import type { Project } from '../../lib/api/types.js';
import { useDashboard } from './context.js';
import { ActionError } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';

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
    <form class="inline-form" onSubmit={(e) => void submit(e)} aria-label="New project">
      <label>
        Name
        <input required value={name} onInput={(e) => setName(e.currentTarget.value)} placeholder="Acme" />
      </label>
      <label>
        Domain
        <input required value={domain} onInput={(e) => setDomain(e.currentTarget.value)} placeholder="acme.com" />
      </label>
      <WriteButton type="submit" busy={busy !== ''} action="create-project">
        Add project
      </WriteButton>
      {error && <ActionError error={error} />}
    </form>
  );
}
