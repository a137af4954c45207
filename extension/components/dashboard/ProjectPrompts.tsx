import { useState } from 'preact/hooks';
import type { Prompt } from '../../lib/api/types.js';
import { useDashboard } from './context.js';
import { useApi } from './use-api.js';
import { ActionError, Empty, ErrorState, Loading } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';

/**
 * A project's tracked prompts (GET /prompts, this project's), and POST /prompts with its project_id: the prompt tracks the project's domain
 * and aliases.
 */
export function ProjectPrompts({ projectId }: { projectId: string }) {
  const { api } = useDashboard();
  const [list, reload] = useApi((a) => a.get<{ prompts: Prompt[] }>('/prompts'), [projectId]);
  const [text, setText] = useState('');
  const [added, setAdded] = useState('');
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    setAdded('');
    const res = await run('add', () => api.post<{ prompt: Prompt }>('/prompts', { text: text.trim(), project_id: projectId }));
    if (!res.ok) return;
    setText('');
    setAdded(`Added “${res.data.prompt.text}”: the next citation check asks the engines.`);
    reload();
  };
  const mine = list.state === 'ok' ? list.data.prompts.filter((p) => p.project_id === projectId) : [];
  return (
    <>
      <h2>Prompts tracked</h2>
      <form class="inline-form" onSubmit={(e) => void submit(e)} aria-label="New prompt">
        <label>
          Prompt
          <input
            required
            class="wide"
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
            placeholder="best project management tool for agencies"
          />
        </label>
        <WriteButton type="submit" busy={busy !== ''} action="create-prompt">
          Track prompt
        </WriteButton>
        {error && <ActionError error={error} />}
        {added && (
          <p class="ok" role="status">
            {added}
          </p>
        )}
      </form>
      {list.state === 'loading' && <Loading what="prompts" />}
      {list.state === 'error' && <ErrorState what="prompts" error={list.error} onRetry={reload} />}
      {list.state === 'ok' && mine.length === 0 && <Empty title="No prompt tracks this project yet." />}
      {list.state === 'ok' && mine.length > 0 && (
        <ul class="prompt-list">
          {mine.map((p) => (
            <li key={p.id} data-prompt-id={p.id}>
              {p.text}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
