import type { WebmcpSignal } from '../../types/audit.js';
import { WEBMCP_MATCH_TEXT } from '../wording.js';
import type { WebmcpLive } from '../types.js';

/** The static scan (HTML and scripts) beside the runtime probe (the live page), for an auditor. */
export function WebmcpColumns({ webmcp, live }: { webmcp: WebmcpSignal; live: WebmcpLive }) {
  const rt = webmcp.runtime;
  const found = staticStatus(webmcp);
  return (
    <>
      <div class="columns">
        <StaticColumn webmcp={webmcp} found={found} />
        <RuntimeColumn runtime={rt} />
      </div>
      {rt && !rt.apiAvailable && <p class="muted small">No API in this browser says nothing about the site: static evidence stands.</p>}
      {live.matches.length > 0 && (
        <ul class="small" aria-label="Where runtime tools were registered">
          {live.matches.map((m) => (
            <li key={m.name}>
              {m.name}: {m.site}
              {WEBMCP_MATCH_TEXT[m.staticSaw]}
            </li>
          ))}
        </ul>
      )}
      {found === 'inconclusive' && live.skipped.length > 0 && <SkippedScripts skipped={live.skipped} />}
      {!!rt?.errors?.length && <p class="muted small">Probe: {rt.errors.join('; ')}</p>}
    </>
  );
}

/** What HTML and scripts showed; tools seen only in the live page belong to the runtime column. */
function StaticColumn({ webmcp, found }: { webmcp: WebmcpSignal; found: ReturnType<typeof staticStatus> }) {
  const staticTools = [
    ...new Set(webmcp.evidence.filter((e) => e.location.type !== 'runtime' && e.registers && e.toolName).map((e) => e.toolName!)),
  ];
  return (
    <section aria-labelledby="wm-static">
      <h3 id="wm-static">Static (HTML and scripts)</h3>
      <dl>
        <dt>Found</dt>
        <dd data-testid="webmcp-static">{found}</dd>
        <dt>Scripts scanned</dt>
        <dd>
          {webmcp.bundlesScanned} of {webmcp.bundlesTotal}
        </dd>
        <dt>Tools</dt>
        <dd data-testid="webmcp-static-tools">{staticTools.length ? staticTools.join(', ') : 'none'}</dd>
      </dl>
    </section>
  );
}

function RuntimeColumn({ runtime: rt }: { runtime: WebmcpSignal['runtime'] }) {
  return (
    <section aria-labelledby="wm-runtime">
      <h3 id="wm-runtime">Runtime (live page)</h3>
      {rt ? (
        <dl>
          <dt>API</dt>
          <dd data-testid="webmcp-api">
            {rt.apiAvailable
              ? `${rt.surface === 'navigator-legacy' ? 'navigator' : 'document'}.modelContext${rt.polyfill ? ' (polyfill)' : ''}`
              : 'not available in this browser'}
          </dd>
          <dt>Tools</dt>
          <dd data-testid="webmcp-runtime-tools">
            {rt.tools.length ? rt.tools.map((t) => t.name).join(', ') : rt.apiAvailable ? 'none' : 'unknown'}
          </dd>
          <dt>Deep probe</dt>
          <dd>{rt.deepProbe ? 'on' : 'off'}</dd>
        </dl>
      ) : (
        <p class="muted">Not probed.</p>
      )}
    </section>
  );
}

function SkippedScripts({ skipped }: { skipped: WebmcpLive['skipped'] }) {
  return (
    <div class="small" data-testid="webmcp-skipped">
      <p class="muted">Not scanned, so the static result is inconclusive:</p>
      <ul>
        {skipped.map((s) => (
          <li key={s.url}>
            <span class="mono">{scriptName(s.url)}</span>: {s.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

function staticStatus(w: WebmcpSignal): 'detected' | 'inconclusive' | 'not found' {
  const staticEvidence = w.evidence.filter((e) => e.location.type !== 'runtime');
  if (staticEvidence.some((e) => e.registers)) return 'detected';
  return w.bundlesScanned < w.bundlesTotal ? 'inconclusive' : 'not found';
}

/** The script's file name (what a person recognises), or the whole address when it has none. */
function scriptName(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname.split('/').pop() || u.host;
  } catch {
    return url;
  }
}
