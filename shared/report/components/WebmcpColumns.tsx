import type { WebmcpSignal } from '../../types/audit.js';
import { useT } from '../i18n-context.js';
import type { WebmcpLive } from '../types.js';

/** The static scan (HTML and scripts) beside the runtime probe (the live page), for an auditor. */
export function WebmcpColumns({ webmcp, live }: { webmcp: WebmcpSignal; live: WebmcpLive }) {
  const tr = useT();
  const rt = webmcp.runtime;
  const found = staticStatus(webmcp);
  return (
    <>
      <div class="columns">
        <StaticColumn webmcp={webmcp} found={found} />
        <RuntimeColumn runtime={rt} />
      </div>
      {rt && !rt.apiAvailable && <p class="muted small">{tr.t('webmcpLive.noApi')}</p>}
      {live.matches.length > 0 && (
        <ul class="small" aria-label={tr.t('webmcpLive.matchesLabel')}>
          {live.matches.map((m) => (
            <li key={m.name}>{tr.t(`webmcpLive.match.${m.staticSaw}`, { name: m.name, site: m.site })}</li>
          ))}
        </ul>
      )}
      {found === 'inconclusive' && live.skipped.length > 0 && <SkippedScripts skipped={live.skipped} />}
      {!!rt?.errors?.length && <p class="muted small">{tr.t('webmcpLive.probeErrors', { errors: rt.errors.join('; ') })}</p>}
    </>
  );
}

/** What HTML and scripts showed; tools seen only in the live page belong to the runtime column. */
function StaticColumn({ webmcp, found }: { webmcp: WebmcpSignal; found: ReturnType<typeof staticStatus> }) {
  const tr = useT();
  const staticTools = [
    ...new Set(webmcp.evidence.filter((e) => e.location.type !== 'runtime' && e.registers && e.toolName).map((e) => e.toolName!)),
  ];
  return (
    <section aria-labelledby="wm-static">
      <h3 id="wm-static">{tr.t('webmcpLive.staticHeading')}</h3>
      <dl>
        <dt>{tr.t('webmcpLive.found')}</dt>
        <dd data-testid="webmcp-static">{tr.t(`webmcpLive.found.${found}`)}</dd>
        <dt>{tr.t('webmcpLive.scriptsScanned')}</dt>
        <dd>{tr.t('webmcpLive.scannedOf', { scanned: webmcp.bundlesScanned, total: webmcp.bundlesTotal })}</dd>
        <dt>{tr.t('webmcpLive.tools')}</dt>
        <dd data-testid="webmcp-static-tools">{staticTools.length ? staticTools.join(', ') : tr.t('webmcpLive.none')}</dd>
      </dl>
    </section>
  );
}

function RuntimeColumn({ runtime: rt }: { runtime: WebmcpSignal['runtime'] }) {
  const tr = useT();
  const api = rt && `${rt.surface === 'navigator-legacy' ? 'navigator' : 'document'}.modelContext`;
  return (
    <section aria-labelledby="wm-runtime">
      <h3 id="wm-runtime">{tr.t('webmcpLive.runtimeHeading')}</h3>
      {rt ? (
        <dl>
          <dt>{tr.t('webmcpLive.api')}</dt>
          <dd data-testid="webmcp-api">
            {!rt.apiAvailable ? tr.t('webmcpLive.noApiHere') : rt.polyfill ? tr.t('webmcpLive.polyfill', { api: api! }) : api}
          </dd>
          <dt>{tr.t('webmcpLive.tools')}</dt>
          <dd data-testid="webmcp-runtime-tools">
            {rt.tools.length ? rt.tools.map((t) => t.name).join(', ') : tr.t(rt.apiAvailable ? 'webmcpLive.none' : 'webmcpLive.unknown')}
          </dd>
          <dt>{tr.t('webmcpLive.deepProbe')}</dt>
          <dd>{tr.t(rt.deepProbe ? 'webmcpLive.on' : 'webmcpLive.off')}</dd>
        </dl>
      ) : (
        <p class="muted">{tr.t('webmcpLive.notProbed')}</p>
      )}
    </section>
  );
}

function SkippedScripts({ skipped }: { skipped: WebmcpLive['skipped'] }) {
  const tr = useT();
  return (
    <div class="small" data-testid="webmcp-skipped">
      <p class="muted">{tr.t('webmcpLive.skipped')}</p>
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

function staticStatus(w: WebmcpSignal): 'detected' | 'inconclusive' | 'not_found' {
  const staticEvidence = w.evidence.filter((e) => e.location.type !== 'runtime');
  if (staticEvidence.some((e) => e.registers)) return 'detected';
  return w.bundlesScanned < w.bundlesTotal ? 'inconclusive' : 'not_found';
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
