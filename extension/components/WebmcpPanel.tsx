import type { WebmcpSignal } from '../../shared/types/audit.js';
import { matchRecordedTools } from '../lib/probe/match-stacks.js';

/** WebMCP as the static scan saw it beside what the live page exposed, and the combined verdict. */
export function WebmcpPanel({ webmcp }: { webmcp: WebmcpSignal }) {
  const rt = webmcp.runtime;
  const staticTools = [...new Set(webmcp.evidence.filter((e) => e.registers && e.toolName).map((e) => e.toolName!))];
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
              {m.matchesStatic ? ' (matches static evidence)' : ' (code the static scan did not cover)'}
            </li>
          ))}
        </ul>
      )}
      {!!rt?.errors?.length && <p class="muted small">Probe: {rt.errors.join('; ')}</p>}
    </div>
  );
}

function staticStatus(w: WebmcpSignal): string {
  const staticEvidence = w.evidence.filter((e) => e.location.type !== 'runtime');
  if (staticEvidence.some((e) => e.registers)) return 'detected';
  return w.bundlesScanned < w.bundlesTotal ? 'inconclusive' : 'not found';
}
