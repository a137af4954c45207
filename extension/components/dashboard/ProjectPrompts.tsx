import { useState } from 'preact/hooks';
import type { Prompt } from '../../lib/api/types.js';
import { useDashboard } from './context.js';
import { useApi } from './use-api.js';
import { ActionError, Empty, ErrorState, Loading } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';
import { DoneNote, useConfirm } from './ConfirmDialog.js';

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
      {list.state === 'ok' && mine.length > 0 && <PromptList prompts={mine} onChanged={reload} />}
      <CheckNow />
    </>
  );
}

/** The prompts, each with Delete (asked first: it names the prompt and says what stops). */
function PromptList({ prompts, onChanged }: { prompts: readonly Prompt[]; onChanged: () => void }) {
  const { api } = useDashboard();
  const { busy, error, run } = useAction();
  const { dialog, ask } = useConfirm();
  const [done, setDone] = useState('');
  const remove = async (p: Prompt) => {
    const yes = await ask({
      title: `Stop tracking “${p.text}”?`,
      body: <p>Citation checks no longer ask the engines this prompt. Tracking it again later starts its figures afresh.</p>,
      confirm: 'Delete prompt',
      keep: 'Keep tracking',
    });
    if (!yes) return;
    setDone('');
    if ((await run(p.id, () => api.del(`/prompts/${encodeURIComponent(p.id)}`))).ok) setDone(`“${p.text}” is no longer tracked.`);
    onChanged();
  };
  return (
    <>
      {error && <ActionError error={error} />}
      <DoneNote text={done} />
      {dialog}
      <ul class="prompt-list">
        {prompts.map((p) => (
          <li key={p.id} data-prompt-id={p.id}>
            {p.text}{' '}
            <WriteButton
              class="danger small"
              busy={busy === p.id}
              onClick={() => void remove(p)}
              context={`the prompt ${p.text}`}
              action="delete-prompt"
            >
              Delete
            </WriteButton>
          </li>
        ))}
      </ul>
    </>
  );
}

/** "Check now": every prompt of the account on every engine, in the background (POST /citations/checks). */
function CheckNow() {
  const { api } = useDashboard();
  const { busy, error, run } = useAction();
  const [started, setStarted] = useState('');
  const [checkId, setCheckId] = useState('');
  const check = async () => {
    setStarted('');
    const res = await run('check', () => api.post<{ check: { id: string } }>('/citations/checks'));
    if (!res.ok) return;
    setCheckId(res.data.check.id);
    setStarted('Checking every prompt on every engine now; the figures above include the answers once it ends (a few minutes).');
  };
  return (
    <p>
      <WriteButton class="secondary" busy={busy !== ''} onClick={() => void check()} action="check-now">
        Check now
      </WriteButton>{' '}
      {started && (
        <span class="ok" role="status" data-check-id={checkId}>
          {started}
        </span>
      )}
      {error && <ActionError error={error} />}
    </p>
  );
}
