import { useEffect, useRef, useState } from 'preact/hooks';
import type { CitationCheck, CitationResult, Prompt } from '../../lib/api/types.js';
import { engineName } from '../../lib/dashboard/engine-names.js';
import { checkProgress, resultsByPrompt, type EngineResult } from '../../lib/dashboard/prompt-citations.js';
import { loadPages } from '../../lib/dashboard/load-pages.js';
import { formatDateTime } from '../../lib/i18n/format.js';
import { t } from '../../lib/i18n/t.js';
import { useDashboard } from './context.js';
import { ActionError } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';

/** How often a running check is asked for its progress. */
const POLL_MS = 2_000;

/** The latest result of every engine for each of the project's prompts (GET /citations, latest per pair); `reload` reads again. */
export function useProjectResults(projectId: string, domain: string): [Map<string, EngineResult[]> | null, string, () => void] {
  const { api } = useDashboard();
  const [rows, setRows] = useState<Map<string, EngineResult[]> | null>(null);
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let cancelled = false;
    const all: CitationResult[] = [];
    void loadPages<CitationResult>(api, `/citations?domain=${encodeURIComponent(domain)}`, 'citations', (page, done) => {
      all.push(...page.filter((r) => r.project_id === projectId));
      if (done && !cancelled) setRows(resultsByPrompt(all));
    }).then((res) => {
      if (!cancelled && !res.ok) setError(res.error);
    });
    return () => {
      cancelled = true;
    };
  }, [api, projectId, domain, tick]);
  return [rows, error, () => setTick((n) => n + 1)];
}

/**
 * "Check now" for a project or one prompt (POST /citations/checks with its id), then the check's progress,
 * read every two seconds until it ends; `onDone` reads the results again.
 */
export function CheckButton({ scope, label, context, onDone }: { scope: object; label: string; context?: string; onDone: () => void }) {
  const { api } = useDashboard();
  const { busy, error, run } = useAction();
  const [check, setCheck] = useState<CitationCheck | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const follow = (id: string) => {
    timer.current = setTimeout(async () => {
      const res = await api.get<{ check: CitationCheck }>(`/citations/checks/${encodeURIComponent(id)}`);
      if (!res.ok) return;
      setCheck(res.data.check);
      if (res.data.check.status === 'running') follow(id);
      else onDone();
    }, POLL_MS);
  };
  const start = async () => {
    const res = await run('check', () => api.post<{ check: CitationCheck }>('/citations/checks', scope));
    if (!res.ok) return;
    setCheck(res.data.check);
    if (res.data.check.status === 'running') follow(res.data.check.id);
    else onDone();
  };
  const progress = check ? checkProgress(check) : null;
  return (
    <span class="check-now">
      <WriteButton
        class="secondary small"
        busy={busy !== '' || !!progress?.running}
        onClick={() => void start()}
        context={context}
        action="check-now"
      >
        {label}
      </WriteButton>
      <span
        role="status"
        class={progress && !progress.running ? 'ok small' : 'small'}
        data-check-id={check?.id ?? ''}
        data-check-status={check?.status ?? ''}
      >
        {progress?.running && (
          <>
            {' '}
            <progress max={progress.total} value={progress.done} aria-label={t('dashCiteProgressLabel')} />{' '}
            {t('dashCiteChecking', progress.done, progress.total)}
          </>
        )}
        {progress && !progress.running && ` ${t('dashCiteChecked', progress.done)}`}
      </span>
      {error && <ActionError error={error} />}
    </span>
  );
}

/** One prompt's engines: where each one put the client, and who it cited or named instead. */
export function PromptResults({ prompt, results }: { prompt: Prompt; results: readonly EngineResult[] | undefined }) {
  if (!results || results.length === 0) return <p class="muted small">{t('dashCiteNotChecked')}</p>;
  return (
    <div class="table-wrap">
      <table class="data prompt-results" aria-label={t('dashCiteTableLabel', prompt.text)}>
        <thead>
          <tr>
            <th scope="col">{t('dashCiteEngine')}</th>
            <th scope="col">{t('dashCiteResult')}</th>
            <th scope="col">{t('dashCiteWhere')}</th>
            <th scope="col">{t('dashCiteInstead')}</th>
            <th scope="col">{t('dashCiteCheckedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((r) => (
            <tr key={r.engine} data-engine={r.engine} data-presence={r.presence}>
              <th scope="row">{engineName(r.engine)}</th>
              <td>
                <span class={`status status-${r.presence}`}>{presenceWords(r)}</span>
              </td>
              <td class="break small">{r.url ?? '—'}</td>
              <td class="small">{r.competitors.length > 0 ? r.competitors.join(', ') : '—'}</td>
              <td class="nowrap small">{formatDateTime(r.checkedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function presenceWords(r: EngineResult): string {
  switch (r.presence) {
    case 'cited':
      return r.position !== null ? t('dashCiteCitedAt', r.position) : t('dashCiteCited');
    case 'mentioned':
      return t('dashCiteMentioned');
    case 'absent':
      return t('dashCiteAbsent');
    case 'no-answer':
      return t('dashCiteNoAnswer');
    case 'not-set-up':
      return t('dashCiteNotSetUp');
    case 'failed':
      return t('dashCiteFailed');
  }
}
