import { useState } from 'preact/hooks';
import type { Prompt } from '../../lib/api/types.js';
import { useDashboard } from './context.js';
import { useApi } from './use-api.js';
import { ActionError, Empty, ErrorState, Loading } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';
import { DoneNote, useConfirm } from './ConfirmDialog.js';
import { CheckButton, PromptResults, useProjectResults } from './PromptCitations.js';
import type { EngineResult } from '../../lib/dashboard/prompt-citations.js';
import { t } from '../../lib/i18n/t.js';

/**
 * A project's tracked prompts (GET /prompts, this project's), and POST /prompts with its project_id: the prompt tracks the project's domain
 * and aliases. Under each prompt, where each engine cites or mentions the site, with "Check now" for the prompt and the project.
 */
export function ProjectPrompts({ projectId, domain }: { projectId: string; domain: string }) {
  const { api } = useDashboard();
  const [list, reload] = useApi((a) => a.get<{ prompts: Prompt[] }>('/prompts'), [projectId]);
  const [results, resultsError, reloadResults] = useProjectResults(projectId, domain);
  const [text, setText] = useState('');
  const [added, setAdded] = useState('');
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    setAdded('');
    const res = await run('add', () => api.post<{ prompt: Prompt }>('/prompts', { text: text.trim(), project_id: projectId }));
    if (!res.ok) return;
    setText('');
    setAdded(t('dashPromptAdded', res.data.prompt.text));
    reload();
  };
  const mine = list.state === 'ok' ? list.data.prompts.filter((p) => p.project_id === projectId) : [];
  return (
    <>
      <h2>{t('dashPromptsTracked')}</h2>
      <form class="inline-form" onSubmit={(e) => void submit(e)} aria-label={t('dashPromptNew')}>
        <label>
          {t('dashPrompt')}
          <input required class="wide" value={text} onInput={(e) => setText(e.currentTarget.value)} placeholder={t('dashPromptExample')} />
        </label>
        <WriteButton type="submit" busy={busy !== ''} action="create-prompt">
          {t('dashPromptTrack')}
        </WriteButton>
        {error && <ActionError error={error} />}
        {added && (
          <p class="ok" role="status">
            {added}
          </p>
        )}
      </form>
      {list.state === 'loading' && <Loading what={t('dashWhatPrompts')} />}
      {list.state === 'error' && <ErrorState what={t('dashWhatPrompts')} error={list.error} onRetry={reload} />}
      {list.state === 'ok' && mine.length === 0 && <Empty title={t('dashPromptsNone')} />}
      <p>
        <CheckButton scope={{ project_id: projectId }} label={t('dashCiteCheckProject')} onDone={reloadResults} />
      </p>
      {resultsError && <ActionError error={resultsError} />}
      {list.state === 'ok' && mine.length > 0 && (
        <PromptList prompts={mine} results={results} onChecked={reloadResults} onChanged={reload} />
      )}
    </>
  );
}

/** The prompts, each with its engines' results, Check now and Delete (asked first: it names the prompt and says what stops). */
function PromptList({
  prompts,
  results,
  onChecked,
  onChanged,
}: {
  prompts: readonly Prompt[];
  results: Map<string, EngineResult[]> | null;
  onChecked: () => void;
  onChanged: () => void;
}) {
  const { api } = useDashboard();
  const { busy, error, run } = useAction();
  const { dialog, ask } = useConfirm();
  const [done, setDone] = useState('');
  const remove = async (p: Prompt) => {
    const yes = await ask({
      title: t('dashPromptStopTitle', p.text),
      body: <p>{t('dashPromptStopBody')}</p>,
      confirm: t('dashPromptDelete'),
      keep: t('dashPromptKeep'),
    });
    if (!yes) return;
    setDone('');
    if ((await run(p.id, () => api.del(`/prompts/${encodeURIComponent(p.id)}`))).ok) setDone(t('dashPromptStopped', p.text));
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
            <strong>{p.text}</strong>{' '}
            <CheckButton scope={{ prompt_id: p.id }} label={t('dashCiteCheckPrompt')} context={p.text} onDone={onChecked} />{' '}
            <WriteButton
              class="danger small"
              busy={busy === p.id}
              onClick={() => void remove(p)}
              context={t('dashPromptContext', p.text)}
              action="delete-prompt"
            >
              {t('dashDelete')}
            </WriteButton>
            {results && <PromptResults prompt={p} results={results.get(p.id)} />}
          </li>
        ))}
      </ul>
    </>
  );
}
