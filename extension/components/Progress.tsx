import type { ProgressMessage } from '../lib/messages.js';
import { useElapsed } from '../lib/popup/use-elapsed.js';

/** Shown while the background audits: each step with its elapsed time, so a slow server is visible as such. */
export function Progress({ url, startedAt, progress }: { url?: string; startedAt: number; progress: ProgressMessage | null }) {
  const host = url ? safeHost(url) : '';
  const elapsed = useElapsed(progress?.startedAt ?? startedAt);
  const steps = progress?.steps ?? [];
  return (
    <section class="progress" role="status" aria-live="polite" aria-busy="true" tabIndex={-1}>
      <p>
        <strong>Auditing{host ? ` ${host}` : ' this page'}…</strong>{' '}
        <span class="muted small" data-testid="elapsed">
          {seconds(elapsed)}
        </span>
      </p>
      <progress aria-label="Audit in progress" />
      {steps.length ? (
        <ol class="steps" aria-label="Audit steps">
          {steps.map((s) => (
            <li key={s.label} class={s.doneMs === undefined ? 'step-running' : 'step-done'}>
              <span>{s.label}</span>
              <span class="muted small">
                {s.doneMs === undefined ? `${seconds(elapsed - s.startedMs)}…` : `${s.doneMs - s.startedMs} ms`}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p class="muted">Fetching the server HTML and site files, reading the rendered page, probing WebMCP.</p>
      )}
    </section>
  );
}

function seconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
