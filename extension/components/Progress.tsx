import type { ProgressMessage } from '../lib/messages.js';
import { PHASES, phaseState, type Phase } from '../lib/audit/progress.js';
import { useElapsed } from '../lib/popup/use-elapsed.js';
import { t, uiLocale } from '../lib/i18n/t.js';
import { formatSeconds } from '../lib/i18n/format.js';

const PHASE_LABEL = { page: 'phasePage', files: 'phaseFiles', crawlers: 'phaseCrawlers', judging: 'phaseJudging' } as const;
const STATE_LABEL = { waiting: 'phaseWaiting', running: 'phaseRunning', done: 'phaseDone' } as const;
/** Before this browser's first audit: what an audit of an ordinary page takes. */
const FIRST_ESTIMATE_MS = 6_000;

/**
 * Shown while the background audits: four steps a person follows (the page, the site files, crawlers and agents,
 * judging), an estimate from this browser's last audits, and Cancel. The requests themselves, each with its
 * elapsed time, sit under "Details", so a slow server is visible as such.
 */
export function Progress(props: { url?: string; startedAt: number; progress: ProgressMessage | null; onCancel: () => void }) {
  const { url, startedAt, progress, onCancel } = props;
  const host = url ? safeHost(url) : '';
  const elapsed = useElapsed(progress?.startedAt ?? startedAt);
  const steps = progress?.steps ?? [];
  const estimate = progress?.estimateMs ?? FIRST_ESTIMATE_MS;
  return (
    <>
      <section class="progress" role="status" aria-live="polite" aria-busy="true" tabIndex={-1}>
        <p>
          <strong>{host ? t('popupAuditingHost', host) : t('progressThisPage')}</strong>{' '}
          <span class="muted small" data-testid="elapsed">
            {seconds(elapsed)}
          </span>
        </p>
        <progress aria-label={t('progressLabel')} max={1} value={Math.min(0.95, elapsed / estimate)} />
        <p class="muted small" data-testid="estimate">
          {estimateText(elapsed, estimate)}
        </p>
        <ol class="phases" aria-label={t('progressSteps')}>
          {PHASES.map((phase) => (
            <PhaseLine key={phase} phase={phase} state={phaseState(steps, phase)} />
          ))}
        </ol>
      </section>
      <button type="button" class="secondary cancel" data-action="cancel" onClick={onCancel}>
        {t('progressCancel')}
      </button>
      {steps.length > 0 && (
        <details class="step-details">
          <summary>{t('progressDetails')}</summary>
          <ol class="steps">
            {steps.map((s) => (
              <li key={s.label} class={s.doneMs === undefined ? 'step-running' : 'step-done'}>
                <span>{s.label}</span>
                <span class="muted small">
                  {s.doneMs === undefined ? `${seconds(elapsed - s.startedMs)}…` : `${s.doneMs - s.startedMs} ms`}
                </span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}

function PhaseLine({ phase, state }: { phase: Phase; state: 'waiting' | 'running' | 'done' }) {
  return (
    <li class={`phase phase-${state}`} data-phase={phase} data-state={state}>
      <span>{t(PHASE_LABEL[phase])}</span> <span class="muted small">{t(STATE_LABEL[state])}</span>
    </li>
  );
}

/** "About 4 s left", or, well past the usual time, that the server is slow and Cancel is there. */
function estimateText(elapsed: number, estimate: number): string {
  if (elapsed > estimate * 1.5 + 2_000) return t('progressLonger');
  return t('progressLeft', formatSeconds(Math.max(1, (estimate - elapsed) / 1000)));
}

let decimal: Intl.NumberFormat | null = null;
function seconds(ms: number): string {
  decimal ??= new Intl.NumberFormat(uiLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${decimal.format(Math.max(0, ms) / 1000)} s`;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
