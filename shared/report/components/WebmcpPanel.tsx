import type { WebmcpSignal } from '../../types/audit.js';
import type { WebmcpLive } from '../types.js';
import { useT } from '../i18n-context.js';
import { WebmcpColumns } from './WebmcpColumns.js';

const STATUS_LABEL = { detected: 'webmcp.detected', not_found: 'webmcp.not_found', inconclusive: 'webmcp.inconclusive' } as const;
const STATUS_TEXT = { detected: 'webmcp.detectedText', not_found: 'webmcp.notFoundText', inconclusive: 'webmcp.inconclusiveText' } as const;

/**
 * WebMCP (tools a site offers AI agents in the browser): the verdict, and the tools seen. With `live`
 * (the popup), also the static scan beside the runtime probe, where runtime tools were registered and
 * which scripts were not scanned.
 */
export function WebmcpPanel({ webmcp, live }: { webmcp: WebmcpSignal; live?: WebmcpLive }) {
  const tr = useT();
  const label = STATUS_LABEL[webmcp.status];
  const text = STATUS_TEXT[webmcp.status];
  const tools = [
    ...new Set([
      ...webmcp.evidence.filter((e) => e.registers !== false && e.toolName).map((e) => e.toolName!),
      ...(webmcp.runtime?.tools ?? []).map((t) => t.name),
    ]),
  ];
  return (
    <div class="panel webmcp" data-webmcp-status={webmcp.status}>
      <p>
        <span
          class={`pill ${webmcp.status === 'detected' ? 'detected' : webmcp.status === 'inconclusive' ? 'warning' : 'not_found'}`}
          data-testid="webmcp-status"
        >
          {label ? tr.t(label) : webmcp.status}
        </span>{' '}
        {text ? tr.t(text) : ''}
        {live && webmcp.source !== 'none' && (
          <span class="muted">
            {' '}
            {tr
              .parts('webmcpLive.source')
              .map((part) => (typeof part === 'string' ? part : <span data-testid="webmcp-source">{webmcp.source}</span>))}
          </span>
        )}
      </p>
      {live ? (
        <WebmcpColumns webmcp={webmcp} live={live} />
      ) : (
        <>
          {tools.length > 0 && (
            <p class="small">
              {tr.t('webmcp.tools')} <span class="mono">{tools.join(', ')}</span>
            </p>
          )}
          {webmcp.bundlesTotal > 0 && (
            <p class="muted small">{tr.t('webmcp.scriptsChecked', { scanned: webmcp.bundlesScanned, total: webmcp.bundlesTotal })}</p>
          )}
        </>
      )}
    </div>
  );
}
