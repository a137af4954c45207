import { useContext } from 'preact/hooks';
import type { WebmcpSignal } from '../../shared/types/audit.js';
import { matchRecordedTools, type RecordedMatch } from '../lib/probe/match-stacks.js';
import { AuditContext } from './audit-context.js';

/** WebMCP as the static scan saw it beside what the live page exposed, and the combined verdict. */
export function WebmcpPanel({ webmcp }: { webmcp: WebmcpSignal }) {
  const rt = webmcp.runtime;
  const { record } = useContext(AuditContext);
  // The static column is what HTML and scripts showed; tools seen only in the live page belong to the runtime column.
  const staticTools = [...new Set(webmcp.evidence.filter((e) => e.location.type !== 'runtime' && e.registers && e.toolName).map((e) => e.toolName!))];
  const skipped = record?.notes?.skippedScripts ?? [];
  const matches = rt ? matchRecordedTools(rt.tools, webmcp.evidence) : [];
  return (
    <div class="webmcp">
      <p class="webmcp-final">
        Result: <strong data-testid="webmcp-status">{webmcp.status.replace('_', ' ')}</strong>
        {webmcp.source !== 'none' && <span class="muted"> (source: <span data-testid="webmcp-source">{webmcp.source}</span>)</span>}
      </p>
      <div class="columns">
        <section aria-labelledby="wm-static">
          <h4 id="wm-static">Static (HTML and scripts)</h4>
          <dl>
            <dt>Found</dt>
            <dd data-testid="webmcp-static">{staticStatus(webmcp)}</dd>
            <dt>Scripts scanned</dt>
            <dd>
              {webmcp.bundlesScanned} of {webmcp.bundlesTotal}
            </dd>
            <dt>Tools</dt>
            <dd>{staticTools.length ? staticTools.join(', ') : 'none'}</dd>
          </dl>
        </section>
        <section aria-labelledby="wm-runtime">
          <h4 id="wm-runtime">Runtime (live page)</h4>
          {rt ? (
            <dl>
              <dt>API</dt>
              <dd data-testid="webmcp-api">
                {rt.apiAvailable ? `${rt.surface === 'navigator-legacy' ? 'navigator' : 'document'}.modelContext${rt.polyfill ? ' (polyfill)' : ''}` : 'not available in this browser'}
              </dd>
              <dt>Tools</dt>
              <dd data-testid="webmcp-runtime-tools">{rt.tools.length ? rt.tools.map((t) => t.name).join(', ') : rt.apiAvailable ? 'none' : 'unknown'}</dd>
              <dt>Deep probe</dt>
              <dd>{rt.deepProbe ? 'on' : 'off'}</dd>
            </dl>
          ) : (
            <p class="muted">Not probed.</p>
          )}
        </section>
      </div>
      {!rt?.apiAvailable && rt && <p class="muted small">No API in this browser says nothing about the site: static evidence stands.</p>}
      {matches.length > 0 && (
        <ul class="small" aria-label="Where runtime tools were registered">
          {matches.map((m) => (
            <li key={m.name}>
              {m.name}: {m.site}
              {MATCH_TEXT[m.staticSaw]}
            </li>
          ))}
        </ul>
      )}
      {staticStatus(webmcp) === 'inconclusive' && skipped.length > 0 && (
        <div class="small" data-testid="webmcp-skipped">
          <p class="muted">Not scanned, so the static result is inconclusive:</p>
          <ul>
            {skipped.map((s) => (
              <li key={s.url}>
                <span class="url-inline">{shortScript(s.url)}</span>: {s.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!!rt?.errors?.length && <p class="muted small">Probe: {rt.errors.join('; ')}</p>}
    </div>
  );
}

const MATCH_TEXT: Record<RecordedMatch['staticSaw'], string> = {
  registration: ' (matches static evidence)',
  'other-evidence': ' (the static scan read this script but found no registration in it)',
  nothing: ' (code the static scan did not cover)',
};

function shortScript(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname.split('/').pop() || u.host;
  } catch {
    return url;
  }
}

function staticStatus(w: WebmcpSignal): string {
  const staticEvidence = w.evidence.filter((e) => e.location.type !== 'runtime');
  if (staticEvidence.some((e) => e.registers)) return 'detected';
  return w.bundlesScanned < w.bundlesTotal ? 'inconclusive' : 'not found';
}
