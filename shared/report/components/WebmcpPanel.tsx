import type { WebmcpSignal } from '../../types/audit.js';
import type { WebmcpLive } from '../types.js';
import { WEBMCP_TEXT } from '../wording.js';
import { WebmcpColumns } from './WebmcpColumns.js';

const STATUS_LABEL = { detected: 'Detected', not_found: 'Not found', inconclusive: 'Inconclusive' } as const;

/**
 * WebMCP (tools a site offers AI agents in the browser): the verdict, and the tools seen. With `live`
 * (the popup), also the static scan beside the runtime probe, where runtime tools were registered and
 * which scripts were not scanned.
 */
export function WebmcpPanel({ webmcp, live }: { webmcp: WebmcpSignal; live?: WebmcpLive }) {
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
          {STATUS_LABEL[webmcp.status] ?? webmcp.status}
        </span>{' '}
        {WEBMCP_TEXT[webmcp.status] ?? ''}
        {live && webmcp.source !== 'none' && (
          <span class="muted">
            {' '}
            (source: <span data-testid="webmcp-source">{webmcp.source}</span>)
          </span>
        )}
      </p>
      {live ? (
        <WebmcpColumns webmcp={webmcp} live={live} />
      ) : (
        <>
          {tools.length > 0 && (
            <p class="small">
              Tools: <span class="mono">{tools.join(', ')}</span>
            </p>
          )}
          {webmcp.bundlesTotal > 0 && (
            <p class="muted small">
              Scripts checked: {webmcp.bundlesScanned} of {webmcp.bundlesTotal}.
            </p>
          )}
        </>
      )}
    </div>
  );
}
